/** The config schema is the one source of the config's type, checks and defaults; its JSDoc must say the same. */
import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { docsConfigShape, type DocsConfig, type FilledDocsConfig } from "./config-schema.ts";
import { fillDefaults, type Shape } from "./config-shape.ts";

/** The schema's source files: the shape of `defineDocs` and the theme and search sections it includes. */
const source = [
  "./config-schema.ts",
  "./config-schema-theme.ts",
  "./config-schema-search.ts",
  "./config-schema-i18n.ts",
]
  .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
  .join("\n");

/** `/** … @default X *\/` directly above `key: s.…(…)`, as [key, X] in source order. */
function documentedDefaults(): [string, string][] {
  const pairs: [string, string][] = [];
  const pattern = /\/\*\*([^*]|\*(?!\/))*?@default ([^*\n]+?) \*\/\s*\n\s*([A-Za-z]+):/g;
  for (const match of source.matchAll(pattern)) pairs.push([match[3], match[2].trim()]);
  return pairs;
}

/** Every default the schema declares, as [key, JSON] in declaration order (the source order of the fields). */
function declaredDefaults(shape: Shape, key = "", out: [string, string][] = []): [string, string][] {
  if ("default" in shape && shape.default !== undefined && key) out.push([key, JSON.stringify(shape.default)]);
  if (shape.kind === "object" || shape.kind === "toggle") {
    for (const [name, field] of Object.entries(shape.fields)) declaredDefaults(field as Shape, name, out);
  }
  if (shape.kind === "union") for (const member of shape.of) declaredDefaults(member, "", out);
  return out;
}

describe("config schema", () => {
  it("documents every declared default with the same value in its JSDoc", () => {
    const documented = new Map<string, string[]>();
    for (const [key, value] of documentedDefaults()) documented.set(key, [...(documented.get(key) ?? []), value]);
    const missing: string[] = [];
    const declared = declaredDefaults(docsConfigShape);
    for (const [key, json] of declared) {
      const values = documented.get(key) ?? [];
      if (!values.includes(json))
        missing.push(`${key}: code says ${json}, JSDoc says ${values.join(" / ") || "nothing"}`);
    }
    expect(missing).toEqual([]);
  });

  it("declares no JSDoc @default that the code does not apply", () => {
    const declared = new Set(declaredDefaults(docsConfigShape).map(([key, json]) => `${key}=${json}`));
    const extra = documentedDefaults().filter(([key, value]) => !declared.has(`${key}=${value}`));
    expect(extra).toEqual([]);
  });

  it("gives every field a JSDoc line of its own, so editors explain each key of defineDocs", () => {
    const lines = source.split("\n");
    const undocumented: string[] = [];
    lines.forEach((line, i) => {
      const fields = [...line.matchAll(/\b([A-Za-z]+): s\./g)];
      const documented =
        fields.length === 1 && line.trim().startsWith(fields[0][1]) && lines[i - 1].trim().endsWith("*/");
      if (fields.length > 0 && !documented) undocumented.push(`${i + 1}: ${fields.map((f) => f[1]).join(", ")}`);
    });
    expect(undocumented).toEqual([]);
  });

  it("fills defaults once: absent sections become objects, toggles become { enabled }", () => {
    const filled = fillDefaults(docsConfigShape, { entry: "docs" });
    expect(filled.theme.ui.layout).toEqual({
      contentWidth: 768,
      sidebarWidth: 272,
      tocWidth: 224,
      header: { height: 56, sticky: true },
      toc: { enabled: true, depth: 3 },
    });
    expect(filled.sitemap.enabled).toBe(true);
    expect(filled.readingTime).toEqual({ enabled: false, wordsPerMinute: 220, format: "long", includeCode: false });
    expect(filled.mcp.security).toMatchObject({ allowedOrigins: "same-origin", maxBodyBytes: 1048576 });
    expect(filled.mcp.security.cors).toMatchObject({ enabled: true, maxAgeSeconds: 600, allowCredentials: false });
    expect(filled.feedback.agent).toMatchObject({ enabled: true, route: "/api/docs/agent/feedback" });
    expect(filled.feedback.agent.schema).toBeUndefined();
  });

  it("keeps what the user gave and turns an object toggle on unless it says enabled: false", () => {
    const filled = fillDefaults(docsConfigShape, {
      entry: "docs",
      readingTime: { wordsPerMinute: 300 },
      search: false,
      sidebar: { enabled: false, flat: true },
      sitemap: { baseUrl: "https://docs.example", changefreq: "daily" },
    });
    expect(filled.readingTime).toMatchObject({ enabled: true, wordsPerMinute: 300, format: "long" });
    expect(filled.search.enabled).toBe(false);
    expect(filled.sidebar).toMatchObject({ enabled: false, flat: true, collapsible: true });
    expect(filled.sitemap).toMatchObject({ enabled: true, baseUrl: "https://docs.example", changefreq: "daily" });
  });

  it("types defineDocs input from the same schema", () => {
    expectTypeOf<DocsConfig["entry"]>().toEqualTypeOf<string>();
    expectTypeOf<{ entry: "docs"; sidebar: { flat: true } }>().toMatchTypeOf<DocsConfig>();
    expectTypeOf<{ entry: "docs"; themeToggle: { default: "blue" } }>().not.toMatchTypeOf<DocsConfig>();
    expectTypeOf<FilledDocsConfig["theme"]["ui"]["layout"]["contentWidth"]>().toEqualTypeOf<number>();
    expectTypeOf<FilledDocsConfig["sitemap"]["enabled"]>().toEqualTypeOf<boolean>();
  });
});
