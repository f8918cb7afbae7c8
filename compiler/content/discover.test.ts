import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverPages } from "./discover.ts";
import { rememberedReads } from "./source-reads.ts";
import { readStaticFiles } from "./static-files.ts";

const roots: string[] = [];

/** A throwaway site root holding the given files; returns the root. */
async function site(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "quire-discover-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

const PAGE = "---\ntitle: Page\n---\n";

afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

describe("discoverPages", () => {
  it("finds page.mdx and page.md files with slugs, syntax and source, sorted by folder", async () => {
    const root = await site({
      "docs/page.mdx": PAGE,
      "docs/guides/install/page.md": "# Install",
      "docs/guides/page.mdx": PAGE,
    });
    const { pages, messages } = await discoverPages(root, path.join(root, "docs"));
    expect(messages).toEqual([]);
    expect(pages.map((p) => [p.sourcePath, p.slug, p.syntax])).toEqual([
      ["docs/page.mdx", "", "mdx"],
      ["docs/guides/page.mdx", "guides", "mdx"],
      ["docs/guides/install/page.md", "guides/install", "md"],
    ]);
    expect(pages[2].source).toBe("# Install");
    expect(pages[2].agentFile).toBeUndefined();
  });

  it("rejects page.md and page.mdx in the same folder", async () => {
    const root = await site({ "docs/page.mdx": PAGE, "docs/faq/page.md": PAGE, "docs/faq/page.mdx": PAGE });
    const { pages, messages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => p.slug)).toEqual([""]);
    expect(messages).toEqual([
      {
        severity: "error",
        rule: "content/duplicate-page",
        file: "docs/faq/page.mdx",
        line: 1,
        column: 1,
        reason: `page.mdx and docs/faq/page.md are both the page "faq"`,
        hint: "keep one of them: a page is either a folder holding page.md(x) or index.md(x), or a file named <name>.md(x)",
      },
    ]);
  });

  it("rejects a file-named page and a folder page for the same route, naming both files", async () => {
    const root = await site({
      "docs/index.md": PAGE,
      "docs/guide.md": PAGE,
      "docs/guide/index.mdx": PAGE,
      "docs/guide/page.md": PAGE,
    });
    const { pages, messages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => p.sourcePath)).toEqual(["docs/index.md"]);
    expect(messages.map((m) => [m.rule, m.file, m.line, m.reason])).toEqual([
      [
        "content/duplicate-page",
        "docs/guide/index.mdx",
        1,
        `index.mdx and docs/guide/page.md are both the page "guide"`,
      ],
      ["content/duplicate-page", "docs/guide.md", 1, `guide.md and docs/guide/page.md are both the page "guide"`],
    ]);
  });

  it("finds file-named pages and index pages, mixed with page folders in one tree", async () => {
    const root = await site({
      "docs/index.md": "# Home",
      "docs/guide.md": PAGE,
      "docs/reference/index.mdx": PAGE,
      "docs/reference/cli.mdx": PAGE,
      "docs/reference/config/page.md": PAGE,
      "docs/concepts/README.md": PAGE,
      "docs/(extra)/faq.md": PAGE,
    });
    const { pages, messages } = await discoverPages(root, path.join(root, "docs"));
    expect(messages).toEqual([]);
    expect(pages.map((p) => [p.sourcePath, p.slug, p.syntax])).toEqual([
      ["docs/index.md", "", "md"],
      ["docs/(extra)/faq.md", "faq", "md"],
      ["docs/concepts/README.md", "concepts", "md"],
      ["docs/guide.md", "guide", "md"],
      ["docs/reference/index.mdx", "reference", "mdx"],
      ["docs/reference/cli.mdx", "reference/cli", "mdx"],
      ["docs/reference/config/page.md", "reference/config", "md"],
    ]);
  });

  it("pairs <name>.agent.md with <name>.md(x) and agent.md with index pages; neither is a page", async () => {
    const root = await site({
      "docs/index.md": PAGE,
      "docs/agent.md": "ROOT-AGENT",
      "docs/cli.mdx": PAGE,
      "docs/cli.agent.md": "CLI-AGENT",
      "docs/orphan.agent.md": "x",
    });
    const { pages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => [p.sourcePath, p.agentFile?.sourcePath, p.agentFile?.text])).toEqual([
      ["docs/index.md", "docs/agent.md", "ROOT-AGENT"],
      ["docs/cli.mdx", "docs/cli.agent.md", "CLI-AGENT"],
    ]);
  });

  it("drops route groups from slugs", async () => {
    const root = await site({ "docs/(marketing)/pricing/page.mdx": PAGE, "docs/(marketing)/page.mdx": PAGE });
    const { pages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => [p.sourcePath, p.slug])).toEqual([
      ["docs/(marketing)/page.mdx", ""],
      ["docs/(marketing)/pricing/page.mdx", "pricing"],
    ]);
  });

  it("skips _private, dot and node_modules folders", async () => {
    const root = await site({
      "docs/page.mdx": PAGE,
      "docs/_drafts/next/page.mdx": PAGE,
      "docs/.cache/page.mdx": PAGE,
      "docs/node_modules/pkg/page.mdx": PAGE,
    });
    const { pages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => p.sourcePath)).toEqual(["docs/page.mdx"]);
  });

  it("reads VitePress's public/ inside the content folder as the public folder when the site has none beside it", async () => {
    const files = { "docs/index.md": PAGE, "docs/public/logo.svg": "<svg/>", "docs/public/notes.md": PAGE };
    const root = await site({ ...files, "docs/guide/shot.png": "png" });
    const { pages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => p.sourcePath)).toEqual(["docs/index.md"]);
    const shipped = await readStaticFiles(root, path.join(root, "docs"));
    expect([...shipped.public.keys()]).toEqual(["logo.svg", "notes.md"]);
    expect([...shipped.content.keys()]).toEqual(["guide/shot.png"]);
    // With a public/ beside the config, that one is the public folder and docs/public is content.
    const both = await site({ ...files, "public/favicon.svg": "<svg/>" });
    expect((await discoverPages(both, path.join(both, "docs"))).pages.map((p) => p.sourcePath)).toEqual([
      "docs/index.md",
      "docs/public/notes.md",
    ]);
    const bothShipped = await readStaticFiles(both, path.join(both, "docs"));
    expect([...bothShipped.public.keys()]).toEqual(["favicon.svg"]);
    expect([...bothShipped.content.keys()]).toEqual(["public/logo.svg"]);
  });

  it("skips _partial files, which pages import (the Docusaurus convention), but not Hugo's _index.md", async () => {
    const root = await site({
      "docs/page.mdx": PAGE,
      "docs/guide/install.mdx": PAGE,
      "docs/guide/_shared-steps.mdx": "Steps shared by two pages.",
      "docs/guide/_note.md": "A note.",
      "docs/reference/_index.md": PAGE,
    });
    const { pages, messages } = await discoverPages(root, path.join(root, "docs"));
    // Hugo's `_index.md` is its folder's page, as `index.md` is.
    expect(pages.map((p) => [p.sourcePath, p.slug])).toEqual([
      ["docs/page.mdx", ""],
      ["docs/guide/install.mdx", "guide/install"],
      ["docs/reference/_index.md", "reference"],
    ]);
    expect(messages).toEqual([]);
  });

  it("ignores files that are not Markdown, and folders without a page", async () => {
    const root = await site({
      "docs/page.mdx": PAGE,
      "docs/assets/logo.svg": "<svg/>",
      "docs/notes.txt": "x",
      "docs/data/table.json": "{}",
    });
    const { pages, messages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => p.sourcePath)).toEqual(["docs/page.mdx"]);
    expect(messages).toEqual([]);
  });

  it("picks up a sibling agent.md", async () => {
    const root = await site({ "docs/deploy/page.mdx": PAGE, "docs/deploy/agent.md": "# Deploy\n\nFROM-AGENT-MD" });
    const [page] = (await discoverPages(root, path.join(root, "docs"))).pages;
    expect(page.agentFile).toEqual({ sourcePath: "docs/deploy/agent.md", text: "# Deploy\n\nFROM-AGENT-MD" });
  });

  it("gives a docs dev session the same object for a page whose file and texts are as they were", async () => {
    const root = await site({ "docs/a/page.md": "# A", "docs/b/page.mdx": PAGE, "docs/c.md": "# C" });
    const content = path.join(root, "docs");
    const reads = rememberedReads();
    const first = (await discoverPages(root, content, reads)).pages;
    const again = (await discoverPages(root, content, reads)).pages;
    expect(again).toHaveLength(3);
    again.forEach((page, i) => expect(page).toBe(first[i]));

    await writeFile(path.join(content, "a/page.md"), "# A, edited");
    await writeFile(path.join(content, "b/agent.md"), "# B for agents");
    const edited = (await discoverPages(root, content, reads)).pages;
    expect(edited.map((page) => page.sourcePath)).toEqual(["docs/a/page.md", "docs/b/page.mdx", "docs/c.md"]);
    expect(edited[0]).not.toBe(first[0]);
    expect(edited[0].source).toBe("# A, edited");
    expect(edited[1]).not.toBe(first[1]);
    expect(edited[1].agentFile?.text).toBe("# B for agents");
    expect(edited[2]).toBe(first[2]);
    // A one-shot build keeps nothing between calls.
    const [oneShot] = (await discoverPages(root, content)).pages;
    expect(oneShot).not.toBe((await discoverPages(root, content)).pages[0]);
  });

  it("lists a docs dev session's content assets through its reads, new and removed files included", async () => {
    const root = await site({ "docs/a/page.md": "# A", "docs/a/diagram.png": "PNG1" });
    const content = path.join(root, "docs");
    const reads = rememberedReads();
    const assets = async () => {
      await discoverPages(root, content, reads);
      const { content: files } = await readStaticFiles(root, content, path.join(root, "dist"), reads);
      return Object.fromEntries([...files].map(([name, bytes]) => [name, Buffer.from(bytes).toString()]));
    };
    expect(await assets()).toEqual({ "a/diagram.png": "PNG1" });
    await mkdir(path.join(content, "b"));
    await writeFile(path.join(content, "b/page.md"), "# B");
    await writeFile(path.join(content, "b/photo.jpg"), "JPG");
    await writeFile(path.join(content, "a/diagram.png"), "PNG2");
    expect(await assets()).toEqual({ "a/diagram.png": "PNG2", "b/photo.jpg": "JPG" });
    await rm(path.join(content, "a/diagram.png"));
    expect(await assets()).toEqual({ "b/photo.jpg": "JPG" });
  });

  it("ignores an agent.md with no page beside it", async () => {
    const root = await site({ "docs/page.mdx": PAGE, "docs/orphan/agent.md": "# Orphan" });
    const { pages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => p.sourcePath)).toEqual(["docs/page.mdx"]);
  });

  it("reports a missing content folder", async () => {
    const root = await site({ "docs.config.ts": "" });
    expect(await discoverPages(root, path.join(root, "content", "docs"))).toEqual({
      pages: [],
      messages: [
        {
          severity: "error",
          rule: "content/missing-folder",
          file: "content/docs",
          reason: "content folder not found",
          hint: "create it or set `contentDir` in the config",
        },
      ],
    });
  });

  it("reports a content folder without pages", async () => {
    const root = await site({ "docs/notes.txt": "not a page", "docs/agent.md": "no page beside it" });
    expect(await discoverPages(root, path.join(root, "docs"))).toEqual({
      pages: [],
      messages: [
        {
          severity: "error",
          rule: "content/no-pages",
          file: "docs",
          reason: "no pages found",
          hint: "a page is a <name>.md(x) file, or a folder holding page.md(x) or index.md(x)",
        },
      ],
    });
  });
});
