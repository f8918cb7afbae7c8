import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../index.ts";
import { readFrontmatterBlock } from "./frontmatter-block.ts";
import { parseFrontmatter } from "./frontmatter.ts";
import { fillBlankLines, heroLines } from "./home-hero.ts";

const VITEPRESS_HOME = `---
layout: home
hero:
  name: Kite
  text: Queues for small teams
  tagline: One binary.
  actions:
    - theme: brand
      text: Start
      link: /guide/start
    - text: Source
      link: https://example.com/kite (mirror)
features:
  - icon: ⚡
    title: Fast
    details: Built on a tiny core.
    link: /guide/speed
  - title: Typed
  - details: No title, just details.
  - icon: { src: /icon.svg }
    title: With an image icon
---

## More

Body text.
`;

describe("heroLines", () => {
  it("opens a VitePress home page: the name as its heading, then text, tagline, actions and features", () => {
    const data = readFrontmatterBlock(VITEPRESS_HOME).file!.data;
    expect(heroLines(data, false)).toEqual([
      "# Kite",
      "",
      "Queues for small teams",
      "",
      "One binary.",
      "",
      "- [Start](/guide/start)",
      "- [Source](https://example.com/kite%20%28mirror%29)",
      "",
      "* **⚡ Fast**: Built on a tiny core. [Learn more](/guide/speed)",
      "* **Typed**",
      "* No title, just details.",
      "* **With an image icon**",
    ]);
  });

  it("keeps the frontmatter's title: a different name opens in bold, the same name is not repeated", () => {
    expect(heroLines({ title: "Welcome", hero: { name: "Kite", tagline: "Small." } }, false)).toEqual([
      "**Kite**",
      "",
      "Small.",
    ]);
    expect(heroLines({ title: "Kite", hero: { name: "Kite", tagline: "Small." } }, false)).toEqual(["Small."]);
  });

  it("shows the hero's image after its text: a path, `{ src, alt }`, the light one of a pair, Starlight's `file`", () => {
    const lines = (image: unknown) => heroLines({ title: "K", hero: { tagline: "Small.", image } }, false);
    expect(lines("/logo.svg")).toEqual(["Small.", "", "![](/logo.svg)"]);
    expect(lines({ src: "/a b.png", alt: "The *logo*" })).toEqual(["Small.", "", "![The \\*logo\\*](/a%20b.png)"]);
    expect(lines({ light: "/light.svg", dark: "/dark.svg", alt: "Kite" })).toEqual([
      "Small.",
      "",
      "![Kite](/light.svg)",
    ]);
    expect(lines({ file: "../../assets/houston.webp" })).toEqual(["Small.", "", "![](../../assets/houston.webp)"]);
    expect(heroLines({ hero: { name: "Kite", image: "/k.svg" } }, false)).toEqual(["# Kite", "", "![Kite](/k.svg)"]);
    expect(lines({ html: "<b>K</b>" })).toEqual(["Small."]);
    expect(heroLines({ title: "K", hero: { tagline: "Small.", image: "/k.svg" } }, false, false)).toEqual(["Small."]);
  });

  it("reads Starlight's hero: its title, tagline and actions", () => {
    const hero = {
      title: "Kite 2",
      tagline: "Faster.",
      actions: [{ text: "Read", link: "/guide/", variant: "minimal" }],
    };
    expect(heroLines({ hero }, true)).toEqual(["# Kite 2", "", "Faster.", "", "- [Read](/guide/)"]);
  });

  it("uses the text as the heading when the hero has no name", () => {
    expect(heroLines({ hero: { text: "Queues", tagline: "Small." } }, false)).toEqual(["# Queues", "", "Small."]);
  });

  it("writes the values as text: Markdown syntax escaped, MDX's braces and tags too, HTML kept in Markdown", () => {
    const hero = { name: "N", text: "1. Use *stars*, `ticks`, [brackets] and ~tildes~ in <b>{x}</b> at note:here" };
    expect(heroLines({ title: "N", hero }, false)).toEqual([
      "1\\. Use \\*stars\\*, \\`ticks\\`, \\[brackets\\] and \\~tildes\\~ in <b>{x}</b> at note\\:here",
    ]);
    expect(heroLines({ title: "N", hero: { text: "- <b>{x}</b>" } }, true)).toEqual(["\\- \\<b>\\{x\\}\\</b>"]);
    expect(heroLines({ title: "N", hero: { text: "#1\n  of   many" } }, false)).toEqual(["\\#1 of many"]);
  });

  it("has nothing for a page without a hero or features, or with empty ones", () => {
    expect(heroLines({ title: "T" }, false)).toBeUndefined();
    expect(heroLines({ hero: {}, features: [] }, false)).toBeUndefined();
    expect(heroLines({ hero: "Kite", features: [{ icon: "⚡" }, "Fast"] }, false)).toBeUndefined();
  });
});

describe("fillBlankLines", () => {
  it("writes the lines at the end of the block, an empty line before the body, the line count unchanged", () => {
    expect(fillBlankLines("\n".repeat(5), ["# A", "", "b"])).toBe("\n# A\n\nb\n\n");
    expect(fillBlankLines("\n".repeat(4), ["# A", "", "b"])).toBe("# A\n\nb\n\n");
  });

  it("gives up when the lines do not fit", () => {
    expect(fillBlankLines("\n".repeat(3), ["# A", "", "b"])).toBeUndefined();
    expect(fillBlankLines("\n\n", [])).toBeUndefined();
  });
});

describe("a home page's frontmatter", () => {
  it("opens the body with the hero, every line of the body keeping its number", () => {
    const block = readFrontmatterBlock(VITEPRESS_HOME, "md");
    expect(block.heroShown).toBe(true);
    const lines = block.body!.split("\n");
    expect(lines.length).toBe(VITEPRESS_HOME.split("\n").length);
    expect(lines.indexOf("## More")).toBe(VITEPRESS_HOME.split("\n").indexOf("## More"));
    expect(block.body!.trimStart().startsWith("# Kite\n\nQueues for small teams\n")).toBe(true);
    // Without the page's syntax (a caller that only wants the block), the body is the block blanked.
    expect(readFrontmatterBlock(VITEPRESS_HOME).body).toBe(
      VITEPRESS_HOME.replace(/^---[\s\S]*?---/, (b) => b.replace(/[^\n]/g, "")),
    );
  });

  it("warns at the hero, and opens nothing, when its YAML is too compact to hold the Markdown", () => {
    const source = `---\nhero: { name: Kite, text: Queues, tagline: Small, actions: [{ text: Go, link: /go }] }\n---\n\n# Kite\n`;
    const parsed = parseFrontmatter(source, "docs/index.md");
    expect(parsed.body).toBe("\n\n\n\n# Kite\n");
    expect(parsed.messages.map((m) => [m.rule, m.line, m.column, m.reason])).toEqual([
      [
        "frontmatter/foreign-key",
        2,
        1,
        "the frontmatter's hero and features are not shown: as Markdown they take more lines than their YAML",
      ],
    ]);
  });

  it("warns about the parts it does not show, not about the hero, its image and features", () => {
    const parsed = parseFrontmatter(VITEPRESS_HOME.replace("  actions:", "  image: /logo.svg\n  actions:"), "a.md");
    expect(parsed.messages.map((m) => [m.line, m.reason])).toEqual([
      [2, `frontmatter "layout" is another docs tool's key and is ignored here`],
    ]);
    expect(parsed.body).toContain("One binary.\n\n![Kite](/logo.svg)\n\n- [Start](/guide/start)");
  });

  it("shows the hero without its image when only that fits, or when the image has no path, and warns at it", () => {
    const compact = `---\nhero:\n  name: Kite\n  text: Fast.\n  tagline: Small.\n  image: { src: /logo.svg }\n---\n\nBody.\n`;
    const html = `---\nhero:\n  name: Kite\n  tagline: Small.\n  image:\n    html: "<b>K</b>"\n---\n\nBody.\n`;
    for (const [source, line, opening] of [
      [compact, 6, "# Kite\n\nFast.\n\nSmall.\n\nBody."],
      [html, 5, "# Kite\n\nSmall.\n\nBody."],
    ] as const) {
      const parsed = parseFrontmatter(source, "docs/index.md");
      expect(parsed.body.trim().replace(/\n{3,}/g, "\n\n")).toBe(opening);
      expect(parsed.messages.map((m) => [m.rule, m.line])).toEqual([["frontmatter/foreign-key", line]]);
      expect(parsed.messages[0].reason).toContain("the hero's image is not shown");
    }
  });
});

describe("the vitepress-home fixture, built", () => {
  const root = path.resolve(import.meta.dirname, "../../fixtures/vitepress-home");
  let out: string;
  let result: BuildResult;
  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), "quire-hero-"));
    result = await build({ root, outDir: path.join(out, "dist"), git: false, cache: false });
  }, 60_000);
  afterAll(() => rm(out, { recursive: true, force: true }));

  it("titles the VitePress home by its hero's name and the Starlight splash page by its frontmatter", () => {
    expect(result.site.pages.map((p) => [p.sourcePath, p.route, p.frontmatter.title])).toEqual([
      ["docs/index.md", "/", "Beacon"],
      ["docs/guide/start.md", "/guide/start", "Getting started"],
      ["docs/launch.mdx", "/launch", "Launch week"],
      ["docs/reference/config.md", "/reference/config", "Configuration"],
    ]);
  });

  it("warns at the foreign keys, the Astro import, the missing snippet and include, a Vue component, the broken link, on their lines", () => {
    expect(result.warnings.map((m) => `${m.file}:${m.line}:${m.column} ${m.rule}`)).toEqual([
      "docs/index.md:2:1 frontmatter/foreign-key",
      "docs/guide/start.md:23:1 markdown/missing-snippet",
      "docs/guide/start.md:29:1 markdown/missing-include",
      "docs/launch.mdx:3:1 frontmatter/foreign-key",
      "docs/launch.mdx:15:1 mdx/import",
      "docs/reference/config.md:20:1 markdown/vue-component",
      "docs/index.md:32:1 links/broken",
    ]);
  });

  it("gives the hero to the HTML, the .md and the search index alike", async () => {
    const read = (file: string) => readFile(path.join(out, "dist", file), "utf8");
    const html = await read("index.html");
    expect(html).toContain(`<li><a href="/guide/start">Get started</a></li>`);
    expect(html).toContain(`<strong>🛰️ Checks as code</strong>`);
    const markdown = await read("index.md");
    expect(markdown).toContain("# Beacon\n");
    expect(markdown).toContain("\n- [Configuration](https://beacon.example/reference/config)\n");
    expect(markdown).toMatch(/store ship as a single file\.\n\n+## Who runs Beacon\n/);
    expect(await read("_docs/search-human.json")).toContain("Status pages from one YAML file");
    expect(await read("launch/index.html")).toContain("<p>Faster checks, {fewer} &lt;alerts> and a history view.</p>");
    // Starlight's <Code>, its code an `export const` of the page: a highlighted block in HTML, a fence in the .md.
    expect(await read("launch/index.html")).toContain(">beacon.yaml</figcaption>");
    expect(await read("launch.md")).toContain('```yaml title="beacon.yaml"\nchecks:\n  - name: api\n');
    // VitePress's snippet import: the region of the file, its highlighted line and title.
    expect(await read("guide/start.md")).toContain('```ts {2} title="beacon.config.ts"\nexport const api = check(');
    expect(await read("guide/start/index.html")).toContain(">beacon.config.ts</figcaption>");
    // VitePress's badges and an included region: the badge outside the heading's id, the part no page of its own.
    const start = await read("guide/start/index.html");
    expect(start).toContain(
      '<h2 id="checks-in-typescript">Checks in TypeScript <span class="q-badge" data-type="tip">',
    );
    expect(start).toContain("run <code>beacon check api --verbose</code>");
    expect(await read("guide/start.md")).toContain("> **Warning:** A check that times out is red too.");
    await expect(read("parts/troubleshoot/index.html")).rejects.toThrow();
  });
});
