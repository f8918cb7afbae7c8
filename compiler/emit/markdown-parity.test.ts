/**
 * Issue 9: a page's HTML and its Markdown say the same thing. Every sentence-sized run of text in the HTML's main
 * content must appear in the page's `.md`, unless the HTML marks it human-only (`data-markdown-ignore`, set by
 * compiler/markdown/audience.ts, footnote links, link preview cards and pages whose agent body is a sibling agent.md).
 * This is the comparison agent-readiness audits make; an unmarked human-only block fails it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Element, Nodes as HastNodes } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString as mdastToString } from "mdast-util-to-string";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { HUMAN_ONLY_ATTRIBUTE } from "../markdown/audience.ts";

const dist = path.join(import.meta.dirname, "../../snapshots/example");
/** Shorter runs (labels, single words) say too little to compare, as in the audits. */
const MIN_SEGMENT = 20;
/** Page chrome inside <main> that is not the page's text. */
const CHROME_TAGS = new Set(["nav", "aside", "header", "footer", "button", "svg", "script", "style", "template"]);
const BLOCK_TAGS = new Set(
  "p li dt dd h1 h2 h3 h4 h5 h6 pre td th tr blockquote div section article figure figcaption summary details table ul ol".split(
    " ",
  ),
);
const markdown = unified().use(remarkParse).use(remarkGfm);

const normalize = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Text runs of the page's content (its `<article>` in `<main>`): block elements and human-only marks end a run. */
function htmlSegments(html: string): string[] {
  const main = findElement(fromHtml(html), "main");
  if (!main) throw new Error("no <main> in the page");
  const content = findElement(main, "article") ?? main;
  const runs: string[] = [""];
  const walk = (node: HastNodes) => {
    if (node.type === "text") runs[runs.length - 1] += node.value;
    if (node.type !== "element" && node.type !== "root") return;
    if (node.type === "element") {
      if (CHROME_TAGS.has(node.tagName) || node.properties.className?.toString().includes("sr-only")) return;
      if (HUMAN_ONLY_ATTRIBUTE in node.properties || "dataMarkdownIgnore" in node.properties) {
        runs.push("");
        return;
      }
    }
    const block = node.type === "element" && BLOCK_TAGS.has(node.tagName);
    if (block) runs.push("");
    for (const child of node.children) walk(child as HastNodes);
    if (block) runs.push("");
  };
  walk(content);
  return runs.map(normalize).filter((run) => run.length >= MIN_SEGMENT);
}

function findElement(node: HastNodes, tagName: string): Element | undefined {
  if (node.type === "element" && node.tagName === tagName) return node;
  if (node.type !== "element" && node.type !== "root") return undefined;
  for (const child of node.children) {
    const found = findElement(child as HastNodes, tagName);
    if (found) return found;
  }
  return undefined;
}

/** Every text of the Markdown as one normalized string (GFM: tables, strikethrough, footnotes). */
function markdownText(source: string): string {
  const tree = markdown.parse(source);
  const parts: string[] = [];
  const walk = (node: { type: string; value?: string; children?: unknown[]; alt?: string }) => {
    if (typeof node.value === "string") parts.push(node.value);
    else if (node.alt) parts.push(node.alt);
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(tree);
  return normalize(parts.join(" ").replace(/\s+/g, " ")) + " " + normalize(mdastToString(tree));
}

function pagesOf(dir: string, prefix = ""): { route: string; html: string; md: string }[] {
  const found: { route: string; html: string; md: string }[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory()) continue;
    const route = `${prefix}/${name}`;
    const html = path.join(full, "index.html");
    const md = `${full}.md`;
    try {
      found.push({ route, html: readFileSync(html, "utf8"), md: readFileSync(md, "utf8") });
    } catch {
      // Not a page folder (assets, search shards) or a page without Markdown.
    }
    found.push(...pagesOf(full, route));
  }
  return found;
}

/** Pages whose HTML is a redirect to another page (hidden folder parents) have no text of their own to compare. */
const isRedirect = (html: string) => /<meta http-equiv="refresh"/i.test(html);

describe("HTML and Markdown parity on the example site", () => {
  const pages = pagesOf(path.join(dist, "docs"), "/docs").filter((page) => !isRedirect(page.html));

  it("finds the site's pages", () => {
    expect(pages.length).toBeGreaterThan(15);
  });

  it.each(pages.map((page) => [page.route, page] as const))(
    "%s: every unmarked HTML sentence is in its .md",
    (_, page) => {
      const md = markdownText(page.md);
      const missing = htmlSegments(page.html).filter((segment) => !md.includes(segment));
      expect(missing).toEqual([]);
    },
  );
});

describe("the comparison itself", () => {
  const page = (main: string) =>
    `<!doctype html><html><body><nav>Site nav that is long enough</nav><main>${main}</main></body></html>`;

  it("flags a paragraph the Markdown lacks, and passes once it is marked human-only", () => {
    const md = markdownText("A shared paragraph that both have in common.");
    const unmarked = page(
      "<p>A shared paragraph that both have in common.</p><p>Click the big green button in the console.</p>",
    );
    expect(htmlSegments(unmarked).filter((s) => !md.includes(s))).toEqual([
      "click the big green button in the console.",
    ]);
    const marked = unmarked.replace("<p>Click", `<p ${HUMAN_ONLY_ATTRIBUTE}>Click`);
    expect(htmlSegments(marked).filter((s) => !md.includes(s))).toEqual([]);
  });

  it("reads GFM strikethrough and footnotes on the Markdown side", () => {
    const md = markdownText(
      "The ~~old~~ option was renamed in this release.[^1]\n\n[^1]: Renamed because it was confusing.",
    );
    expect(md).toContain("the old option was renamed in this release.");
    expect(md).toContain("renamed because it was confusing.");
  });
});
