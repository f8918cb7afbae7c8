/** The API reference from contracts written for this project (SPEC 2.15): each version's features, bounds, errors. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../config/types.ts";
import { apiReferencePages } from "./reference-pages.ts";

const root = path.resolve(import.meta.dirname, "../../fixtures/api-reference");

function reference(specUrl: string) {
  const surfaces = {
    apiReference: { enabled: true, path: "api-reference", specUrl, overlays: [] },
  } as unknown as ResolvedConfig["surfaces"];
  return apiReferencePages({ root, configFile: "docs.config.ts", docsPath: "docs", surfaces });
}

const page = (result: Awaited<ReturnType<typeof reference>>, slug: string) => {
  const found = result.pages.find((p) => p.slug === slug);
  if (!found) throw new Error(`no page ${slug} among ${result.pages.map((p) => p.slug).join(", ")}`);
  return found.source;
};

describe("API reference pages", () => {
  it("builds OpenAPI 3.1 with an external $ref file, a cycle, webhooks and 2020-12 keywords", async () => {
    const result = await reference("contracts/kiln.yaml");
    expect(result.messages).toEqual([]);
    expect(result.version).toBe("3.1");
    expect(result.pages.map((p) => p.slug)).toEqual([
      "api-reference",
      "api-reference/firings",
      "api-reference/firings/list-firings",
      "api-reference/firings/start-firing",
      "api-reference/firings/get-firing",
      "api-reference/firings/abort-firing",
      "api-reference/firings/firing-done-hook",
      "api-reference/recipes",
      "api-reference/recipes/get-recipe",
    ]);
    // The external file is bundled into the document: no $ref leaves it.
    expect(JSON.stringify(result.document)).not.toContain("batch.yaml");
    expect(page(result, "api-reference/firings/start-firing")).toContain(
      "- `pieces` (required): `integer` — minimum `1`",
    );
    expect(page(result, "api-reference/firings/start-firing")).toContain(
      "`bearer` (http `bearer` (JWT), scopes `firings:write`)",
    );
    expect(page(result, "api-reference/recipes/get-recipe")).toContain("- items: `Recipe` (recursive)");
    expect(page(result, "api-reference/recipes/get-recipe")).toContain("## Authentication\n\nNone.");
    const list = page(result, "api-reference/firings/list-firings");
    expect(list).toContain("| `firingId` |".replace("firingId", "limit"));
    expect(list).toContain("`apiKey` (apiKey in header `X-Kiln-Key`) — The key printed under the kiln's lid.");
    expect(list).toContain('"id": "f-101"');
    expect(list).toContain("| `X-Total-Count` | header | integer | no | Firings in all. |");
    expect(page(result, "api-reference/firings/get-firing")).toContain("| `firingId` | path | string | yes |");
    expect(page(result, "api-reference/firings/firing-done-hook")).toContain("Webhook `firingDone`: `POST`");
    expect(page(result, "api-reference/firings/firing-done-hook")).toContain(
      '`event` (required): `any` — always `"firing.done"`',
    );
    expect(page(result, "api-reference/firings/abort-firing")).toContain("`DELETE /firings/{firingId}` (deprecated)");
  });

  it("reads Swagger 2.0 body and formData parameters, definitions and examples", async () => {
    const result = await reference("contracts/swagger2.yaml");
    expect(result.messages).toEqual([]);
    const deposit = page(result, "api-reference/seeds/deposit-seeds");
    expect(deposit).toContain("## Request body\n\nRequired.");
    expect(deposit).toContain("Type: `Lot` (object)");
    expect(deposit).toContain('"species": "Allium cepa"');
    expect(deposit).toContain("`basicAuth` (basic) — Curator account.");
    const upload = page(result, "api-reference/seeds/upload-photo");
    expect(upload).toContain("### `multipart/form-data`");
    expect(upload).toContain("- `photo` (required): `file` — A JPEG of the packet.");
  });

  it("reads OpenAPI 3.0 (JSON) and 3.2 (the query method)", async () => {
    const tides = await reference("contracts/openapi30.json");
    expect(tides.version).toBe("3.0");
    expect(page(tides, "api-reference/default/get-tides")).toContain("`oauth` (oauth2, scopes `tides:read`)");
    const lanterns = await reference("contracts/openapi32.yaml");
    expect(lanterns.version).toBe("3.2");
    expect(page(lanterns, "api-reference/search/query-lanterns")).toContain("`QUERY /lanterns`");
  });

  it("reports bad sources at their place", async () => {
    const rules = async (spec: string) =>
      (await reference(spec)).messages.map((m) => `${m.file}:${m.line ?? "-"}:${m.column ?? "-"} ${m.rule}`);
    expect(await rules("contracts/bad-yaml.yaml")).toEqual(["contracts/bad-yaml.yaml:3:10 api-reference/syntax"]);
    expect(await rules("contracts/future.yaml")).toEqual(["contracts/future.yaml:1:1 api-reference/version"]);
    expect(await rules("contracts/bad-ref.yaml")).toEqual(["contracts/bad-ref.yaml:11:25 api-reference/ref"]);
    expect(await rules("contracts/escape-ref.yaml")).toEqual(["contracts/escape-ref.yaml:11:25 api-reference/ref"]);
    expect((await reference("contracts/escape-ref.yaml")).messages[0].reason).toContain("outside the project root");
    expect(await rules("contracts/none.yaml")).toEqual(["contracts/none.yaml:-:- api-reference/unreadable"]);
    expect(await rules("../example/docs.config.ts")).toEqual([
      "../example/docs.config.ts:-:- api-reference/unreadable",
    ]);
  });

  it("says so when a contract URL cannot be fetched", async () => {
    const result = await reference("http://127.0.0.1:9/openapi.json");
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ rule: "api-reference/unreadable", file: "docs.config.ts" });
    expect(result.messages[0].reason).toContain("could not be fetched");
  });
});
