import { beforeAll, describe, expect, it } from "vitest";
import { createDocsHandler, type DocsHandler } from "../handler.ts";
import { snapshotSite, request } from "../testing/built-site.ts";
import { runtimeFile, type ChangesLog } from "../contract/index.ts";
import { contentChanges } from "./changes.ts";

// The committed example build with its changes log overlaid by one a second build would leave: generation 2 is the
// snapshot's documents, generation 1 (in history) had an older faq, no reference/errors and a reference/limits page.
// That two real builds write such a log is pinned in compiler/emit/changes-log.test.ts.
let handler: DocsHandler;

beforeAll(async () => {
  const site = await snapshotSite();
  const built = JSON.parse(await site.readText(runtimeFile("changes.json"))) as ChangesLog;
  const { "reference/errors": _added, ...earlier } = built.documents;
  const previous = { ...earlier, faq: "sha256-an-older-faq", "reference/limits": "sha256-a-page-since-deleted" };
  const log: ChangesLog = { ...built, generation: 2, history: [{ generation: 1, documents: previous }] };
  handler = createDocsHandler({ store: site.overlay({ [runtimeFile("changes.json")]: JSON.stringify(log) }) });
});

const feed = (query = "", init?: RequestInit) =>
  handler(request(`/api/docs?audience=agent&response=changes${query}`, init));

describe("content-changes feed", () => {
  it("answers without since with a snapshot of every document, no bodies", async () => {
    const response = await feed();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      format: "docs-content-changes.v1",
      indexGeneration: 2,
      mode: "snapshot",
      resetRequired: false,
      since: null,
    });
    expect(body.documentCount).toBe(24);
    expect(body.added).toHaveLength(24);
    expect(body.added.find((doc: { path: string }) => doc.path === "faq")).toEqual({
      path: "faq",
      url: "/docs/faq",
      markdownUrl: "/docs/faq.md",
      digest: expect.stringMatching(/^sha256-/),
    });
    expect(JSON.stringify(body)).not.toMatch(/AGENT-ONLY|HUMAN-ONLY|SHARED/);
  });

  it("answers since=<current generation> with an empty delta", async () => {
    const body = await (await feed("&since=2")).json();
    expect(body).toMatchObject({ mode: "delta", since: 2, resetRequired: false, added: [], modified: [], removed: [] });
  });

  it("answers since=<generation in history> with what changed since", async () => {
    const body = await (await feed("&since=1")).json();
    expect(body.mode).toBe("delta");
    expect(body.added).toEqual([
      {
        path: "reference/errors",
        url: "/docs/reference/errors",
        markdownUrl: "/docs/reference/errors.md",
        digest: expect.stringMatching(/^sha256-/),
      },
    ]);
    expect(body.modified.map((doc: { path: string }) => doc.path)).toEqual(["faq"]);
    expect(body.removed).toEqual([{ path: "reference/limits" }]);
  });

  it.each(["abc", "-1", "99999", "", "1.5", "0x1", " ", "1e3"])(
    "answers since=%j with a reset listing every document",
    async (since) => {
      const response = await feed(`&since=${encodeURIComponent(since)}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ mode: "reset", resetRequired: true, documentCount: 24, modified: [], removed: [] });
      expect(body.added).toHaveLength(24);
    },
  );

  it("sends a strong ETag per generation and answer, and 304 for If-None-Match", async () => {
    const delta = await feed("&since=1");
    const snapshot = await feed();
    const etag = delta.headers.get("etag")!;
    expect(etag).toMatch(/^"changes-2-since-1-[a-z0-9]+"$/);
    expect(snapshot.headers.get("etag")).not.toBe(etag);
    expect(delta.headers.get("cache-control")).toBe("no-cache");
    const again = await feed("&since=1", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await feed("&since=1", { headers: { "if-none-match": `"other", W/${etag}` } })).status).toBe(304);
    expect((await feed("&since=1", { headers: { "if-none-match": "*" } })).status).toBe(304);
    expect((await feed("&since=2", { headers: { "if-none-match": etag } })).status).toBe(200);
  });

  it("requires audience=agent", async () => {
    const response = await handler(request("/api/docs?audience=human&response=changes"));
    expect(response.status).toBe(400);
  });
});

describe("contentChanges()", () => {
  const log: ChangesLog = {
    format: "quire-changes-log.v1",
    generation: 5,
    documents: { a: "h1", b: "h2" },
    history: [{ generation: 4, documents: { a: "h0", c: "h3" } }],
  };
  it("computes added, modified and removed from the history", () => {
    const result = contentChanges(log, "4", () => undefined);
    expect(result).toMatchObject({
      mode: "delta",
      added: [{ path: "b" }],
      modified: [{ path: "a" }],
      removed: [{ path: "c" }],
    });
  });
  it("resets for a generation that fell out of the history", () => {
    expect(contentChanges(log, "3", () => undefined)).toMatchObject({ mode: "reset", resetRequired: true });
  });
});
