/**
 * Partials: page content kept in a file of its own. Docusaurus imports one into an MDX page (`import Setup from
 * "./_setup.mdx"`, then `<Setup />` or `<Setup product="Beacon" />`); VitePress includes one in a `.md` page
 * (`<!--@include: ./parts/setup.md-->`, include-lines.ts). Each element or comment becomes the partial's content in
 * the page's tree, so the text is in the HTML, the `.md` projection and search alike.
 *
 * A partial is read with the page's syntax (Docusaurus parses an imported `.md` as MDX), without its frontmatter, and
 * lowered as a page is (foreign-syntax.ts) in its own file's name, so its messages point at its own lines. Its nodes
 * then lose their positions, which index the partial's text and not the page's, and the page's `.md` serializes them.
 * In MDX, `{props.name}` (as an expression or an attribute's value) becomes the element's attribute of that name, and
 * `{props.children}` its children; the partial's remaining imports move to the page, relative paths rebased, and so
 * do its links to files and its images (partial-links.ts).
 *
 * Only files inside the site's folder are read. A missing file, a partial that includes itself, `props` read in any
 * other way, and a partial of several blocks used inside a line of text are reported at the import or the comment
 * (`mdx/partial`, `markdown/missing-include`), and the page keeps nothing of that partial.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ImportDeclaration, Program } from "estree";
import type { Html, PhrasingContent, Root, RootContent } from "mdast";
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import type { MdxjsEsm } from "mdast-util-mdxjs-esm";
import type { VFile } from "vfile";
import { readFrontmatterBlock } from "../content/frontmatter-block.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { protectHeadingIds } from "../links/custom-heading-ids.ts";
import { regionRange } from "./code-snippets.ts";
import { includeTarget, type IncludeTarget } from "./include-lines.ts";
import { rebaseFileLinks } from "./partial-links.ts";
import { parseBody } from "./parse.ts";
import { walk } from "./walk.ts";
import { keepWrittenIn } from "./written-in.ts";

export interface PartialFolders {
  /** The site's folder: no partial is read from outside it. */
  root: string;
  /** Where `@/` points in an include. */
  contentDir: string;
}

/** Lowers a partial's tree as its page's is (foreign-syntax.ts); `chain`: the files inlining it, outermost first. */
export type LowerPartial = (
  tree: Root,
  file: VFile,
  syntax: "md" | "mdx",
  sourcePath: string,
  chain: readonly string[],
) => { messages: BuildMessage[] };

export interface InlinedPartials {
  changed: boolean;
  messages: BuildMessage[];
}

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;
type Located = { line?: number; column?: number };

/** A partial read and lowered: its content and the ESM statements that move to the page. */
interface Partial {
  blocks: RootContent[];
  esm: MdxjsEsm[];
}

/**
 * Replaces, in place, the partials `tree` imports (MDX) or includes (`.md`). `file` is the tree's file (a page or,
 * nested, a partial); `chain` the files already being inlined, `file` last.
 */
export function inlinePartials(
  tree: Root,
  file: VFile,
  syntax: "md" | "mdx",
  sourcePath: string,
  folders: PartialFolders,
  chain: readonly string[],
  lower: LowerPartial,
): InlinedPartials {
  // Most pages hold neither: no walk for them.
  if (syntax === "md" && !String(file.value).includes("@include:")) return { changed: false, messages: [] };
  const context: Context = { folders, chain, lower, sourcePath, dir: path.dirname(file.path), messages: [] };
  const changed = syntax === "mdx" ? inlineImports(tree, context) : inlineIncludes(tree, context);
  return { changed, messages: context.messages };
}

interface Context {
  folders: PartialFolders;
  chain: readonly string[];
  lower: LowerPartial;
  sourcePath: string;
  /** The folder of the file whose tree this is. */
  dir: string;
  messages: BuildMessage[];
}

// ---- VitePress: `<!--@include: …-->` in `.md` --------------------------------------------------------------------

function inlineIncludes(tree: Root, context: Context): boolean {
  const read = new Map<string, Partial | undefined>();
  return replaceNodes(tree, (child, parent) => {
    if (child.type !== "html") return undefined;
    const target = includeTarget(child.value, context.dir, context.folders.contentDir);
    if (!target) return undefined;
    const key = `${target.file}#${target.region ?? ""}{${target.from ?? ""},${target.to ?? ""}}`;
    if (!read.has(key)) read.set(key, readInclude(target, child, context));
    const partial = read.get(key);
    if (!partial) return [];
    if (!PHRASING_PARENTS.has(parent.type)) return clone(partial.blocks);
    const phrasing = phrasingOf(partial.blocks);
    if (phrasing) return clone(phrasing) as RootContent[];
    context.messages.push(
      message("markdown/missing-include", context, child.position?.start, {
        reason: `${child.value.trim()} includes several blocks inside a line of text`,
        hint: "put the include comment on a line of its own",
      }),
    );
    return [];
  });
}

/** Parents whose children are phrasing: an include there is inside a line of text. */
const PHRASING_PARENTS = new Set(["paragraph", "heading", "emphasis", "strong", "delete", "link", "tableCell"]);

function readInclude(target: IncludeTarget, node: Html, context: Context): Partial | undefined {
  const at = node.position?.start;
  const fail = (reason: string) => {
    context.messages.push(
      message("markdown/missing-include", context, at, {
        reason,
        hint: "`@/` is the content folder; a path without it is relative to the including file",
      }),
    );
    return undefined;
  };
  const text = readInside(target.file, target.written, context);
  if (typeof text !== "string") return fail(text.error);
  const lines = selectedLines(text, target);
  if (lines === undefined) return fail(`include ${target.written} has no region "${target.region}"`);
  return lowered(target.file, lines, "md", context);
}

/**
 * The text an include selects, as whole lines of the file (blank lines in place of the others, so a message about
 * the partial points at its own line), or undefined when the region is missing.
 */
function selectedLines(text: string, target: IncludeTarget): string | undefined {
  if (target.region === undefined && target.from === undefined && target.to === undefined) {
    return readFrontmatterBlock(text).body ?? text;
  }
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let first = 0;
  let last = lines.length - 1;
  if (target.region !== undefined) {
    const range = regionRange(lines, target.region);
    if (!range) return undefined;
    ({ first, last } = range);
  }
  const from = Math.max(first, first + (target.from ?? 1) - 1);
  const to = Math.min(last, target.to === undefined ? last : first + target.to - 1);
  return lines.map((line, index) => (index >= from && index <= to ? line : "")).join("\n");
}

// ---- Docusaurus: `.md(x)` partials imported by MDX -----------------------------------------------------------

function inlineImports(tree: Root, context: Context): boolean {
  const partials = new Map<string, Partial | undefined>();
  tree.children = tree.children.filter((node) => node.type !== "mdxjsEsm" || keepsStatements(node, partials, context));
  if (partials.size === 0) return false;
  const moved = [...partials.values()].flatMap((partial) => partial?.esm ?? []);
  const isPartial = (node: RootContent | undefined): node is Jsx =>
    (node?.type === "mdxJsxFlowElement" || node?.type === "mdxJsxTextElement") && partials.has(node.name ?? "");
  replaceNodes(tree, (child) => {
    // `<Setup />` alone on a line of a paragraph is the partial's blocks.
    const alone = child.type === "paragraph" && child.children.length === 1 ? child.children[0] : undefined;
    const element = isPartial(alone) ? alone : isPartial(child) ? child : undefined;
    if (!element) return undefined;
    const partial = partials.get(element.name!);
    if (!partial) return [];
    const blocks = withProps(clone(partial.blocks), element, context);
    if (element !== child || child.type === "mdxJsxFlowElement") return blocks;
    const phrasing = phrasingOf(blocks);
    if (phrasing) return phrasing as RootContent[];
    context.messages.push(
      message("mdx/partial", context, child.position?.start, {
        reason: `<${element.name}> is a partial of several blocks, used inside a line of text`,
        hint: `put <${element.name} /> on a line of its own`,
      }),
    );
    return [];
  });
  tree.children.unshift(...withoutRepeats(moved, tree));
  return true;
}

/**
 * Replaces nodes across `tree`: `replace` gives a child's new nodes, or undefined to keep it (and look inside). A
 * top-level block with a replacement inside loses its position, so the page's `.md` serializes it rather than
 * copying its source text. Whether anything was replaced.
 */
function replaceNodes(
  tree: Root,
  replace: (child: RootContent, parent: Root | RootContent) => RootContent[] | undefined,
): boolean {
  let any = false;
  tree.children = tree.children.flatMap((block) => {
    const top = replace(block, tree);
    if (top) {
      any = true;
      return top;
    }
    let inside = false;
    walk<RootContent>(block, (node) => {
      if (!("children" in node)) return;
      node.children = (node.children as RootContent[]).flatMap((child) => {
        const replaced = replace(child, node);
        inside ||= replaced !== undefined;
        return replaced ?? [child];
      }) as typeof node.children;
    });
    if (inside) delete block.position;
    any ||= inside;
    return [block];
  });
  return any;
}

/**
 * Takes the partials' imports out of an ESM node (reading each partial, by local name) and whether anything is left.
 * A partial import's named specifiers (Docusaurus's `toc`) go with it.
 */
function keepsStatements(node: MdxjsEsm, partials: Map<string, Partial | undefined>, context: Context): boolean {
  const program = node.data?.estree;
  if (!program) return true;
  const before = program.body.length;
  program.body = program.body.filter((statement) => {
    if (statement.type !== "ImportDeclaration" || !isPartialSource(String(statement.source.value))) return true;
    const local = statement.specifiers.find((s) => s.type === "ImportDefaultSpecifier")?.local.name;
    const at = statement.loc ? { line: statement.loc.start.line, column: statement.loc.start.column + 1 } : undefined;
    if (local) partials.set(local, readImported(String(statement.source.value), at, context));
    return false;
  });
  return program.body.length === before || program.body.length > 0;
}

/** `./_setup.mdx`, `../shared/note.md`, `@site/docs/_setup.mdx`: a Markdown file as a component. */
function isPartialSource(source: string): boolean {
  return /\.mdx?$/.test(source) && (source.startsWith(".") || source.startsWith("@site/"));
}

function readImported(written: string, at: Located | undefined, context: Context): Partial | undefined {
  const file = written.startsWith("@site/")
    ? path.join(context.folders.root, written.slice("@site/".length))
    : path.resolve(context.dir, written);
  const text = readInside(file, written, context);
  if (typeof text !== "string") {
    context.messages.push(message("mdx/partial", context, at, { reason: text.error, hint: text.hint }));
    return undefined;
  }
  const body = readFrontmatterBlock(text).body ?? text;
  return lowered(file, protectHeadingIds(body), "mdx", context);
}

/** `{props.name}` and `name={props.name}` take the element's attribute; `{props.children}` its children. */
function withProps(blocks: RootContent[], element: Jsx, context: Context): RootContent[] {
  const attributes = new Map<string, MdxJsxAttribute["value"]>();
  for (const attribute of element.attributes) {
    if (attribute.type === "mdxJsxAttribute") attributes.set(attribute.name, attribute.value);
  }
  const holder: Root = { type: "root", children: blocks };
  let unread = false;
  walk<Root | RootContent>(holder, (node) => {
    if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      node.attributes = node.attributes.flatMap((attribute) => {
        const name = attribute.value && typeof attribute.value !== "string" ? propName(attribute.value) : undefined;
        if (name === undefined || attribute.type !== "mdxJsxAttribute") return [attribute];
        const value = attributes.get(name);
        return value === undefined ? [] : [{ ...attribute, value: clone(value) }];
      });
    }
    if (!("children" in node)) return;
    node.children = (node.children as RootContent[]).flatMap((child): RootContent[] => {
      if (child.type !== "mdxFlowExpression" && child.type !== "mdxTextExpression") return [child];
      const name = propName(child);
      if (name === undefined) {
        unread ||= readsProps(child.data?.estree);
        return [child];
      }
      if (name === "children") return clone(element.children) as RootContent[];
      const value = attributes.get(name);
      if (value === undefined) return [];
      if (typeof value === "string" || value === null) {
        const text = { type: "text" as const, value: value ?? "" };
        return [child.type === "mdxFlowExpression" ? { type: "paragraph", children: [text] } : text];
      }
      return [{ ...child, value: value.value, data: clone(value.data) }];
    }) as typeof node.children;
  });
  if (unread) {
    context.messages.push(
      message("mdx/partial", context, element.position?.start, {
        reason: `<${element.name}> is a partial that reads \`props\` in an expression; only \`{props.name}\` is filled in`,
        hint: "give the value as an attribute and write `{props.name}` in the partial, or move the expression to the page",
      }),
    );
  }
  return holder.children;
}

/** `name` when an expression is exactly `props.name`. */
function propName(node: { data?: { estree?: Program | null } }): string | undefined {
  const statement = node.data?.estree?.body[0];
  if (node.data?.estree?.body.length !== 1 || statement?.type !== "ExpressionStatement") return undefined;
  const expression = statement.expression;
  if (expression.type !== "MemberExpression" || expression.computed) return undefined;
  if (expression.object.type !== "Identifier" || expression.object.name !== "props") return undefined;
  return expression.property.type === "Identifier" ? expression.property.name : undefined;
}

function readsProps(program: Program | null | undefined): boolean {
  return program ? /"name":"props"/.test(JSON.stringify(program)) : false;
}

/** The moved imports, without the specifiers the page (or an earlier partial) already imports from the same file. */
function withoutRepeats(moved: MdxjsEsm[], tree: Root): MdxjsEsm[] {
  const seen = new Set<string>();
  const keyOf = (statement: ImportDeclaration, local: string) => `${local}\u0000${String(statement.source.value)}`;
  for (const node of tree.children) {
    if (node.type !== "mdxjsEsm") continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type === "ImportDeclaration")
        for (const s of statement.specifiers) seen.add(keyOf(statement, s.local.name));
    }
  }
  return moved.flatMap((node) => {
    const program = node.data?.estree;
    if (!program) return [node];
    program.body = program.body.filter((statement) => {
      if (statement.type !== "ImportDeclaration" || statement.specifiers.length === 0) return true;
      statement.specifiers = statement.specifiers.filter((s) => {
        const key = keyOf(statement, s.local.name);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return statement.specifiers.length > 0;
    });
    return program.body.length > 0 ? [node] : [];
  });
}

// ---- Reading and lowering ------------------------------------------------------------------------------------------

/** The file's text, or why it cannot be read (outside the site, missing, the file itself again). */
function readInside(file: string, written: string, context: Context): string | { error: string; hint?: string } {
  const inSite = path.relative(context.folders.root, file);
  if (inSite.startsWith("..") || path.isAbsolute(inSite)) return { error: `${written} is outside the site's folder` };
  if (context.chain.includes(file)) {
    return {
      error: `${written} includes itself (${[...context.chain.map(rel(context)), rel(context)(file)].join(" → ")})`,
    };
  }
  try {
    return readFileSync(file, "utf8");
  } catch {
    return {
      error: `${written} names no readable file`,
      hint: "a partial's path is relative to the file that imports it",
    };
  }
}

function rel(context: Context): (file: string) => string {
  return (file) => path.relative(context.folders.root, file).split(path.sep).join("/");
}

/** Parses and lowers a partial's text, then takes its positions and ESM statements off. */
function lowered(file: string, text: string, syntax: "md" | "mdx", context: Context): Partial | undefined {
  const sourcePath = rel(context)(file);
  const parsed = parseBody(text, syntax, file, sourcePath);
  context.messages.push(...parsed.messages);
  if (!parsed.tree) return undefined;
  const result = context.lower(parsed.tree, parsed.file, syntax, sourcePath, [...context.chain, file]);
  context.messages.push(...result.messages);
  // Imported (Docusaurus), its file links are the partial's; included (VitePress), its text is the page's.
  if (syntax === "mdx") rebaseFileLinks(parsed.tree, path.dirname(file), context.dir);
  walk(parsed.tree, (node) => {
    keepWrittenIn(node, sourcePath);
    delete node.position;
  });
  const esm: MdxjsEsm[] = [];
  const blocks = parsed.tree.children.filter((node) => {
    if (node.type !== "mdxjsEsm") return true;
    esm.push(rebased(node, path.dirname(file), context.dir));
    return false;
  });
  return { blocks, esm };
}

/** A partial's ESM node, its relative imports made relative to `to` (the importing page's folder). */
function rebased(node: MdxjsEsm, from: string, to: string): MdxjsEsm {
  for (const statement of node.data?.estree?.body ?? []) {
    if (statement.type !== "ImportDeclaration" || !String(statement.source.value).startsWith(".")) continue;
    let moved = path
      .relative(to, path.resolve(from, String(statement.source.value)))
      .split(path.sep)
      .join("/");
    if (!moved.startsWith(".")) moved = `./${moved}`;
    statement.source.value = moved;
    statement.source.raw = JSON.stringify(moved);
  }
  return node;
}

function phrasingOf(blocks: RootContent[]): PhrasingContent[] | undefined {
  if (blocks.length === 0) return [];
  return blocks.length === 1 && blocks[0].type === "paragraph" ? blocks[0].children : undefined;
}

function message(
  rule: "mdx/partial" | "markdown/missing-include",
  context: Context,
  at: Located | undefined,
  text: { reason: string; hint?: string },
): BuildMessage {
  // A missing include leaves a comment, which shows nothing, as VitePress leaves it; a missing import fails the page.
  const severity = rule === "mdx/partial" ? "error" : "warning";
  return { severity, rule, file: context.sourcePath, line: at?.line, column: at?.column, ...text };
}

function clone<T>(value: T): T {
  return structuredClone(value);
}
