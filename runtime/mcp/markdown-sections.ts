/**
 * Reads the structure of an agent Markdown document (a page's `.md` or its `agent.md`) without a Markdown parser:
 * ATX headings and fenced code blocks, both found outside fences. Setext headings are not recognised; the compiler
 * writes ATX headings and the agent.md convention uses them too.
 */
import GithubSlugger from "github-slugger";

export interface MarkdownHeading {
  depth: number;
  /** Heading text as written, without the `#` marks. */
  text: string;
  /** GitHub-style slug, numbered like the compiler's heading ids (`setup`, `setup-1`). */
  id: string;
  /** Index of the heading line in the body's lines. */
  line: number;
}

export interface CodeBlock {
  /** First word of the info string, lower-cased; null for a bare fence. */
  language: string | null;
  /** The rest of the info string (for example `title="src/queue.ts"`), or null. */
  meta: string | null;
  code: string;
  /** The nearest `##`–`######` heading above the block, or null when the block sits before any. */
  section: { text: string; id: string } | null;
}

interface Scan {
  lines: string[];
  headings: MarkdownHeading[];
  blocks: CodeBlock[];
}

/** Drops a leading YAML frontmatter block; section and code reads never want it. */
export function stripFrontmatter(markdown: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(markdown);
  return match ? markdown.slice(match[0].length) : markdown;
}

function scan(markdown: string): Scan {
  const lines = stripFrontmatter(markdown).split(/\r?\n/);
  const slugger = new GithubSlugger();
  const headings: MarkdownHeading[] = [];
  const blocks: CodeBlock[] = [];
  let fence: { marker: string; info: string; start: number; section: CodeBlock["section"] } | undefined;
  let section: CodeBlock["section"] = null;
  lines.forEach((line, index) => {
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1];
      if (close && close[0] === fence.marker[0] && close.length >= fence.marker.length) {
        const [language, ...meta] = fence.info.split(/\s+/).filter(Boolean);
        blocks.push({
          language: language ? language.toLowerCase() : null,
          meta: meta.length ? meta.join(" ") : null,
          code: lines.slice(fence.start + 1, index).join("\n"),
          section: fence.section,
        });
        fence = undefined;
      }
      return;
    }
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    // A backtick fence's info string may not contain backticks (CommonMark); that line is inline code instead.
    if (open && !(open[1][0] === "`" && open[2].includes("`"))) {
      fence = { marker: open[1], info: open[2].trim(), start: index, section };
      return;
    }
    const heading = /^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!heading) return;
    const text = heading[2].trim();
    const entry = { depth: heading[1].length, text, id: slugger.slug(plainText(text) || "section"), line: index };
    headings.push(entry);
    if (entry.depth >= 2) section = { text: entry.text, id: entry.id };
  });
  return { lines, headings, blocks };
}

/** Inline Markdown stripped for comparisons: `**Retry** \`policy\`` → `Retry policy`. */
export function plainText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*_~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function listHeadings(markdown: string): MarkdownHeading[] {
  return scan(markdown).headings;
}

export function extractCodeBlocks(markdown: string): CodeBlock[] {
  return scan(markdown).blocks;
}

/**
 * The part of the document under one heading, up to the next heading of the same or a higher level.
 * `name` matches heading text case-insensitively (inline formatting ignored) or the heading id; an exact match wins
 * over a heading that merely contains the words.
 */
export function findSection(markdown: string, name: string): { heading: MarkdownHeading; markdown: string } | null {
  const { lines, headings } = scan(markdown);
  const raw = name.trim().replace(/^#+\s*/, "");
  const wanted = plainText(raw).toLowerCase();
  const id = raw.toLowerCase();
  if (!wanted && !id) return null;
  const heading =
    headings.find((h) => plainText(h.text).toLowerCase() === wanted || h.id === id) ??
    (wanted ? headings.find((h) => plainText(h.text).toLowerCase().includes(wanted)) : undefined);
  if (!heading) return null;
  const next = headings.find((h) => h.line > heading.line && h.depth <= heading.depth);
  const body = lines
    .slice(heading.line, next ? next.line : lines.length)
    .join("\n")
    .trimEnd();
  return { heading, markdown: `${body}\n` };
}
