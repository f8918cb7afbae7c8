/**
 * Search chunks (SPEC 2.14 `chunking`): a page split at its `##`/`###` headings. Human chunks come from the
 * human projection (public search never sees <Agent> text); agent chunks from the agent Markdown (MCP search).
 * SPEC 2.6 puts the Agent Contract fields into search and Ask AI context: agent chunks cover the `## Agent Contract`
 * section exactly as the page's `.md` prints it, and public search gets the same fields as one plain-text section.
 */
import GithubSlugger from "github-slugger";
import type { Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import { collapseWhitespace } from "../../runtime/search/whitespace.ts";
import { isHumanOnlyMarker } from "../markdown/audience.ts";
import { CONTRACT_END, CONTRACT_START } from "../render/agent-contract.ts";
import type { AgentContract, SearchChunk } from "./types.ts";

interface PageRef {
  path: string;
  route: string;
  title: string;
  /** The H1 the page shows instead of its title (page-title.ts): searched as the opening of the page's first chunk. */
  heading?: string;
  description?: string;
}

/** Human chunks from the projected tree; headings already carry their HTML ids. */
export function chunksFromTree(tree: Root, page: PageRef): SearchChunk[] {
  const sections: { heading?: { text: string; id: string }; parts: string[] }[] = [{ parts: [] }];
  for (const node of tree.children.flatMap(unmarked)) {
    if (node.type === "heading" && (node.depth === 2 || node.depth === 3)) {
      const id = String((node.data?.hProperties as { id?: string } | undefined)?.id ?? "");
      sections.push({ heading: { text: toString(node).trim(), id }, parts: [] });
    } else {
      const text = textOf(node);
      if (text) sections[sections.length - 1].parts.push(text);
    }
  }
  return sections.flatMap((section, index) => toChunk(page, index, section.heading, section.parts.join("\n")));
}

/**
 * The human chunk of a page's contract. The HTML page has no contract section to link to, so it points at the page;
 * its content is every field as a labelled line, so `rollback` or a failure's symptom finds the page.
 */
export function chunksFromContract(contract: AgentContract | undefined, page: PageRef): SearchChunk[] {
  if (!contract) return [];
  const list = (label: string, items: string[]) => (items.length > 0 ? `${label}: ${items.join("; ")}` : "");
  const { appliesTo } = contract;
  const content = [
    contract.task && `Task: ${contract.task}`,
    contract.outcome && `Outcome: ${contract.outcome}`,
    list("Framework", appliesTo.framework),
    list("Version", appliesTo.version),
    list("Package", appliesTo.package),
    list("Prerequisites", contract.prerequisites),
    list("Files", contract.files),
    list(
      "Commands",
      contract.commands.map((c) => [c.run, c.description && `(${c.description})`].filter(Boolean).join(" ")),
    ),
    list("Side effects", contract.sideEffects),
    list(
      "Verification",
      contract.verification.map((v) =>
        [v.description, v.run, v.expect && `expect ${v.expect}`].filter(Boolean).join(" "),
      ),
    ),
    list("Rollback", contract.rollback),
    list(
      "Failure modes",
      contract.failureModes.map((f) => (f.resolution ? `${f.symptom} (recovery: ${f.resolution})` : f.symptom)),
    ),
  ]
    .filter(Boolean)
    .join("\n");
  if (!content) return [];
  return [
    {
      id: `${page.path}#agent-contract`,
      path: page.path,
      url: page.route,
      title: page.title,
      section: "Agent Contract",
      content,
      description: page.description,
      type: "section",
    },
  ];
}

/**
 * Agent chunks from Markdown text: split at `##`/`###` outside code fences; content stays Markdown. `contract` is the
 * rendered `## Agent Contract` section the `.md` ends with; its marker comments are not content.
 */
export function chunksFromMarkdown(body: string, page: PageRef, contract?: string): SearchChunk[] {
  const markers = new Set([CONTRACT_START, CONTRACT_END]);
  const markdown = contract
    ? `${body}\n\n${contract
        .split("\n")
        .filter((line) => !markers.has(line))
        .join("\n")}`
    : body;
  const slugger = new GithubSlugger();
  const sections: { heading?: { text: string; id: string }; lines: string[] }[] = [{ lines: [] }];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? undefined : marker;
    const heading = fence ? undefined : /^(#{2,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) sections.push({ heading: { text: heading[2], id: slugger.slug(heading[2]) }, lines: [] });
    else sections[sections.length - 1].lines.push(line);
  }
  return sections.flatMap((section, index) => toChunk(page, index, section.heading, section.lines.join("\n").trim()));
}

/** `page` chunking: the whole page as one chunk. */
export function mergeChunks(chunks: SearchChunk[], page: PageRef): SearchChunk[] {
  if (chunks.length === 0) return [];
  const content = chunks
    .map((c) => (c.section ? `${c.section}\n${c.content}` : c.content))
    .join("\n\n")
    .trim();
  return [
    {
      id: page.path,
      path: page.path,
      url: page.route,
      title: page.title,
      section: null,
      content,
      description: page.description,
      type: "page",
    },
  ];
}

function toChunk(
  page: PageRef,
  index: number,
  heading: { text: string; id: string } | undefined,
  text: string,
): SearchChunk[] {
  const content = index === 0 && page.heading ? [page.heading, text].filter(Boolean).join("\n") : text;
  if (!heading && !content) return [];
  return [
    {
      id: heading ? `${page.path}#${heading.id}` : page.path,
      path: page.path,
      url: heading ? `${page.route}#${heading.id}` : page.route,
      title: page.title,
      section: heading?.text ?? null,
      content,
      description: page.description,
      type: index === 0 && !heading ? "page" : "section",
    },
  ];
}

/** Human-only marker elements (compiler/markdown/audience.ts) hold ordinary flow content: read through them. */
function unmarked(node: RootContent): RootContent[] {
  return isHumanOnlyMarker(node) ? (node.children as RootContent[]).flatMap(unmarked) : [node];
}

function textOf(node: RootContent): string {
  if (node.type === "html" || node.type.startsWith("mdxjs") || node.type === "mdxFlowExpression") return "";
  return collapseWhitespace(blockText(node)).trim();
}

/** Nodes whose children are separate words: table cells, list items, the blocks inside a quote or component. */
const SEPARATED = new Set(["table", "tableRow", "tableCell", "list", "listItem", "blockquote", "mdxJsxFlowElement"]);

/**
 * The words of a block. `mdast-util-to-string` joins children with nothing between them, which glued a table's
 * cells into one word ("OptionDefaultretries3…") that no query could find.
 */
function blockText(node: RootContent): string {
  if (node.type === "html") return "";
  if (node.type === "break") return " ";
  if (!("children" in node)) return toString(node, { includeHtml: false });
  const parts = (node.children as RootContent[]).map(blockText);
  return parts.join(SEPARATED.has(node.type) ? " " : "");
}
