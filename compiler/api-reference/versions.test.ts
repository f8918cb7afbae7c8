/** `apiReference.versions` (SPEC 2.15): ids, the default, contracts and overlays per version, and the errors. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../config/types.ts";
import { apiReferencePages } from "./reference-pages.ts";
import { apiVersionsOf } from "./versions.ts";

type Surface = ResolvedConfig["surfaces"]["apiReference"];
const surface = (extra: Partial<Surface>): Surface =>
  ({ enabled: true, path: "api-reference", overlays: [], routeRoot: "api", exclude: [], ...extra }) as Surface;

describe("apiVersionsOf", () => {
  it("is one unnamed version at the reference's route without versions", () => {
    expect(apiVersionsOf(surface({ specUrl: "a.yaml" }), "docs.config.ts")).toEqual({
      versions: [{ specUrl: "a.yaml", overlays: [], isDefault: true, base: "api-reference" }],
      messages: [],
    });
  });

  it("keeps the default version at the route, puts the others under their id, and inherits specUrl and overlays", () => {
    const { versions, messages } = apiVersionsOf(
      surface({
        specUrl: "v3.yaml",
        overlays: ["all.overlay.yaml"],
        versions: [{ id: "v3" }, { id: "partner", title: "Partner edition", overlays: ["partner.overlay.yaml"] }],
        defaultVersion: "v3",
      }),
      "docs.config.ts",
    );
    expect(messages).toEqual([]);
    expect(versions).toEqual([
      {
        id: "v3",
        label: "v3",
        specUrl: "v3.yaml",
        overlays: ["all.overlay.yaml"],
        isDefault: true,
        base: "api-reference",
      },
      {
        id: "partner",
        label: "Partner edition",
        specUrl: "v3.yaml",
        overlays: ["all.overlay.yaml", "partner.overlay.yaml"],
        isDefault: false,
        base: "api-reference/partner",
      },
    ]);
  });

  it("takes the first version as the default when none is named", () => {
    const { versions } = apiVersionsOf(
      surface({
        versions: [
          { id: "b", specUrl: "b.yaml" },
          { id: "a", specUrl: "a.yaml" },
        ],
      }),
      "c",
    );
    expect(versions.map((v) => [v.id, v.isDefault])).toEqual([
      ["b", true],
      ["a", false],
    ]);
  });

  it.each([
    [[{ specUrl: "a.yaml" }], undefined, "apiReference.versions[0] needs an `id`"],
    [[{ id: "../up", specUrl: "a.yaml" }], undefined, 'apiReference.versions[0].id "../up" is not URL-safe'],
    [
      [
        { id: "v1", specUrl: "a" },
        { id: "V1", specUrl: "b" },
      ],
      undefined,
      'apiReference.versions[1].id "V1" is used by an earlier version',
    ],
    [
      [{ id: "v1" }],
      undefined,
      "apiReference.versions[0] (v1) has no specUrl, and apiReference.specUrl is not set either",
    ],
    [[{ id: "v1", specUrl: "a" }], "v9", 'apiReference.defaultVersion "v9" is none of the versions (v1)'],
  ])("refuses %j (default %s)", (versions, defaultVersion, reason) => {
    const result = apiVersionsOf(
      surface({ versions, ...(defaultVersion ? { defaultVersion } : {}) }),
      "docs.config.ts",
    );
    expect(result.versions).toEqual([]);
    expect(result.messages).toMatchObject([
      { severity: "error", rule: "api-reference/versions", file: "docs.config.ts", reason },
    ]);
  });
});

describe("a versioned API reference (fixtures/api-versions)", () => {
  const root = path.resolve(import.meta.dirname, "../../fixtures/api-versions");
  const build = () =>
    apiReferencePages({
      root,
      configFile: "docs.config.ts",
      docsPath: "docs",
      surfaces: {
        apiReference: surface({
          specUrl: "contracts/ledger-v2.yaml",
          versions: [
            { id: "v2", title: "2.x" },
            { id: "v1", title: "1.x (legacy)", specUrl: "contracts/ledger-v1.yaml" },
          ],
          defaultVersion: "v2",
        }),
      } as ResolvedConfig["surfaces"],
    });

  it("builds each version's pages, the default at the route and the other under its id", async () => {
    const result = await build();
    expect(result.messages).toEqual([]);
    expect(result.pages.map((page) => page.slug)).toEqual([
      "api-reference",
      "api-reference/accounts",
      "api-reference/accounts/list-accounts",
      "api-reference/accounts/get-balance",
      "api-reference/transfers",
      "api-reference/transfers/create-transfer",
      "api-reference/v1",
      "api-reference/v1/accounts",
      "api-reference/v1/accounts/list-accounts",
      "api-reference/v1/postings",
      "api-reference/v1/postings/create-posting",
    ]);
    expect((result.document!.info as { version: string }).version).toBe("2.3.0");
    expect(result.otherVersions?.defaultVersion).toBe("v2");
    expect(Object.keys(result.otherVersions?.documents ?? {})).toEqual(["v1"]);
  });

  it("links the versions from each index, and names the other version's contract route", async () => {
    const result = await build();
    const index = (slug: string) => result.pages.find((page) => page.slug === slug)!.source;
    expect(index("api-reference")).toContain("Versions: **2.x** (default) · [1.x (legacy)](/docs/api-reference/v1)");
    expect(index("api-reference/v1")).toContain("Versions: [2.x](/docs/api-reference) (default) · **1.x (legacy)**");
    expect(index("api-reference/v1")).toContain('title: "Ledger API (1.x (legacy))"');
    expect(index("api-reference/v1")).toContain("/api/docs?format=openapi&version=v1");
  });

  it("keeps a tag from taking another version's folder name", async () => {
    const result = await apiReferencePages({
      root,
      configFile: "docs.config.ts",
      docsPath: "docs",
      surfaces: {
        apiReference: surface({
          specUrl: "contracts/ledger-v2.yaml",
          versions: [{ id: "main" }, { id: "accounts", specUrl: "contracts/ledger-v1.yaml" }],
        }),
      } as ResolvedConfig["surfaces"],
    });
    const slugs = result.pages.map((page) => page.slug);
    expect(slugs).toContain("api-reference/accounts-2");
    expect(slugs).toContain("api-reference/accounts/postings");
  });
});
