import { beforeAll, describe, expect, it, vi } from "vitest";
import { request, snapshotSite, type SnapshotSite } from "../testing/built-site.ts";
import { decodePng } from "../testing/png.ts";
import { createNodeOgImageRenderer } from "./node-wasm.ts";
import type { OgImageRenderer } from "./renderer.ts";
import { MAX_QUERY_CHARS } from "./route.ts";

let site: SnapshotSite;
let render: OgImageRenderer;
beforeAll(async () => {
  site = await snapshotSite("og-dynamic");
  render = createNodeOgImageRenderer();
});

const card = (query: string, init: RequestInit = {}) =>
  site.handler({ renderOgImage: render })(request(`/api/og${query}`, init));

describe("the dynamic Open Graph endpoint (SPEC 4.6)", () => {
  it("draws a 1200×630 PNG in the site's accent from the request's title and description", async () => {
    const response = await card("?title=Install%20Lantern&description=Add%20it%20to%20CI");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    const png = decodePng(new Uint8Array(await response.arrayBuffer()));
    expect({ width: png.width, height: png.height }).toEqual({ width: 1200, height: 630 });
    // The accent bar across the top is the fixture's primary colour; the page below it is white.
    expect(png.hexAt(600, 5)).toBe("#0e7c66");
    expect(png.hexAt(1190, 620)).toBe("#ffffff");
  }, 30_000);

  it("draws the text it is given: another title gives other pixels, the same one the same bytes", async () => {
    const bytes = async (query: string) => Buffer.from(await (await card(query)).arrayBuffer());
    const first = await bytes("?title=One");
    expect(first.equals(await bytes("?title=Two%20words%20here"))).toBe(false);
    expect(first.equals(await bytes("?title=One"))).toBe(true);
  }, 30_000);

  it("falls back to the site title, and answers If-None-Match with 304", async () => {
    const response = await card("");
    expect(response.status).toBe(200);
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"og-/);
    const again = await card("", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toContain("max-age=86400");
  }, 30_000);

  it("keeps recent cards: a repeated request does not render again", async () => {
    const counting = vi.fn(render);
    const handler = site.handler({ renderOgImage: counting });
    for (let i = 0; i < 3; i++) expect((await handler(request("/api/og?title=Cached"))).status).toBe(200);
    expect(counting).toHaveBeenCalledTimes(1);
  }, 30_000);

  it("cuts long text to what the card shows, and refuses a query over the limit with 400", async () => {
    const long = "word ".repeat(150);
    expect((await card(`?title=${encodeURIComponent(long)}`)).status).toBe(200);
    const response = await card(`?title=${"x".repeat(MAX_QUERY_CHARS)}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("og_query_too_long");
  }, 30_000);

  it("answers other methods with 405, and HEAD without a body", async () => {
    const post = await card("?title=x", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const head = await card("?title=x", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect(await head.text()).toBe("");
  }, 30_000);

  it("answers 501 when the server was given no renderer", async () => {
    const response = await site.handler()(request("/api/og?title=x"));
    expect(response.status).toBe(501);
    expect((await response.json()).error.code).toBe("og_unavailable");
  });

  it("is not a route on a site without a dynamic endpoint", async () => {
    const example = await snapshotSite("example");
    const response = await example.handler({ renderOgImage: render })(request("/api/og?title=x"));
    expect(response.status).toBe(404);
  });
});
