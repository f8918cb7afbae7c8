import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../compiler/index.ts";
import { createDocsHandler, type DocsHandler } from "../handler.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { request } from "../testing/built-site.ts";
import type { ChangesLog } from "../contract/index.ts";
import { contentChanges } from "./changes.ts";

// Two builds into one dist/: the second edits one page, adds one and deletes one, so generation 1 is in history.
let work: string;
let dist: string;
let handler: DocsHandler;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "quire-changes-"));
  const root = path.join(work, "site");
  dist = path.join(work, "dist");
  await cp("fixtures/example", root, { recursive: true, filter: (source) => !source.includes(`${path.sep}dist`) });
  await build({ root, outDir: dist, git: false });
  const faq = path.join(root, "docs/faq/page.md");
  await writeFile(faq, (await readFile(faq, "utf8")) + "\n\nA new answer about retries.\n");
  await rm(path.join(root, "docs/internals"), { recursive: true });
  await cp(path.join(root, "docs/reference/errors"), path.join(root, "docs/reference/limits"), { recursive: true });
  await build({ root, outDir: dist, git: false });
  handler = createDocsHandler({ store: createDirectoryStore(dist) });
}, 120_000);
afterAll(() => rm(work, { recursive: true, force: true }));

const feed = (query = "", init?: RequestInit) => handler(request(`/api/docs?audience=agent&response=changes${query}`, init));

describe("content-changes feed", () => {
  it("answers without since with a snapshot of every document, no bodies", async () => {
    const response = await feed();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ format: "docs-content-changes.v1", indexGeneration: 2, mode: "snapshot", resetRequired: false, since: null });
    expect(body.documentCount).toBe(24);
    expect(body.added).toHaveLength(24);
    expect(body.added.find((doc: { path: string }) => doc.path === "faq")).toEqual({
      path: "faq", url: "/docs/faq", markdownUrl: "/docs/faq.md", digest: expect.stringMatching(/^sha256-/),
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
    expect(body.added.map((doc: { path: string }) => doc.path)).toEqual(["reference/limits"]);
    expect(body.modified.map((doc: { path: string }) => doc.path)).toEqual(["faq"]);
    expect(body.removed).toEqual([{ path: "internals" }]);
  });

  it.each(["abc", "-1", "99999", "", "1.5", "0x1", " ", "1e3"])("answers since=%j with a reset listing every document", async (since) => {
    const response = await feed(`&since=${encodeURIComponent(since)}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ mode: "reset", resetRequired: true, documentCount: 24, modified: [], removed: [] });
    expect(body.added).toHaveLength(24);
  });

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
    expect(result).toMatchObject({ mode: "delta", added: [{ path: "b" }], modified: [{ path: "a" }], removed: [{ path: "c" }] });
  });
  it("resets for a generation that fell out of the history", () => {
    expect(contentChanges(log, "3", () => undefined)).toMatchObject({ mode: "reset", resetRequired: true });
  });
});
