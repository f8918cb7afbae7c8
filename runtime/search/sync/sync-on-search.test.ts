/**
 * `syncOnSearch` through the handler: with an admin key in the runtime config, the first public search brings the
 * Typesense collection up to date with the build, once; `syncOnSearch: false` or no admin key leaves the engine alone.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { request, snapshotSite, type SnapshotSite } from "../../testing/built-site.ts";
import { startFakeTypesense, type FakeTypesense } from "./fake-engines.ts";

const ADMIN = "ts_admin_sos_41aa";
const SEARCH = "ts_search_sos_93bc";

let site: SnapshotSite;
let server: FakeTypesense;
let errors: MockInstance;

beforeAll(async () => {
  site = await snapshotSite();
});
beforeEach(async () => {
  server = await startFakeTypesense(ADMIN, SEARCH);
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  errors.mockRestore();
  await server.close();
});

const handlerWith = (search: Record<string, unknown>) =>
  site.handler({
    config: {
      search: { provider: "typesense", baseUrl: server.origin, collection: "docs", apiKey: SEARCH, ...search },
    },
    searchTransport: { fallback: false },
  });
const search = async (handler: ReturnType<typeof handlerWith>, query: string) => {
  const response = await handler(request(`/api/docs?query=${encodeURIComponent(query)}`));
  expect(response.status).toBe(200);
  return (await response.json()) as { provider: string; results: { url: string }[] };
};

describe("syncOnSearch", () => {
  it("syncs the build on the first search, which then finds it, and never again", async () => {
    const handler = handlerWith({ adminApiKey: ADMIN });
    const body = await search(handler, "backoff");
    expect(body.provider).toBe("typesense");
    expect(body.results.length).toBeGreaterThan(0);
    expect(server.collections.get("docs")!.docs.size).toBeGreaterThan(10);
    const writes = server.log.filter((line) => !line.startsWith("GET ")).length;
    expect(writes).toBeGreaterThan(0);

    server.log.length = 0;
    await search(handler, "retry");
    expect(server.log).toEqual([expect.stringMatching(/^GET \/collections\/docs\/documents\/search\?/)]);
  });

  it("is off without an admin key or with syncOnSearch: false", async () => {
    for (const settings of [{}, { adminApiKey: ADMIN, syncOnSearch: false }]) {
      server.log.length = 0;
      const response = await handlerWith(settings)(request("/api/docs?query=backoff"));
      expect(response.status).toBe(502); // the collection does not exist and nothing created it
      expect(server.log.every((line) => line.includes("/documents/search?"))).toBe(true);
      expect(server.collections.size).toBe(0);
    }
  });

  it("logs a failed sync without the key, retries it on the next search, and still searches", async () => {
    const handler = handlerWith({ adminApiKey: ADMIN });
    server.faults.push(...Array(4).fill({ status: 503 }));
    const first = await handler(request("/api/docs?query=backoff"));
    expect(first.status).toBe(502); // the search went to the engine, which has no collection yet
    const logged = errors.mock.calls.map((call) => call.join(" ")).join("\n");
    expect(logged).toMatch(/typesense \(syncOnSearch\) failed \(http\)/);
    expect(logged).not.toContain(ADMIN);
    const body = await search(handler, "backoff");
    expect(body.results.length).toBeGreaterThan(0);
  });
});
