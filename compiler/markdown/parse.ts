/**
 * Parses a page body into mdast: GFM and directives (`:::tip` admonitions, issue 10) always, the MDX syntax only for
 * `.mdx` files (with Docusaurus's HTML comments, mdx-comments.ts). A page without autolink literals is parsed
 * without looking for them, to the same tree (autolink-literals.ts), and tables are looked for only above a possible
 * delimiter row (table-lookahead.ts). The plain blocks of a Markdown page (prose, headings, code, simple lists and
 * tables) are built without micromark (lift/lift.ts).
 */
import type { Root } from "mdast";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { VFile } from "vfile";
import type { BuildMessage } from "../diagnostics.ts";
import { likelyHoldsAutolinkLiterals, mayHoldAutolinkLiterals, withoutAutolinkLiterals } from "./autolink-literals.ts";
import { normalizeContainerSyntax } from "./container-syntax.ts";
import { liftBlocks, restoreBlocks } from "./lift/lift.ts";
import { htmlCommentsAsMdx } from "./mdx-comments.ts";
import { parsingSource, tablesBeforeDelimiterRows } from "./table-lookahead.ts";

const markdownParser = unified().use(remarkParse).use(remarkGfm).use(tablesBeforeDelimiterRows).use(remarkDirective);
const mdxParser = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkGfm)
  .use(tablesBeforeDelimiterRows)
  .use(remarkDirective);
const literalFreeParsers = {
  md: markdownParser().use(withoutAutolinkLiterals),
  mdx: mdxParser().use(withoutAutolinkLiterals),
};

export interface ParsedBody {
  tree?: Root;
  file: VFile;
  messages: BuildMessage[];
}

/** What parses a page's body: parseBody, or a stand-in that has it parsed on another thread (parse-ahead.ts). */
export type BodyParser = (
  body: string,
  syntax: "md" | "mdx",
  path: string,
  sourcePath: string,
) => ParsedBody | Promise<ParsedBody>;

export function parseBody(body: string, syntax: "md" | "mdx", path: string, sourcePath: string): ParsedBody {
  // The file holds the text that was parsed, so node offsets index into `file.value`.
  const normalized = normalizeContainerSyntax(body);
  const file = new VFile({ path, value: syntax === "mdx" ? htmlCommentsAsMdx(normalized) : normalized });
  try {
    const tree = parseTree(file, String(file.value), syntax);
    return { tree, file, messages: [] };
  } catch (error) {
    return { file, messages: [messageFromVFileError(error, sourcePath, syntax)] };
  }
}

/**
 * Parses the page with its plain blocks built by lift/ (lift.ts); whole when it has none, when micromark does not
 * confirm where they stand, or when the rest fails to parse (so an error's place is the page's).
 */
function parseTree(file: VFile, text: string, syntax: "md" | "mdx"): Root {
  const lifted = liftBlocks(text, syntax);
  if (lifted) {
    let rest: Root | undefined;
    try {
      rest = micromarkTree(new VFile({ path: file.path, value: lifted.text }), syntax);
    } catch {
      // Parsed whole below, for the error's place.
    }
    const tree = rest && restoreBlocks(rest, lifted);
    if (tree) return tree;
  }
  return micromarkTree(file, syntax);
}

/** The tree micromark parses from the file's text alone (no block lifted). */
export function micromarkTree(file: VFile, syntax: "md" | "mdx"): Root {
  const text = String(file.value);
  return parsingSource(text, () => {
    const full = syntax === "mdx" ? mdxParser : markdownParser;
    if (likelyHoldsAutolinkLiterals(text)) return full.parse(file) as Root;
    let tree: Root | undefined;
    try {
      tree = literalFreeParsers[syntax].parse(file) as Root;
    } catch {
      // A page that does not parse is parsed in full, so its error is the full parser's.
    }
    return tree && !mayHoldAutolinkLiterals(tree) ? tree : (full.parse(file) as Root);
  });
}

/** unified errors carry `line`/`column`; a stray JS error becomes a file-level message. */
export function messageFromVFileError(error: unknown, sourcePath: string, syntax: "md" | "mdx" = "mdx"): BuildMessage {
  const e = error as { reason?: string; message?: string; line?: number | null; column?: number | null; url?: string };
  const text = e.reason ?? e.message ?? String(error);
  // micromark puts the place only in the text: "Expected a closing tag for `<Callout>` (3:1-3:10)".
  const place = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(text);
  return {
    severity: "error",
    rule: "mdx/invalid",
    file: sourcePath,
    line: e.line ?? (place ? Number(place[1]) : undefined),
    column: e.column ?? (place ? Number(place[2]) : undefined),
    reason: `invalid ${syntax === "mdx" ? "MDX" : "Markdown"}: ${text.replace(/\s*\(\d+:\d+(-\d+:\d+)?\)/, "")}`,
    hint: e.url ? `see ${e.url}` : undefined,
  };
}
