/** OpenAPI Overlay 1.0/1.1 on the Kiln contract (fixtures/api-reference/overlays), as `apiReference.overlays`. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../config/types.ts";
import { applyOverlays } from "./overlays.ts";
import type { Json } from "./operations.ts";
import { apiReferencePages } from "./reference-pages.ts";

const root = path.resolve(import.meta.dirname, "../../fixtures/api-reference");
const context = { root, configFile: "docs.config.ts" };

function reference(overlays: unknown[]) {
  const surfaces = {
    apiReference: { enabled: true, path: "api-reference", specUrl: "contracts/kiln.yaml", overlays },
  } as unknown as ResolvedConfig["surfaces"];
  return apiReferencePages({ root, configFile: "docs.config.ts", docsPath: "docs", surfaces });
}

const contract = (): Json => ({
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  tags: [{ name: "a" }, { name: "b", description: "B things" }],
  paths: { "/x": { get: { tags: ["a", "old"], parameters: [{ name: "p", in: "query" }] } } },
});

const overlay = (...actions: unknown[]) => ({ overlay: "1.1.0", info: { title: "o", version: "1" }, actions });

describe("applyOverlays", () => {
  it("merges objects recursively, appends to arrays, replaces values and removes nodes", async () => {
    const result = await applyOverlays(
      contract(),
      [
        overlay(
          { target: "$.info", update: { title: "New", "x-audience": "public" } },
          { target: "$.paths['/x'].get.parameters", update: { name: "q", in: "header" } },
          { target: "$.paths['/x'].get.tags", update: ["c", "d"] },
          { target: "$.paths['/x'].get.tags[?@ == 'old']", remove: true },
          { target: "$.info.version", update: "2" },
        ),
      ],
      context,
    );
    expect(result.messages).toEqual([]);
    expect(result.document?.info).toEqual({ title: "New", version: "2", "x-audience": "public" });
    const get = (result.document!.paths as Json)["/x"] as { get: Json };
    expect(get.get.parameters).toEqual([
      { name: "p", in: "query" },
      { name: "q", in: "header" },
    ]);
    expect(get.get.tags).toEqual(["a", "c", "d"]);
  });

  it("copies one node into the targets (Overlay 1.1), and applies overlays in order, each on the last one's result", async () => {
    const result = await applyOverlays(
      contract(),
      [
        overlay({ target: "$.tags[?@.name == 'a']", copy: "$.tags[?@.name == 'b']" }),
        overlay({ target: "$.tags[0].name", update: "renamed" }),
      ],
      context,
    );
    expect(result.document?.tags).toEqual([
      { name: "renamed", description: "B things" },
      { name: "b", description: "B things" },
    ]);
  });

  it("removes several array entries without shifting the ones after them", async () => {
    const document = { ...contract(), list: [1, 2, 3, 4, 5] } as Json;
    const result = await applyOverlays(
      document,
      [overlay({ target: "$.list[?@ > 1 && @ < 5]", remove: true })],
      context,
    );
    expect(result.document?.list).toEqual([1, 5]);
  });

  it("never changes the contract it was given", async () => {
    const document = contract();
    await applyOverlays(document, [overlay({ target: "$.info", update: { title: "New" } })], context);
    expect(document.info).toEqual({ title: "T", version: "1" });
  });

  it("warns, at the action, when a target selects nothing, and carries on", async () => {
    const result = await applyOverlays(contract(), ["overlays/stale.overlay.json"], context);
    expect(result.document).toBeDefined();
    expect(result.messages).toMatchObject([
      {
        severity: "warning",
        rule: "api-reference/overlay",
        file: "overlays/stale.overlay.json",
        line: 5,
        reason: "actions.0.target: `$.paths['/kilns']` selects nothing; the action changed nothing",
      },
    ]);
  });

  it.each([
    ["overlays/bad.overlay.yaml", 9, "actions.1.target: `$.paths[` is not RFC 9535 JSONPath"],
    [
      "overlays/clash.overlay.yaml",
      8,
      "actions.0.update: `title` is a value in the contract and an object in the overlay",
    ],
    ["overlays/future.overlay.yaml", 1, "overlay: Overlay 2.0.0 is not supported"],
    [
      "overlays/missing.overlay.yaml",
      undefined,
      "apiReference.overlays[0] overlays/missing.overlay.yaml does not exist",
    ],
  ])("reports %s as a positioned error and applies nothing", async (file, line, reason) => {
    const result = await applyOverlays(contract(), [file], context);
    expect(result.document).toBeUndefined();
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ severity: "error", rule: "api-reference/overlay" });
    if (line !== undefined) expect(result.messages[0]).toMatchObject({ file, line });
    expect(result.messages[0].reason).toContain(reason);
  });

  it("names the inline overlay an error is in", async () => {
    const result = await applyOverlays(contract(), [overlay({ target: "$.info", copy: "$.tags[*]" })], context);
    expect(result.messages[0]).toMatchObject({ severity: "error", file: "docs.config.ts" });
    expect(result.messages[0].reason).toBe(
      "apiReference.overlays[0].actions.0.copy: `copy` must select exactly one node; `$.tags[*]` selects 2",
    );
  });

  it("refuses a merge of an object into a list of mixed kinds", async () => {
    const result = await applyOverlays(contract(), [overlay({ target: "$['info','tags']", update: "x" })], context);
    expect(result.messages[0].reason).toContain("a mix of objects, arrays and values");
  });
});

describe("an API reference built through an overlay file", () => {
  it("shows the overlaid contract: new title, removed and added parameters, a copied description", async () => {
    const result = await reference(["overlays/public.overlay.yaml"]);
    expect(result.messages).toEqual([]);
    expect((result.document!.info as Json).title).toBe("Kiln Public API");
    const list = result.pages.find((p) => p.slug === "api-reference/firings/list-firings")!.source;
    expect(list).toContain("cursor");
    expect(list).not.toMatch(/\bstate\b.*query/);
    expect(list).toContain("429");
    const recipes = result.pages.find((p) => p.slug === "api-reference/recipes")!.source;
    expect(recipes).toContain("Programs the kiln runs, from bisque to glaze.");
    expect(result.pages.find((p) => p.slug === "api-reference")!.source).toContain('title: "Kiln Public API"');
  });

  it("stops the reference with the overlay's error", async () => {
    const result = await reference(["overlays/future.overlay.yaml"]);
    expect(result.pages).toEqual([]);
    expect(result.messages.map((m) => m.rule)).toEqual(["api-reference/overlay"]);
  });
});
