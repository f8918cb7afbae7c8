/** Which tabs a rebuild reloads, and when a stylesheet is swapped instead (issue 11, docs dev). */
import { describe, expect, it } from "vitest";
import { liveUpdateOf, routeOfHtml } from "./live-update.ts";

const page = (body: string, css = "/_quire/quire.11111111.css") =>
  `<html><head><link rel="stylesheet" href="${css}"></head><body>${body}</body></html>`;

describe("liveUpdateOf", () => {
  it("reloads only the route whose HTML changed; .md and search data changes reload nothing", () => {
    const before = new Map<string, string>([
      ["docs/a/index.html", page("A")],
      ["docs/b/index.html", page("B")],
      ["docs/a.md", "A"],
      ["_docs/search.json", "1"],
    ]);
    const after = new Map<string, string>([
      ["docs/a/index.html", page("A2")],
      ["docs/b/index.html", page("B")],
      ["docs/a.md", "A2"],
      ["_docs/search.json", "2"],
    ]);
    expect(liveUpdateOf(before, after)).toEqual({ reload: ["/docs/a"], css: [] });
  });

  it("swaps a fingerprinted stylesheet without reloading pages whose only change is its URL", () => {
    const before = new Map<string, string>([
      ["index.html", page("Home")],
      ["docs/x/index.html", page("X")],
      ["_quire/quire.11111111.css", "a{}"],
    ]);
    const after = new Map<string, string>([
      ["index.html", page("Home", "/_quire/quire.22222222.css")],
      ["docs/x/index.html", page("X changed", "/_quire/quire.22222222.css")],
      ["_quire/quire.22222222.css", "a{color:red}"],
    ]);
    expect(liveUpdateOf(before, after)).toEqual({
      reload: ["/docs/x"],
      css: [{ from: "/_quire/quire.11111111.css", to: "/_quire/quire.22222222.css" }],
    });
  });

  it("swaps a public/ stylesheet that kept its name", () => {
    const before = new Map<string, string>([
      ["custom.css", "a{}"],
      ["index.html", page("Home")],
    ]);
    const after = new Map<string, string>([
      ["custom.css", "a{color:red}"],
      ["index.html", page("Home")],
    ]);
    expect(liveUpdateOf(before, after)).toEqual({ reload: [], css: [{ from: "/custom.css", to: "/custom.css" }] });
  });

  it("reloads the tabs of a deleted or renamed page, and of every page whose sidebar changed", () => {
    const before = new Map<string, string>([
      ["docs/old/index.html", page("Old")],
      ["docs/index.html", page("nav: old")],
    ]);
    const after = new Map<string, string>([
      ["docs/new/index.html", page("Old")],
      ["docs/index.html", page("nav: new")],
    ]);
    expect(liveUpdateOf(before, after).reload).toEqual(["/docs", "/docs/new", "/docs/old"]);
  });

  it("reloads the tabs of the pages that show an image edited in place", () => {
    const before = new Map<string, string | Uint8Array>([
      ["docs/a/index.html", page('<img src="/docs/a/flow%20chart.svg">')],
      ["docs/b/index.html", page("B")],
      ["docs/c/index.html", page('<a href="/docs/a/flow%20chart.svg">chart</a>')],
      ["docs/a/flow chart.svg", "<svg/>"],
      ["docs/a/data.json", "1"],
    ]);
    const after = new Map(before).set("docs/a/flow chart.svg", "<svg width='2'/>");
    expect(liveUpdateOf(before, after)).toEqual({ reload: ["/docs/a", "/docs/c"], css: [] });
    // Data files are no image: nothing reloads for them.
    expect(liveUpdateOf(before, new Map(before).set("docs/a/data.json", "2")).reload).toEqual([]);
  });

  it("compares binary files by bytes", () => {
    const before = new Map<string, Uint8Array>([["og.png", new Uint8Array([1, 2])]]);
    const same = new Map<string, Uint8Array>([["og.png", new Uint8Array([1, 2])]]);
    expect(liveUpdateOf(before, same)).toEqual({ reload: [], css: [] });
  });

  it("maps HTML files to routes", () => {
    expect(routeOfHtml("index.html")).toBe("/");
    expect(routeOfHtml("docs/guides/install/index.html")).toBe("/docs/guides/install");
    expect(routeOfHtml("404.html")).toBe("/404.html");
  });
});
