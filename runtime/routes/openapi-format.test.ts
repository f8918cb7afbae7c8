/** `GET /api/docs?format=openapi` (SPEC 4.1) over the api-reference snapshot: the bundled contract, and 404 elsewhere. */
import { describe, expect, it } from "vitest";
import { snapshotSite } from "../testing/built-site.ts";

describe("format=openapi", () => {
  it("serves the bundled contract the build wrote, external $refs inlined", async () => {
    const site = await snapshotSite("api-reference");
    const response = await site.handler()(new Request("http://docs.test/api/docs?format=openapi"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(["/firings", "/firings/{firingId}", "/recipes/{recipeId}"]);
    expect(JSON.stringify(document)).not.toContain("batch.yaml");
  });

  it("advertises it in the manifest and the API catalog", async () => {
    const site = await snapshotSite("api-reference");
    const catalog = JSON.parse(await site.readText(".well-known/api-catalog"));
    const descs = catalog.linkset.flatMap(
      (entry: { "service-desc"?: { href: string }[] }) => entry["service-desc"] ?? [],
    );
    expect(descs.map((d: { href: string }) => d.href)).toContain("/api/docs?format=openapi");
  });

  it("answers 404 on a site without an API reference", async () => {
    const site = await snapshotSite("example");
    const response = await site.handler()(new Request("http://docs.test/api/docs?format=openapi"));
    expect(response.status).toBe(404);
  });

  it("serves each version of a versioned reference with version=, and names the versions on a miss", async () => {
    const site = await snapshotSite("api-versions");
    const get = (query: string) => site.handler()(new Request(`http://docs.test/api/docs?format=openapi${query}`));
    const infoVersion = async (query: string) =>
      ((await (await get(query)).json()) as { info: { version: string } }).info.version;
    expect(await infoVersion("")).toBe("2.3.0");
    expect(await infoVersion("&version=v2")).toBe("2.3.0");
    expect(await infoVersion("&version=v1")).toBe("1.9.4");
    const missing = await get("&version=v9");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: "openapi_version_not_found", message: 'The API reference has no version "v9"; it has v2, v1.' },
    });
  });

  it("answers 404 to version= on a reference without versions", async () => {
    const site = await snapshotSite("api-reference");
    const response = await site.handler()(new Request("http://docs.test/api/docs?format=openapi&version=v1"));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("openapi_version_not_found");
  });
});
