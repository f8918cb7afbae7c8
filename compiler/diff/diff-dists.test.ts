/**
 * `docs diff`'s model (issue 11) on the committed `snapshots/contract/` tree and an edited temporary copy of it:
 * groups, per-page detail from `_docs/pages.json` and the search indexes, fingerprinted asset renames, and files the
 * build manifest does not list.
 */
import { cp, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PageEntry, SearchChunk } from "../../runtime/contract/index.ts";
import { diffDists } from "./diff-dists.ts";
import { hasChanges, type DistDiff } from "./model.ts";
import { DistInputError, readDistPair } from "./read-dists.ts";
import { renderDiffMarkdown } from "./render-markdown.ts";
import { renderDiffText } from "./render-text.ts";

const SNAPSHOT = path.resolve(import.meta.dirname, "../../snapshots/contract");
let copy: string;

beforeEach(async () => {
  copy = path.join(await mkdtemp(path.join(tmpdir(), "quire-diff-")), "dist");
  await cp(SNAPSHOT, copy, { recursive: true });
});
afterEach(() => rm(path.dirname(copy), { recursive: true, force: true }));

const MANIFEST = "_docs/build-manifest.json";

/** Edits a JSON file of the copy. Unless it is the manifest, its digest leaves the manifest, as after a hand edit. */
async function editJson<T>(file: string, edit: (value: T) => void): Promise<void> {
  const full = path.join(copy, file);
  const value = JSON.parse(await readFile(full, "utf8")) as T;
  edit(value);
  await writeFile(full, JSON.stringify(value));
  if (file !== MANIFEST) await unlist(file);
}

async function editText(file: string, edit: (text: string) => string, options = { unlist: true }): Promise<void> {
  const full = path.join(copy, file);
  await writeFile(full, edit(await readFile(full, "utf8")));
  if (options.unlist) await unlist(file);
}

async function unlist(file: string): Promise<void> {
  await editJson<{ files: Record<string, string> }>(MANIFEST, (manifest) => void delete manifest.files[file]);
}

const diffWithCopy = async (): Promise<DistDiff> => diffDists(await readDistPair(SNAPSHOT, copy));
const group = (diff: DistDiff, id: string) => diff.groups.find((g) => g.id === id)!;

describe("diffDists", () => {
  it("finds nothing between a tree and an identical copy", async () => {
    const diff = await diffWithCopy();
    expect(hasChanges(diff)).toBe(false);
    expect(diff.pages).toEqual([]);
    expect(renderDiffText(diff)).toContain("no changes");
  });

  it("reports title, description, headings and contract changes of a page from pages.json", async () => {
    await editJson<PageEntry[]>("_docs/pages.json", (pages) => {
      const page = pages.find((p) => p.path === "full-contract")!;
      page.title = "Deploy the worker";
      page.description = "Ship it.";
      page.headings = [{ depth: 2, text: "Rollout", id: "rollout" }];
      page.contract!.task = "Deploy it somewhere else.";
      page.contract!.rollback = [];
    });
    const diff = await diffWithCopy();
    const page = diff.pages.find((p) => p.path === "full-contract")!;
    expect(page.status).toBe("changed");
    expect(page.details).toEqual([
      { kind: "title", from: "Deploy a worker", to: "Deploy the worker" },
      {
        kind: "description",
        from: "Build and deploy an Acme Queue worker, then verify it processes jobs.",
        to: "Ship it.",
      },
      { kind: "headings", added: ["## Rollout"], removed: [] },
      { kind: "contract", change: "changed", fields: ["task", "rollback"] },
    ]);
    expect(group(diff, "runtime-data").changed).toEqual(["_docs/pages.json"]);
  });

  it("tells agent-only text from human-only and shared text by which search index changed", async () => {
    await editJson<SearchChunk[]>("_docs/search-agent.json", (chunks) => {
      const lead = chunks.find((c) => c.id === "full-contract")!;
      lead.content = lead.content.replace("AGENT-ONLY: prefer", "AGENT-ONLY: always prefer");
    });
    await editJson<SearchChunk[]>("_docs/search-human.json", (chunks) => {
      chunks.find((c) => c.id === "scalar-contract")!.content += "\nHUMAN-ONLY: a new hint";
    });
    // As in a real build, the agent edit reaches the page's .md and the human one its HTML.
    await editText("docs/full-contract.md", (text) => text.replace("AGENT-ONLY: prefer", "AGENT-ONLY: always prefer"));
    await editText("docs/scalar-contract/index.html", (html) =>
      html.replace("</main>", "<p>HUMAN-ONLY: a new hint</p></main>"),
    );
    const diff = await diffWithCopy();
    const detail = (slug: string) => diff.pages.find((p) => p.path === slug)?.details;
    expect(detail("full-contract")).toEqual([
      {
        kind: "text",
        audience: "agent-only",
        added: ["AGENT-ONLY: always prefer `kubectl rollout status` over polling pods."],
        removed: ["AGENT-ONLY: prefer `kubectl rollout status` over polling pods."],
      },
    ]);
    expect(detail("scalar-contract")).toEqual([
      { kind: "text", audience: "human-only", added: ["HUMAN-ONLY: a new hint"], removed: [] },
    ]);
    expect(group(diff, "search").changed).toEqual(["_docs/search-agent.json", "_docs/search-human.json"]);
    expect(group(diff, "human-pages")).toMatchObject({ changed: ["/docs/scalar-contract"], layoutOnly: [] });
  });

  it("compares no page's text when its HTML and .md are unchanged", async () => {
    await editJson<SearchChunk[]>(
      "_docs/search-agent.json",
      (chunks) => void (chunks[0]!.content += "\nonly in the index"),
    );
    const diff = await diffWithCopy();
    expect(group(diff, "search").changed).toEqual(["_docs/search-agent.json"]);
    expect(diff.pages).toEqual([]);
  });

  it("reports a fingerprinted asset renamed by a new hash once, and pages that differ only in its link not at all", async () => {
    const [css] = (await readFile(path.join(SNAPSHOT, "_docs/build-manifest.json"), "utf8")).match(
      /_quire\/quire\.[0-9a-f]{8}\.css/,
    )!;
    const renamedCss = "_quire/quire.0123abcd.css";
    await rename(path.join(copy, css), path.join(copy, renamedCss));
    for (const page of ["docs/index.html", "docs/full-contract/index.html", "docs/scalar-contract/index.html"]) {
      await editText(page, (html) => html.replaceAll(css, renamedCss));
    }
    const diff = await diffWithCopy();
    expect(diff.renamedAssets).toEqual([{ logical: "_quire/quire.css", from: css, to: renamedCss }]);
    expect(diff.totals).toEqual({ added: 0, changed: 1, removed: 0 });
    expect(group(diff, "assets").changed).toEqual(["_quire/quire.css"]);
    expect(group(diff, "human-pages").changed).toEqual([]);
    expect(renderDiffText(diff)).toContain(
      `Assets changed: _quire/quire.css (${path.basename(css)} → quire.0123abcd.css)`,
    );
  });

  it("compares the bytes of files the build manifest does not list, and never reports the manifest itself", async () => {
    await editText("robots.txt", (text) => `${text}# edited by hand\n`);
    await writeFile(path.join(copy, "extra.txt"), "not from the build");
    const diff = await diffWithCopy();
    expect(group(diff, "discovery").changed).toEqual(["robots.txt"]);
    expect(group(diff, "discovery").added).toEqual(["extra.txt"]);
    expect(diff.groups.flatMap((g) => [...g.added, ...g.changed, ...g.removed])).not.toContain(
      "_docs/build-manifest.json",
    );
  });

  it("trusts equal digests in both build manifests without reading the files", async () => {
    await editText("robots.txt", (text) => `${text}# the manifest still lists the old digest\n`, { unlist: false });
    expect(hasChanges(await diffWithCopy())).toBe(false);
  });

  it("lists a removed page in both page groups and in the page detail", async () => {
    await rm(path.join(copy, "docs/scalar-contract"), { recursive: true });
    await rm(path.join(copy, "docs/scalar-contract.md"));
    await editJson<PageEntry[]>(
      "_docs/pages.json",
      (pages) =>
        void pages.splice(
          pages.findIndex((p) => p.path === "scalar-contract"),
          1,
        ),
    );
    const diff = await diffWithCopy();
    expect(group(diff, "human-pages").removed).toEqual(["/docs/scalar-contract"]);
    expect(group(diff, "agent-markdown").removed).toEqual(["/docs/scalar-contract.md"]);
    expect(diff.pages.find((p) => p.route === "/docs/scalar-contract")?.status).toBe("removed");
    const markdown = renderDiffMarkdown(diff);
    expect(markdown).toMatch(/^### Docs diff: /);
    expect(markdown).toContain("| Group | Added | Changed | Removed |");
    expect(markdown).toContain("| Human pages | 0 | 0 | 1 |");
    expect(markdown).toMatch(
      /<details>\n<summary><b>Agent Markdown<\/b>: 0 added, 0 changed, 1 removed<\/summary>\n\n- ➖ `\/docs\/scalar-contract\.md`/,
    );
  });

  it("keeps a Markdown comment short: 50 pages with detail, then a count", () => {
    const page = (n: number) => ({
      path: `p${n}`,
      route: `/docs/p${n}`,
      title: `Page ${n}`,
      status: "added" as const,
      details: [],
    });
    const summary = { label: "d", title: "T", pages: 60, files: 120 };
    const markdown = renderDiffMarkdown({
      format: "quire-dist-diff.v1",
      old: summary,
      new: summary,
      totals: { added: 60, changed: 0, removed: 0 },
      groups: [],
      pages: Array.from({ length: 60 }, (_, n) => page(n)),
      renamedAssets: [],
    });
    expect(markdown).toContain("`/docs/p49`");
    expect(markdown).not.toContain("`/docs/p50`");
    expect(markdown).toContain("- … and 10 more pages");
  });

  it("refuses a folder that is not a Quire build", async () => {
    await expect(readDistPair(SNAPSHOT, path.dirname(copy))).rejects.toThrow(DistInputError);
    await expect(readDistPair(path.join(copy, "missing"), copy)).rejects.toThrow(/no such folder/);
    await rm(path.join(copy, "_docs/site.json"));
    await expect(readDistPair(SNAPSHOT, copy)).rejects.toThrow(/not a Quire build \(no _docs\/site\.json\)/);
  });
});
