/**
 * The migrated-content fixture built for real: content written for other docs tools builds, with one positioned
 * warning per foreign key, per broken link and missing anchor, and one for `order` under alphabetical ordering.
 * Its output is pinned by snapshots/migrated-content; this pins the messages, which no file of dist/ holds.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../index.ts";

const root = path.resolve(import.meta.dirname, "../../fixtures/migrated-content");
let out: string;
let result: BuildResult;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), "quire-migrated-"));
  result = await build({ root, outDir: path.join(out, "dist"), git: false, cache: false } as Parameters<
    typeof build
  >[0]);
}, 60_000);
afterAll(() => rm(out, { recursive: true, force: true }));

const where = (rule: string) =>
  result.warnings.filter((m) => m.rule === rule).map((m) => `${m.file}:${m.line}:${m.column}`);

describe("a site migrated from other docs tools", () => {
  it("builds both page layouts with titles from frontmatter or the leading heading", () => {
    expect(result.site.pages.map((p) => [p.sourcePath, p.route, p.frontmatter.title])).toEqual([
      ["docs/index.md", "/docs", "Lantern"],
      ["docs/getting-started/page.mdx", "/docs/getting-started", "Getting started"],
      ["docs/guide.md", "/docs/guide", "Guide"],
      ["docs/recipes/index.mdx", "/docs/recipes", "Recipes"],
      ["docs/recipes/advanced/rate-limits.md", "/docs/recipes/advanced/rate-limits", "Rate limits"],
      ["docs/recipes/behind-a-proxy.md", "/docs/recipes/behind-a-proxy", "Behind a proxy"],
      ["docs/recipes/watch-mode.md", "/docs/recipes/watch-mode", "Watch mode & reload"],
      ["docs/reference/index.md", "/docs/reference", "Reference"],
      ["docs/reference/cli.md", "/docs/reference/cli", "CLI"],
      ["docs/reference/config.mdx", "/docs/reference/config", "Configuration"],
    ]);
    expect(result.warnings.filter((m) => m.severity === "error")).toEqual([]);
  });

  it("warns once per foreign frontmatter key, at the key", () => {
    expect(where("frontmatter/foreign-key")).toEqual([
      "docs/getting-started/page.mdx:6:3",
      "docs/getting-started/page.mdx:7:3",
      "docs/getting-started/page.mdx:8:1",
      "docs/guide.md:4:1",
      "docs/guide.md:5:1",
      "docs/reference/index.md:4:1",
      "docs/reference/cli.md:2:1",
      "docs/reference/config.mdx:3:1",
    ]);
  });

  it("warns once about order for the two pages that set it", () => {
    const [warning, ...more] = result.warnings.filter((m) => m.rule === "frontmatter/order-ignored");
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ file: "docs/getting-started/page.mdx", line: 4, column: 1 });
    expect(warning.reason).toMatch(/^2 pages set `order`/);
  });

  it("reports the broken link, the broken image and the missing anchor, and nothing else", () => {
    expect(where("links/broken")).toEqual(["docs/index.md:19:9", "docs/guide.md:24:1", "docs/guide.md:27:37"]);
    expect(where("links/missing-anchor")).toEqual(["docs/guide.md:18:75"]);
    const anchor = result.warnings.find((m) => m.rule === "links/missing-anchor");
    expect(anchor?.hint).toContain("#flags");
  });

  it("rewrites and keeps raw HTML links: routes in the HTML, Markdown links to .md URLs in the agent Markdown", async () => {
    const read = (file: string) => readFile(path.join(out, "dist", file), "utf8");
    // guide.md is a plain page (its .md is the source with edits); reference/index.md is re-serialized (an alert).
    expect(await read("docs/guide/index.html")).toContain(`<a href="/docs/reference/cli#flags" title="Every flag">`);
    expect(await read("docs/guide.md")).toContain(
      `the [flag list](https://lantern.example/docs/reference/cli.md#flags "Every flag"),\n\`lantern --quiet\`, and a [raw link`,
    );
    expect(await read("docs/reference/index.html")).toContain(
      `<code><a href="/docs/reference/config">lantern.json</a>`,
    );
    expect(await read("docs/reference.md")).toContain(
      "the [CLI page](https://lantern.example/docs/reference/cli.md) lists\n> [`lantern.json`](https://lantern.example/docs/reference/config.md) keys.",
    );
  });

  it("publishes an image kept beside the pages and points every page's reference at it, from both layouts", async () => {
    const read = (file: string) => readFile(path.join(out, "dist", file), "utf8");
    expect(await read("docs/reference/flow.svg")).toBe(
      await readFile(path.join(root, "docs/reference/flow.svg"), "utf8"),
    );
    // From the folder page /docs/reference, `./flow.svg` is docs/reference/flow.svg, not the browser's /docs/flow.svg.
    expect(await read("docs/reference/index.html")).toContain(
      `<img src="/docs/reference/flow.svg" alt="How a request flows">`,
    );
    expect(await read("docs/reference.md")).toContain(
      "![How a request flows](https://lantern.example/docs/reference/flow.svg)",
    );
    // An MDX `src`, from another folder.
    expect(await read("docs/getting-started/index.html")).toContain(`src="/docs/reference/flow.svg"`);
    // Other files beside the pages are not published.
    await expect(read("docs/reference/flow-data.json")).rejects.toThrow();
  });

  it("renders Starlight's and Docusaurus's imported components with the built-ins, in HTML and .md", async () => {
    const read = (file: string) => readFile(path.join(out, "dist", file), "utf8");
    const start = await read("docs/getting-started/index.html");
    expect(start).toContain("Ports below 1024");
    expect(start).toMatch(/class="q-callout[^"]*"/);
    expect(start).toMatch(/class="q-tab-label"[^>]*>macOS</);
    expect(start).toContain(`<a class="q-card" href="/docs/guide">`);
    expect(await read("docs/getting-started.md")).toContain(
      "> **Caution — Ports below 1024:** Serving on port 80 needs elevated rights on most systems.\n\n**macOS:**",
    );
    expect(await read("docs/reference/config/index.html")).toMatch(
      /q-tab-label"[^>]*>TOML<[\s\S]*q-tab-label"[^>]*>env</,
    );
    expect(await read("docs/reference/config.md")).toContain("**TOML:**\n\n```toml\nport = 8080\n```");
  });

  it("agrees on the title between HTML and .md: one H1, the page's own when it differs from the title", async () => {
    const read = (file: string) => readFile(path.join(out, "dist", file), "utf8");
    const guideHtml = await read("docs/guide/index.html");
    expect(guideHtml.match(/<h1[ >]/g)).toHaveLength(1);
    expect((await read("docs/guide.md")).match(/^# /gm)).toEqual(["# "]);
    // Docusaurus shows a document's own H1, not its `title`, which still names the page.
    const startHtml = await read("docs/getting-started/index.html");
    expect(startHtml.match(/<h1[ >][^<]*/g)).toEqual(["<h1>Before you begin"]);
    expect(startHtml).toContain("<title>Getting started");
    const startMd = await read("docs/getting-started.md");
    expect(startMd.match(/^# .*/gm)).toEqual(["# Before you begin"]);
    expect(await read("llms.txt")).toContain("[Getting started](");
  });
});
