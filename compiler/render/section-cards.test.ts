/**
 * Docusaurus's `<DocCardList />` built for real: the section's pages as cards in the HTML, as a list of `.md` links in
 * the agent Markdown and llms-full.txt, nothing of the marker left in `dist/`, a warning where no section is landed,
 * and a warm build in the same process that follows an edit of a listed page.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPageCache } from "../cache/page-cache.ts";
import { build, type BuildResult } from "../index.ts";

const PAGES: Record<string, string> = {
  "docs.config.ts": 'import { defineDocs } from "quire";\nexport default defineDocs({ entry: "docs" });\n',
  "docs/index.md": "---\ntitle: Home\n---\n\nWelcome.\n",
  "docs/guides/index.mdx": [
    "---",
    "title: Guides",
    "description: Every guide.",
    "---",
    "",
    'import DocCardList from "@theme/DocCardList";',
    "",
    "Pick one.",
    "",
    "<DocCardList />",
    "",
    "Or read them in order.",
    "",
  ].join("\n"),
  "docs/guides/install.md": "---\ntitle: Install\ndescription: Get it running in $5 of time.\n---\n\nSteps.\n",
  "docs/guides/upgrade.mdx": "---\ntitle: Upgrade\n---\n\nNotes.\n",
  "docs/guides/deploy/index.md": "---\ntitle: Deploy\ndescription: Ship it.\n---\n\nHosts.\n",
  "docs/guides/deploy/static.md": "---\ntitle: Static hosts\n---\n\nUpload.\n",
  "docs/guides/recipes/caching.md":
    "---\ntitle: Caching\ndescription: Not shown, the folder has no landing page.\n---\n\nCache.\n",
  "docs/notes.mdx": [
    "---",
    "title: Notes",
    "---",
    "",
    'import DocCardList from "@theme/DocCardList";',
    "",
    "Loose notes.",
    "",
    "<DocCardList />",
    "",
  ].join("\n"),
};

let dir: string;
let result: BuildResult;
const read = (file: string) => readFile(path.join(dir, "dist", file), "utf8");

async function writeSite(root: string, pages: Record<string, string>) {
  for (const [file, text] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
}

async function filesOf(root: string): Promise<Map<string, string>> {
  const names = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const files = new Map<string, string>();
  for (const entry of names) {
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, file), await readFile(file, "utf8"));
  }
  return files;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "quire-section-cards-"));
  await writeSite(path.join(dir, "site"), PAGES);
  result = await build({ root: path.join(dir, "site"), outDir: path.join(dir, "dist"), git: false, cache: false });
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("<DocCardList /> on a section's landing page", () => {
  it("shows a card for each page and folder of the section, in sidebar order, where the element was", async () => {
    const html = await read("docs/guides/index.html");
    const cards = html.slice(html.indexOf("Pick one."), html.indexOf("Or read them"));
    expect(cards).toContain('<div class="q-cards">');
    const links = [...cards.matchAll(/<a class="q-card" href="([^"]+)"><span class="q-card-title">([^<]+)<\/span>/g)];
    expect(links.map((m) => [m[1], m[2]])).toEqual([
      ["/docs/guides/deploy", "Deploy"],
      ["/docs/guides/install", "Install"],
      ["/docs/guides/recipes/caching", "Recipes"],
      ["/docs/guides/upgrade", "Upgrade"],
    ]);
    // A page's or landed folder's description is the card's text; `$` is kept as written.
    expect(cards).toContain('<div class="q-card-body">Get it running in $5 of time.</div>');
    expect(cards).toContain('<div class="q-card-body">Ship it.</div>');
    expect(cards).not.toContain("Not shown");
  });

  it("lists the same pages in the agent Markdown and llms-full.txt, linking their .md", async () => {
    const list = [
      "- [Deploy](/docs/guides/deploy.md): Ship it.",
      "- [Install](/docs/guides/install.md): Get it running in $5 of time.",
      "- [Recipes](/docs/guides/recipes/caching.md)",
      "- [Upgrade](/docs/guides/upgrade.md)",
    ].join("\n");
    expect(await read("docs/guides.md")).toContain(`Pick one.\n\n${list}\n\nOr read them in order.`);
    expect(await read("llms-full.txt")).toContain(`Pick one.\n\n${list}\n\nOr read them in order.`);
  });

  it("leaves no marker in any file, and shows nothing with a warning on a page that lands no section", async () => {
    const files = await filesOf(path.join(dir, "dist"));
    const marked = [...files].filter(([, text]) => /quire:section-cards|data-quire-cards/.test(text));
    expect(marked.map(([name]) => name)).toEqual([]);
    expect(await read("docs/notes.md")).toContain("Loose notes.\n");
    expect(await read("docs/notes.md")).not.toContain("- [");
    expect(result.warnings.filter((m) => m.rule === "mdx/doc-card-list").map((m) => [m.file, m.severity])).toEqual([
      ["docs/notes.mdx", "warning"],
    ]);
  });

  it("follows an edit of a listed page in a warm build of the same process, as a cold build would", async () => {
    const root = path.join(dir, "warm");
    await writeSite(root, PAGES);
    // One cache kept in memory across builds and the output kept, as `docs dev` keeps them: unchanged pages' HTML is
    // remembered (cache/per-record.ts).
    const cache = openPageCache(path.join(dir, "cache"), { keepInMemory: true });
    const warm = () => build({ root, outDir: path.join(dir, "warm-dist"), git: false, cache, keepOutput: true });
    const cold = () => build({ root, outDir: path.join(dir, "cold-dist"), git: false, cache: false });
    // Both outputs build twice: the second build of each reads its first (the changes log, file digests).
    await warm();
    await cold();
    const edited = "---\ntitle: Upgrade\ndescription: Now described.\n---\n\nNotes.\n";
    await writeSite(root, { "docs/guides/upgrade.mdx": edited });
    await warm();
    await cold();
    const warmFiles = await filesOf(path.join(dir, "warm-dist"));
    expect(warmFiles.get("docs/guides/index.html")).toContain('<div class="q-card-body">Now described.</div>');
    expect(warmFiles.get("docs/guides.md")).toContain("- [Upgrade](/docs/guides/upgrade.md): Now described.");
    expect(warmFiles).toEqual(await filesOf(path.join(dir, "cold-dist")));
  }, 60_000);
});
