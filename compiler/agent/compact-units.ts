/**
 * SPEC 2.7 rule 4 / issue 15: a machine document cut into the units the compactor keeps or drops, in document order.
 * Headings, code blocks, tables and commands are kept; paragraphs become sentences and lists become items, each
 * scored for the facts it carries; chrome (thematic breaks, comments, tour-guide phrases) and repeated sentences are
 * marked for dropping.
 */
import type { Root, RootContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

export interface Unit {
  text: string;
  /** Index of the block the unit belongs to; units of one block are joined by `joiner`. */
  block: number;
  joiner: " " | "\n";
  /** Never dropped: headings, code, tables, commands. */
  kept: boolean;
  /** Dropped before anything else: chrome and repetition. */
  noise: boolean;
  /** Facts carried: higher stays longer. */
  score: number;
}

const parser = unified().use(remarkParse).use(remarkGfm);

const CHROME =
  /^(in this (guide|page|section|tutorial|article)\b|this (guide|page|section|tutorial) (will|shows|explains|walks|covers)\b|let['’]s\b|let us\b|we['’]ll\b|we will\b|happy (coding|hacking)|congratulations|as (mentioned|noted|we saw|you can see)\b|in summary\b|to summari[sz]e\b|that['’]s it\b|and that['’]s it\b|read on\b|keep reading\b|next,? we\b|now that you\b)/i;
const MODAL =
  /\b(must|never|always|required|requires|default|defaults|only|cannot|can['’]t|do not|don['’]t|should|at least|at most|up to|fails?|errors?|returns?)\b/i;
const COMMAND = /^\s*(\$ |npm |npx |pnpm |yarn |bun |deno |node |git |curl |docker |kubectl |pip |cargo |go )/;

export function compactUnits(markdown: string): Unit[] {
  const tree = parser.parse(markdown) as Root;
  const units: Unit[] = [];
  const seen = new Set<string>();
  tree.children.forEach((node, block) => {
    const source = sliceOf(markdown, node);
    switch (node.type) {
      case "heading":
      case "code":
      case "table":
      case "definition":
        units.push({ text: source, block, joiner: "\n", kept: true, noise: false, score: 100 });
        return;
      case "thematicBreak":
        units.push({ text: source, block, joiner: "\n", kept: false, noise: true, score: 0 });
        return;
      case "html":
        units.push({
          text: source,
          block,
          joiner: "\n",
          kept: false,
          noise: /^<!--[\s\S]*-->$/.test(source.trim()),
          score: 1,
        });
        return;
      case "paragraph":
        for (const sentence of sentencesOf(source)) units.push(scored(sentence, block, " ", seen));
        return;
      case "list":
        for (const item of node.children) {
          const text = sliceOf(markdown, item);
          const unit = scored(text, block, "\n", seen);
          // An item with a code block or a command is a step, not prose.
          if (
            item.children.some((child) => child.type === "code") ||
            COMMAND.test(text.replace(/^\s*([-*+]|\d+[.)])\s+/, "").replace(/`/g, ""))
          )
            unit.kept = true;
          units.push(unit);
        }
        return;
      default:
        units.push(scored(source, block, "\n", seen));
    }
  });
  return units;
}

function scored(text: string, block: number, joiner: " " | "\n", seen: Set<string>): Unit {
  const key = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  const repeated = key !== "" && seen.has(key);
  seen.add(key);
  const plain = text.replace(/^\s*([-*+]|\d+[.)]|>)\s+/, "");
  let score = 0;
  if (/`[^`]+`/.test(text)) score += 3;
  if (/\d/.test(plain)) score += 2;
  if (/\]\([^)]+\)/.test(text)) score += 2;
  if (MODAL.test(plain)) score += 2;
  if (/\b[\w-]+\/[\w./-]+|\b\w+\.(ts|js|json|ya?ml|toml|md|sh|env)\b|\b[a-z]+[A-Z]\w+\b/.test(plain)) score += 1;
  return { text, block, joiner, kept: false, noise: repeated || CHROME.test(plain.replace(/^\*\*|\*\*$/g, "")), score };
}

/** Sentences of a paragraph's Markdown: split after `.`, `!` or `?` before a capital, a backtick, a link or emphasis. */
export function sentencesOf(paragraph: string): string[] {
  return paragraph
    .replace(/\s*\n\s*/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z`[*_"(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function sliceOf(markdown: string, node: RootContent | { position?: RootContent["position"] }): string {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? start;
  return markdown.slice(start, end);
}
