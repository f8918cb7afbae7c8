/**
 * Issue 14 on a real build of fixtures/i18n: English at the root, French with two of four pages translated, Arabic
 * complete and right to left. The golden snapshot pins every byte; these tests name the behaviours.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../index.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../../fixtures/i18n");
let scratch: string;
let dist: string;
const read = (file: string) => readFile(path.join(dist, file), "utf8");

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "quire-i18n-"));
  dist = path.join(scratch, "dist");
  await build({ root: FIXTURE, outDir: dist, git: false, cache: false });
}, 60_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("a site in three locales", () => {
  it("serves each locale folder under its prefix, with <html lang dir> of the locale", async () => {
    expect(await read("docs/guides/install/index.html")).toContain(`<html lang="en" dir="ltr"`);
    expect(await read("fr/docs/guides/install/index.html")).toContain(`<html lang="fr" dir="ltr"`);
    expect(await read("ar/docs/guides/install/index.html")).toContain(`<html lang="ar" dir="rtl"`);
  });

  it("links every translation with hreflang, x-default last, and none on a page without translations", async () => {
    const html = await read("ar/docs/guides/install/index.html");
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(alternates).toEqual([
      ["en", "https://lantern.example/docs/guides/install"],
      ["fr", "https://lantern.example/fr/docs/guides/install"],
      ["ar", "https://lantern.example/ar/docs/guides/install"],
      ["x-default", "https://lantern.example/docs/guides/install"],
    ]);
    // The configure guide has no French translation: its alternates leave French out.
    const configure = await read("docs/guides/configure/index.html");
    expect(configure).not.toContain(`<link rel="alternate" hreflang="fr"`);
    expect(configure).toContain(`<link rel="alternate" hreflang="ar"`);
  });

  it("falls back to the default locale where a translation is missing, and says so", async () => {
    const html = await read("fr/docs/guides/configure/index.html");
    expect(html).toContain(`<aside class="q-fallback-notice" role="note" lang="fr" dir="ltr">Cette page n’est pas`);
    expect(html).toContain(`<main class="q-main" id="q-main" lang="en" dir="ltr">`);
    expect(html).toContain(`<link rel="canonical" href="https://lantern.example/docs/guides/configure">`);
    expect(html).not.toContain(`<link rel="alternate" hreflang=`);
    const md = await read("fr/docs/guides/configure.md");
    expect(md).toMatch(/^---\ntitle: Configure\n[\s\S]*locale: fr\nfallbackOf: \/docs\/guides\/configure\n---/);
    const translated = await read("fr/docs/guides/install.md");
    expect(translated).not.toContain("fallbackOf");
  });

  it("gives each locale its own sidebar, switcher entries pointing at the same page in every locale", async () => {
    const html = await read("fr/docs/guides/install/index.html");
    const sidebar = html.slice(
      html.indexOf(`<aside class="q-sidebar"`),
      html.indexOf("</aside>", html.indexOf("q-sidebar")),
    );
    const links = [...sidebar.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.length).toBe(4);
    expect(links.every((href) => href.startsWith("/fr/docs"))).toBe(true);
    const switcher = [
      ...html.matchAll(/<li><a href="([^"]+)" hreflang="([^"]+)" lang="[^"]+"( aria-current="true")?>/g),
    ];
    expect(switcher.map((m) => [m[1], m[2], Boolean(m[3])])).toEqual([
      ["/docs/guides/install", "en", false],
      ["/fr/docs/guides/install", "fr", true],
      ["/ar/docs/guides/install", "ar", false],
    ]);
    expect(html).toContain(`<a class="q-brand" href="/fr/docs">`);
  });

  it("lists translations with hreflang alternates in sitemap.xml, never fallback copies, valid against the schema", async () => {
    const xml = await read("sitemap.xml");
    expect(xml).toContain(`xmlns:xhtml="http://www.w3.org/1999/xhtml"`);
    expect(xml).not.toContain("<loc>https://lantern.example/fr/docs/guides/configure</loc>");
    expect(xml).toContain(
      `<loc>https://lantern.example/fr/docs/guides/install</loc><lastmod>2025-03-06</lastmod><xhtml:link rel="alternate" hreflang="en"`,
    );
    execFileSync(
      "xmllint",
      [
        "--noout",
        "--nonet",
        "--schema",
        path.join(import.meta.dirname, "../emit/sitemap.xsd"),
        path.join(dist, "sitemap.xml"),
      ],
      { stdio: "pipe" },
    );
    const markdown = await read("sitemap.md");
    expect(markdown).toContain("## Français (fr)");
    expect(markdown).not.toContain("/fr/docs/reference.md");
  });

  it("writes llms files per locale: the root holds the default locale and links the others", async () => {
    const root = await read("llms.txt");
    expect(root).toContain("## Languages\n\n- [Français (fr)](https://lantern.example/fr/llms.txt)");
    expect(root).not.toMatch(/\/(fr|ar)\/docs/);
    const fr = await read("fr/llms.txt");
    expect(fr).toContain(
      "- [Reference](https://lantern.example/fr/docs/reference.md): Every option of lantern.toml. (not translated yet; shown in English from https://lantern.example/docs/reference)",
    );
    const full = await read("ar/llms-full.txt");
    expect(full).toContain("<!-- source: https://lantern.example/ar/docs/guides/install.md -->\n# التثبيت");
    expect(full).not.toContain("# Install");
  });

  it("writes a static search index per locale", async () => {
    const documents = async (dir: string) => {
      const index = JSON.parse(await read(`_docs/search${dir}/index.json`)) as {
        documents: number;
        documentShardSize: number;
      };
      const count = Math.ceil(index.documents / index.documentShardSize);
      const shards = await Promise.all(
        Array.from({ length: count }, (_, i) => read(`_docs/search${dir}/docs-${i}.json`)),
      );
      return shards.flatMap((text) => JSON.parse(text) as [string][]).map((doc) => doc[0]);
    };
    expect((await documents("")).every((url) => url.startsWith("/docs"))).toBe(true);
    const french = await documents("/fr");
    expect(french.every((url) => url.startsWith("/fr/docs"))).toBe(true);
    expect(french.some((url) => url.startsWith("/fr/docs/reference"))).toBe(true);
    expect(await read("fr/docs/index.html")).toContain(`"api":"/fr/api/docs","index":"/_docs/search/fr/index.json"`);
  });

  it("advertises the locales in the discovery manifest", async () => {
    const manifest = JSON.parse(await read(".well-known/agent.json"));
    expect(manifest.locales.available).toEqual(["ar", "en", "fr"]);
    expect(manifest.locales.default).toBe("en");
    expect(manifest.locales.entries[2]).toEqual({
      code: "ar",
      lang: "ar",
      label: "العربية",
      dir: "rtl",
      docsRoute: "https://lantern.example/ar/docs",
      llmsTxt: "https://lantern.example/ar/llms.txt",
      docsApi: "https://lantern.example/ar/api/docs",
    });
  });
});

describe("a site in three locales with fallback: false", () => {
  it("builds no fallback pages; the switcher sends a missing translation's readers to the locale's first page", async () => {
    const root = path.join(scratch, "no-fallback");
    await cp(FIXTURE, root, { recursive: true, filter: (source) => !source.includes("node_modules") });
    const config = await readFile(path.join(root, "docs.config.ts"), "utf8");
    await writeFile(
      path.join(root, "docs.config.ts"),
      config.replace(`defaultLocale: "en",`, `defaultLocale: "en",\n    fallback: false,`),
    );
    const out = path.join(root, "dist");
    await build({ root, outDir: out, git: false, cache: false });
    expect(existsSync(path.join(out, "fr/docs/guides/configure/index.html"))).toBe(false);
    const html = await readFile(path.join(out, "docs/guides/configure/index.html"), "utf8");
    expect(html).toContain(`<li><a href="/fr/docs" hreflang="fr" lang="fr">Français</a></li>`);
  }, 60_000);
});

describe("docs review on a site in three locales", () => {
  it("knows the fallback pages and locale files the build writes: a link to an untranslated page is no broken link", async () => {
    const { review } = await import("../review/index.ts");
    const report = await review({ root: FIXTURE, git: false });
    expect(report.findings.filter((finding) => finding.rule === "brokenLinks")).toEqual([]);
  }, 60_000);
});
