import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BuildFailure, formatMessage } from "../diagnostics.ts";
import { checkConfig, resolveConfig } from "./resolve.ts";
import type { DocsConfig } from "./types.ts";

const resolve = (config: Partial<DocsConfig> = {}) =>
  resolveConfig({ entry: "docs", ...config }, "/site", "docs.config.ts");

describe("resolveConfig", () => {
  it("defaults docsPath, contentDir and navUrl to the entry", () => {
    const resolved = resolve({ entry: "/docs/" });
    expect(resolved.entry).toBe("docs");
    expect(resolved.docsPath).toBe("docs");
    expect(resolved.contentDir).toBe(path.resolve("/site/docs"));
    expect(resolved.navUrl).toBe("/docs");
    expect(resolved.title).toBe("Docs");
  });

  it("serves docs from / when docsPath is the empty string", () => {
    const resolved = resolve({ docsPath: "" });
    expect(resolved.docsPath).toBe("");
    expect(resolved.navUrl).toBe("/");
  });

  it("trims slashes from docsPath and trailing slashes from URLs", () => {
    const resolved = resolve({
      docsPath: "/guides/",
      sitemap: { baseUrl: "https://acme.dev/" },
      github: { url: "https://github.com/acme/docs/", directory: "site" },
    });
    expect(resolved.docsPath).toBe("guides");
    expect(resolved.navUrl).toBe("/guides");
    expect(resolved.baseUrl).toBe("https://acme.dev");
    expect(resolved.github?.url).toBe("https://github.com/acme/docs");
  });

  it("keeps an explicit nav url and takes the title from a string nav.title only", () => {
    expect(resolve({ nav: { title: "Acme", url: "/home" } })).toMatchObject({ title: "Acme", navUrl: "/home" });
    expect(resolve({ nav: { title: { type: "span", props: {} } } }).title).toBe("Docs");
  });

  it("resolves contentDir relative to the root when given", () => {
    expect(resolve({ contentDir: "content/docs" }).contentDir).toBe(path.resolve("/site/content/docs"));
  });

  it("prefers app/<entry> for the Next.js layout when that folder exists", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "quire-resolve-"));
    try {
      await mkdir(path.join(root, "app", "docs"), { recursive: true });
      expect(resolveConfig({ entry: "docs" }, root, "docs.config.ts").contentDir).toBe(path.join(root, "app", "docs"));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("leaves reading time off by default and turns it on when an object is given", () => {
    expect(resolve().readingTime).toEqual({ enabled: false, wordsPerMinute: 220, format: "long", includeCode: false });
    expect(resolve({ readingTime: {} }).readingTime.enabled).toBe(true);
    expect(resolve({ readingTime: { enabled: false, wordsPerMinute: 180 } }).readingTime).toMatchObject({
      enabled: false,
      wordsPerMinute: 180,
    });
    expect(resolve({ readingTime: true }).readingTime.enabled).toBe(true);
  });

  it("turns toggles on by default and honours false and { enabled: false }", () => {
    const resolved = resolve();
    expect([
      resolved.themeToggle.enabled,
      resolved.breadcrumb.enabled,
      resolved.sidebar.enabled,
      resolved.lastUpdated.enabled,
    ]).toEqual([true, true, true, true]);
    expect(resolve({ sidebar: false }).sidebar.enabled).toBe(false);
    expect(resolve({ breadcrumb: { enabled: false } }).breadcrumb.enabled).toBe(false);
    expect(resolve({ sidebar: { flat: true } }).sidebar).toMatchObject({
      enabled: true,
      flat: true,
      collapsible: true,
      folderIndexBehavior: "link",
    });
  });

  it("keeps the GitHub string form without an edit directory", () => {
    expect(resolve({ github: "https://github.com/acme/docs" }).github).toEqual({
      url: "https://github.com/acme/docs",
      branch: "main",
      directory: undefined,
    });
    expect(
      resolve({ github: { url: "https://github.com/acme/docs", branch: "trunk", directory: "site" } }).github,
    ).toEqual({ url: "https://github.com/acme/docs", branch: "trunk", directory: "site" });
    expect(resolve().github).toBeNull();
  });

  it("takes the base URL from sitemap, then llmsTxt, then robots, then ai.docsUrl", () => {
    const all = {
      sitemap: { baseUrl: "https://a.dev" },
      llmsTxt: { baseUrl: "https://b.dev" },
      robots: { baseUrl: "https://c.dev" },
      ai: { docsUrl: "https://d.dev" },
    };
    expect(resolve(all).baseUrl).toBe("https://a.dev");
    expect(resolve({ ...all, sitemap: true }).baseUrl).toBe("https://b.dev");
    expect(resolve({ robots: all.robots, ai: all.ai }).baseUrl).toBe("https://c.dev");
    expect(resolve({ ai: all.ai, sitemap: { baseUrl: "" } }).baseUrl).toBe("https://d.dev");
    expect(resolve().baseUrl).toBeNull();
  });

  it("normalizes folder override keys to slash-led routes without trailing slashes", () => {
    const resolved = resolve({
      sidebar: { folderIndexBehaviorOverrides: { "docs/guides/": "toggle", "/docs/api": "hidden" } },
    });
    expect(resolved.sidebar.folderIndexBehaviorOverrides).toEqual({ "/docs/guides": "toggle", "/docs/api": "hidden" });
  });

  it("builds the title template from the site title", () => {
    expect(resolve({ nav: { title: "Acme" } }).metadata).toEqual({
      titleTemplate: "%s | Acme",
      description: undefined,
      twitterCard: "summary_large_image",
    });
  });

  it("carries brand colour tokens into dark mode but not surface colours", () => {
    const resolved = resolve({ theme: { ui: { colors: { primary: "#e4572e", background: "#fff", ring: "#000" } } } });
    expect(resolved.theme.darkColors).toEqual({ primary: "#e4572e", ring: "#000" });
  });
});

describe("checkConfig", () => {
  const failure = (value: unknown, source: string): string[] => {
    try {
      checkConfig({ file: "docs.config.ts", source, value });
    } catch (error) {
      if (error instanceof BuildFailure) return error.messages.map(formatMessage);
      throw error;
    }
    throw new Error("config passed");
  };

  it("reports a non-object default export in words", () => {
    expect(failure(["docs"], `export default ["docs"];\n`)).toEqual([
      `docs.config.ts the default export must be a config object, e.g. \`export default defineDocs({ entry: "docs" })\` [config/not-object]`,
    ]);
  });

  it("reports a non-string entry once", () => {
    expect(failure({ entry: 3 }, `export default {\n  entry: 3,\n};\n`)).toEqual([
      `docs.config.ts:2:3 "entry" must be string, got number [config/type]`,
    ]);
  });

  it("returns a valid config unchanged", () => {
    const value = { entry: "docs", sidebar: false };
    expect(checkConfig({ file: "docs.config.ts", source: "", value })).toBe(value);
  });

  it("reports a missing entry at the config object", () => {
    const source = `import { defineDocs } from "quire";\n\nexport default defineDocs({\n  sidebar: false,\n});\n`;
    expect(failure({ sidebar: false }, source)).toEqual([
      `docs.config.ts:3:27 "entry" is required: the docs source route and folder, e.g. entry: "docs" [config/required]`,
    ]);
  });

  it("reports a blank entry at its key", () => {
    const source = `export default {\n  entry: "  ",\n};\n`;
    expect(failure({ entry: "  " }, source)).toEqual([
      `docs.config.ts:2:3 "entry" is required: the docs source route and folder, e.g. entry: "docs" [config/required]`,
    ]);
  });

  it("reports every shape issue with its position and suggestion", () => {
    const source = `export default {\n  entry: "docs",\n  sidebar: "yes",\n  mcp: { tools: { readPag: true } },\n};\n`;
    expect(failure({ entry: "docs", sidebar: "yes", mcp: { tools: { readPag: true } } }, source)).toEqual([
      `docs.config.ts:3:3 "sidebar" must be boolean | object, got "yes" [config/type]`,
      `docs.config.ts:4:19 unknown key "readPag" — did you mean "readPage"? [config/unknown-key]`,
    ]);
  });
});
