import { describe, expect, it } from "vitest";
import { htmlUrls, positionIn } from "./html-urls.ts";

describe("htmlUrls", () => {
  it("finds href and src in every quoting style, at offsets that slice back to the written value", () => {
    const html = `<p><a class="x" href="./guide.md#a">g</a> <img alt='Logo' src='/logo.svg'> <a href=/plain>p</a></p>`;
    const urls = htmlUrls(html);
    expect(urls.map((u) => [u.kind, u.value])).toEqual([
      ["link", "./guide.md#a"],
      ["image", "/logo.svg"],
      ["link", "/plain"],
    ]);
    for (const url of urls) expect(html.slice(url.start, url.end)).toBe(url.value);
    expect(urls.map((u) => html.slice(u.tagStart, u.tagStart + 4))).toEqual(["<a c", "<img", "<a h"]);
  });

  it("skips comments, other elements and an href quoted inside another attribute", () => {
    const html = `<!-- <a href="/old">gone</a> --><link href="/style.css"><a title="see href=/fake" href="/real">r</a>`;
    expect(htmlUrls(html).map((u) => u.value)).toEqual(["/real"]);
  });

  it("decodes entities in the URL it reports, keeping the written value for rewriting", () => {
    const [url] = htmlUrls(`<a href="/search?q=a&amp;page=2">next</a>`);
    expect(url.value).toBe("/search?q=a&amp;page=2");
    expect(url.url).toBe("/search?q=a&page=2");
  });

  it("reports an empty href and ignores an attribute without a value", () => {
    expect(htmlUrls(`<a href="">x</a><a href>y</a>`).map((u) => u.value)).toEqual([""]);
  });
});

describe("positionIn", () => {
  it("counts lines and columns from where the text starts in the file", () => {
    const text = `<div>\n  <a href="/x">x</a>\n</div>`;
    expect(positionIn(text, 0, { line: 4, column: 3 })).toEqual({ line: 4, column: 3 });
    expect(positionIn(text, text.indexOf("<a"), { line: 4, column: 3 })).toEqual({ line: 5, column: 3 });
  });
});
