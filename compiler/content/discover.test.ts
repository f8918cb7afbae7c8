import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverPages } from "./discover.ts";

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
    const root = await site({ "docs/page.mdx": PAGE, "docs/guides/install/page.md": "# Install", "docs/guides/page.mdx": PAGE });
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
    expect(messages).toEqual([{ severity: "error", rule: "content/duplicate-page", file: "docs/faq/page.mdx", reason: `both page.md and page.mdx define the route of "faq"`, hint: "keep one of them" }]);
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

  it("ignores other files, and folders without a page", async () => {
    const root = await site({ "docs/page.mdx": PAGE, "docs/notes.md": "x", "docs/assets/logo.svg": "<svg/>", "docs/guides/intro.mdx": PAGE });
    const { pages, messages } = await discoverPages(root, path.join(root, "docs"));
    expect(pages.map((p) => p.sourcePath)).toEqual(["docs/page.mdx"]);
    expect(messages).toEqual([]);
  });

  it("picks up a sibling agent.md", async () => {
    const root = await site({ "docs/deploy/page.mdx": PAGE, "docs/deploy/agent.md": "# Deploy\n\nFROM-AGENT-MD" });
    const [page] = (await discoverPages(root, path.join(root, "docs"))).pages;
    expect(page.agentFile).toEqual({ sourcePath: "docs/deploy/agent.md", text: "# Deploy\n\nFROM-AGENT-MD" });
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
      messages: [{ severity: "error", rule: "content/missing-folder", file: "content/docs", reason: "content folder not found", hint: "create it or set `contentDir` in the config" }],
    });
  });

  it("reports a content folder without pages", async () => {
    const root = await site({ "docs/README.md": "not a page" });
    expect(await discoverPages(root, path.join(root, "docs"))).toEqual({
      pages: [],
      messages: [{ severity: "error", rule: "content/no-pages", file: "docs", reason: "no pages found", hint: "a page is a folder holding page.mdx or page.md" }],
    });
  });
});
