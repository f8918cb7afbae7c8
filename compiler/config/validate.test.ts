import { describe, expect, it } from "vitest";
import { docsConfigShape } from "../../runtime/contract/config-schema.ts";
import { validateShape } from "./validate.ts";

const check = (config: Record<string, unknown>) => validateShape({ entry: "docs", ...config }, docsConfigShape);

describe("validateShape against the DocsConfig shape", () => {
  it("accepts a config that only sets entry", () => {
    expect(check({})).toEqual([]);
  });

  it("names an unknown nested key by its full path and suggests the closest field", () => {
    expect(check({ mcp: { tools: { readPag: true } } })).toEqual([
      {
        path: ["mcp", "tools", "readPag"],
        unknownKey: "readPag",
        reason: `unknown key "readPag"`,
        suggestion: "readPage",
      },
    ]);
  });

  it("suggests nothing when no field is close to the unknown key", () => {
    const [issue] = check({ ordering: [{ slug: "guides", subpages: [] }] });
    expect(issue).toEqual({
      path: ["ordering", "0", "subpages"],
      unknownKey: "subpages",
      reason: `unknown key "subpages"`,
      suggestion: undefined,
    });
  });

  it("reports a string where a boolean or object is expected", () => {
    expect(check({ sidebar: "yes" })).toEqual([
      { path: ["sidebar"], reason: `"sidebar" must be boolean | object, got "yes"` },
    ]);
  });

  it("reports null as null, not as an object", () => {
    expect(check({ sidebar: null })).toEqual([
      { path: ["sidebar"], reason: `"sidebar" must be boolean | object, got null` },
    ]);
  });

  it("rejects non-finite numbers", () => {
    expect(check({ readingTime: { wordsPerMinute: Number.NaN } }).map((i) => i.path)).toEqual([
      ["readingTime", "wordsPerMinute"],
    ]);
  });

  describe("unions", () => {
    it("accepts github as a URL string or as a GithubConfig object", () => {
      expect(check({ github: "https://github.com/acme/docs" })).toEqual([]);
      expect(check({ github: { url: "https://github.com/acme/docs", branch: "trunk", directory: "site" } })).toEqual(
        [],
      );
    });

    it("reports problems inside the object member of a union precisely", () => {
      expect(check({ github: { url: "https://github.com/acme/docs", brnch: "trunk" } })).toEqual([
        { path: ["github", "brnch"], unknownKey: "brnch", reason: `unknown key "brnch"`, suggestion: "branch" },
      ]);
    });

    it("lists every member when the value matches none of them", () => {
      expect(check({ github: 42 })).toEqual([
        { path: ["github"], reason: `"github" must be string | object, got number` },
      ]);
    });

    it("accepts ordering as a keyword or a nested OrderingItem array", () => {
      expect(check({ ordering: "numeric" })).toEqual([]);
      expect(
        check({
          ordering: [
            { slug: "guides", children: [{ slug: "install" }, { slug: "deploy", children: [] }] },
            { slug: "faq" },
          ],
        }),
      ).toEqual([]);
    });

    it("reports an unknown ordering keyword against the allowed strings", () => {
      expect(check({ ordering: "random" })).toEqual([
        { path: ["ordering"], reason: `"ordering" must be "alphabetical" | "numeric", got "random"` },
      ]);
    });

    it("reports wrong types deep inside recursive ordering children", () => {
      expect(check({ ordering: [{ slug: "guides", children: [{ slug: 3 }] }] })).toEqual([
        {
          path: ["ordering", "0", "children", "0", "slug"],
          reason: `"ordering.0.children.0.slug" must be string, got number`,
        },
      ]);
    });

    it("checks every element of a string-or-list value", () => {
      expect(check({ llmsTxt: { sections: [{ title: "API", match: ["/docs/api/**", 3] }] } })).toEqual([
        {
          path: ["llmsTxt", "sections", "0", "match", "1"],
          reason: `"llmsTxt.sections.0.match.1" must be string, got number`,
        },
      ]);
    });
  });

  it("checks record values against their shape", () => {
    expect(
      check({ sidebar: { folderIndexBehaviorOverrides: { "/docs/a": "toggle", "/docs/b": "collapse" } } }),
    ).toEqual([
      {
        path: ["sidebar", "folderIndexBehaviorOverrides", "/docs/b"],
        reason: `"sidebar.folderIndexBehaviorOverrides./docs/b" must be "link" | "toggle" | "hidden", got "collapse"`,
      },
    ]);
  });

  it("accepts any key in open objects but still checks their declared fields", () => {
    expect(
      check({
        sitemap: { changefreq: "daily" },
        agent: { compact: { strategy: "aggressive" } },
        codeBlocks: { validate: { mode: "report" }, lint: true },
      }),
    ).toEqual([]);
    expect(check({ agent: { compact: { strategy: "aggressive", maxOutputTokens: "lots" } } })).toEqual([
      {
        path: ["agent", "compact", "maxOutputTokens"],
        reason: `"agent.compact.maxOutputTokens" must be number, got "lots"`,
      },
    ]);
  });

  it("accepts any value where the shape is unknown or a record of unknown", () => {
    expect(
      check({
        i18n: { locales: ["en", "fr"] },
        icons: { rocket: "<svg/>" },
        components: { Badge: () => null, Note: 1 },
        nav: { title: { type: "span", props: {} } },
      }),
    ).toEqual([]);
  });

  it("accepts functions where the spec declares callbacks and rejects other values there", () => {
    const fn = () => undefined;
    expect(
      check({
        onCopyClick: fn,
        mcp: { security: { allowedOrigins: fn, authenticate: fn } },
        feedback: { onFeedback: fn },
      }),
    ).toEqual([]);
    expect(check({ onCopyClick: "log" })).toEqual([
      { path: ["onCopyClick"], reason: `"onCopyClick" must be function, got "log"` },
    ]);
  });

  it("rejects a function where a plain object is declared", () => {
    expect(check({ metadata: () => ({}) })).toEqual([
      { path: ["metadata"], reason: `"metadata" must be object, got function` },
    ]);
  });

  it("collects every issue instead of stopping at the first", () => {
    const issues = check({ sidbar: true, theme: { ui: { colors: { primry: "red" } } }, search: "on" });
    expect(issues.map((i) => i.path.join("."))).toEqual(["sidbar", "theme.ui.colors.primry", "search"]);
    expect(issues.map((i) => i.suggestion)).toEqual(["sidebar", "primary", undefined]);
  });
});

describe("non-finite numbers", () => {
  it("names NaN in the message", () => {
    expect(validateShape({ entry: "docs", readingTime: { wordsPerMinute: NaN } }, docsConfigShape)[0].reason).toBe(
      `"readingTime.wordsPerMinute" must be number, got NaN`,
    );
  });
});
