/**
 * The page title (SPEC 2.6 `title`): the frontmatter `title`, or else the page's leading `# heading`, as Markdown
 * written for other tools does. The layout prints the page's one H1, so a leading `# heading` is taken out of the body
 * (HTML and `.md` alike). When it says something other than the frontmatter `title`, it is the page's `heading`: the
 * H1 shown on the page and atop its `.md`, as Docusaurus shows a document's own H1 rather than its `title`, which
 * stays the page's name in `<title>`, the sidebar, search and llms.txt.
 */
import type { Heading, Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import type { BuildMessage } from "../diagnostics.ts";
import type { TextEdit } from "./text-edits.ts";

export interface PageTitle {
  title?: string;
  /** The leading H1's text, when the page shows it instead of a frontmatter `title` that differs. */
  heading?: string;
  /** Removal of the title heading from the source text, when it was taken out of the tree. */
  edit?: TextEdit;
  messages: BuildMessage[];
}

/** Decides the title and removes the title heading from `tree` (mutated). */
export function takePageTitle(tree: Root, frontmatterTitle: string | undefined, file: string): PageTitle {
  const index = leadingHeadingIndex(tree);
  const heading = index === undefined ? undefined : (tree.children[index] as Heading);
  // Raw HTML is no text of the title (`# Retry <Badge text="beta" />`), as in the heading's id (headings.ts).
  const headingText = heading ? oneLine(toString(heading, { includeHtml: false })) : "";
  const title = frontmatterTitle ?? (headingText || undefined);
  if (title === undefined) {
    return {
      messages: [
        {
          severity: "error",
          rule: "content/no-title",
          file,
          line: 1,
          column: 1,
          reason: "the page has no title: no `title` in its frontmatter and no `# heading` opening its content",
          hint: "start the page with a `# Title` line, or add `title: ...` between --- fences at the top",
        },
      ],
    };
  }
  if (index === undefined || !headingText) return { title, messages: [] };
  tree.children.splice(index, 1);
  const start = heading!.position?.start.offset;
  const end = heading!.position?.end.offset;
  const edit = start !== undefined && end !== undefined ? { start, end, text: "" } : undefined;
  return { title, ...(headingText !== oneLine(title) && { heading: headingText }), messages: [], edit };
}

/** Index of a depth-1 heading that comes before any content (imports, exports and comments do not count). */
function leadingHeadingIndex(tree: Root): number | undefined {
  for (let i = 0; i < tree.children.length; i++) {
    const node = tree.children[i];
    if (isPreamble(node)) continue;
    return node.type === "heading" && node.depth === 1 ? i : undefined;
  }
  return undefined;
}

function isPreamble(node: RootContent): boolean {
  switch (node.type) {
    case "mdxjsEsm":
    case "definition":
      return true;
    case "html":
      return /^\s*<!--[\s\S]*-->\s*$/.test(node.value);
    case "mdxFlowExpression":
      return /^\s*\/\*[\s\S]*\*\/\s*$/.test(node.value);
    default:
      return false;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
