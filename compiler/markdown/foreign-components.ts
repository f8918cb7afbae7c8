/**
 * Issue 10, Markdown written for other tools: MDX pages from Starlight and Docusaurus import their framework's
 * components (`import { Aside, Tabs, TabItem } from "@astrojs/starlight/components"`, `import TabItem from
 * "@theme/TabItem"`). Where a built-in does the same job, the import is dropped and each element becomes that
 * built-in, its attributes renamed to the built-in's (`<TabItem label>` → `<Tab title>`, `<Aside>` → `<Callout>`,
 * `<LinkCard description>` → a `<Card>` holding that text). Those with no built-in keep their text as HTML: a
 * `LinkButton` is a link, a `Badge` a styled badge, a `FileTree` its list; an `Icon` and an inline TOC are dropped,
 * and Docusaurus's `<Details summary>` is a `details` element. Starlight's `<Code code lang title>` and Docusaurus's
 * `<CodeBlock language title>{code}</CodeBlock>` become fenced code blocks, highlighted as such, when the code is a
 * string, a template literal, an `export const` of the page or a file's text (`!!raw-loader!`, `?raw`,
 * raw-imports.ts); computed code is an error at the element. A site's own Astro components (`import Box from
 * "../components/Box.astro"`) cannot run here: the import is dropped with a warning at it, and each element shows
 * its content without the component. Docusaurus's `<Link to>` is a link, `<ThemedImage sources>` its two images,
 * `useBaseUrl("/x")` the path itself (base-url-calls.ts); `<BrowserOnly>`, whose content runs only in a browser, is
 * dropped, and `<DocCardList>` shows the section's pages as cards (render/section-cards.ts). A name this module does
 * not know keeps its import, which fails as any unresolvable import does, at its statement.
 */
import path from "node:path";
import type { ImportDeclaration } from "estree";
import type { Code, InlineCode, Root, RootContent } from "mdast";
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import type { BuildMessage } from "../diagnostics.ts";
import { BADGE_TONES } from "./badges.ts";
import { inlineBaseUrlCalls } from "./base-url-calls.ts";
import { rawImportTexts } from "./raw-imports.ts";
import { staticAttribute } from "./jsx-attributes.ts";
import { type StaticScope, staticScope, staticText, staticValue } from "./static-value.ts";
import { SECTION_CARDS_ELEMENT } from "./section-cards-marker.ts";
import { walk } from "./walk.ts";
import { forgetPlaces } from "./written-blocks.ts";

interface Equivalent {
  /** The built-in component, or an HTML element; undefined to drop the element (a decorative icon). */
  name?: string;
  /** Attribute names the built-in spells otherwise. */
  rename?: Record<string, string>;
  /** An attribute whose text becomes the element's body. */
  body?: string;
  /** The only attributes an HTML element keeps (others, such as `variant`, are no HTML). */
  keep?: string[];
  /** The element is a code block: its `code`, `lang` and `title` attributes. */
  code?: true;
  /** The element is its content alone (an Astro component). */
  unwrap?: true;
  /** An attribute whose text becomes a first `<summary>` child (a `details` element). */
  summary?: string;
  /** An image of each of its `sources`, shown in their colour schemes (Docusaurus's `ThemedImage`). */
  themedImage?: true;
  /** A badge, styled by its `variant` (badges.ts). */
  badge?: true;
  /** Not a component: Docusaurus's `useBaseUrl` function (base-url-calls.ts). */
  baseUrl?: true;
  /** The section's cards (Docusaurus's `DocCardList`), put in by the emitters (section-cards-marker.ts). */
  sectionCards?: true;
  /** Not a component: Docusaurus's `useCurrentSidebarCategory`, read only as `<DocCardList items>`. */
  sidebarCategory?: true;
}

const ASTRO_COMPONENT = { unwrap: true } satisfies Equivalent;

/** The classes of a themed image's pair and of each of its images (templates/quire.css hides one of the two). */
export const THEMED_IMAGE_CLASSES = { pair: "q-themed-image", light: "q-light-only", dark: "q-dark-only" } as const;

const TAB = { name: "Tab", rename: { label: "title" } } satisfies Equivalent;

/** By module, then by imported name (`default` for a default import). */
const EQUIVALENTS: Record<string, Record<string, Equivalent>> = {
  "@astrojs/starlight/components": {
    Aside: { name: "Callout" },
    Tabs: { name: "Tabs" },
    TabItem: TAB,
    Card: { name: "Card" },
    CardGrid: { name: "Cards" },
    LinkCard: { name: "Card", body: "description" },
    Steps: { name: "Steps" },
    // No built-in, but the text survives: a link, a label, a list of files, no icon.
    LinkButton: { name: "a", keep: ["href"] },
    Badge: { name: "span", body: "text", keep: [], badge: true },
    FileTree: { name: "div", keep: [] },
    Icon: {},
    Code: { code: true },
  },
  "@theme/Tabs": { default: { name: "Tabs" } },
  "@theme/TabItem": { default: TAB },
  "@theme/Admonition": { default: { name: "Callout" } },
  "@theme/CodeBlock": { default: { code: true } },
  "@theme/Details": { default: { name: "details", keep: [], summary: "summary" } },
  // The page's table of contents is beside it.
  "@theme/TOCInline": { default: {} },
  "@theme/DocCardList": { default: { sectionCards: true } },
  "@docusaurus/theme-common": { useCurrentSidebarCategory: { sidebarCategory: true } },
  "@docusaurus/plugin-content-docs/client": { useCurrentSidebarCategory: { sidebarCategory: true } },
  "@theme/ThemedImage": {
    default: { name: "img", themedImage: true, keep: ["alt", "width", "height", "title"] },
  },
  "@docusaurus/Link": { default: { name: "a", rename: { to: "href" }, keep: ["href", "title", "target", "rel"] } },
  // Its content runs only in a browser; Docusaurus's own HTML leaves it out too.
  "@docusaurus/BrowserOnly": { default: {} },
  "@docusaurus/useBaseUrl": { default: { baseUrl: true } },
};

/** The modules whose imports this module replaces (cache/imports-modules.ts: they read no file). */
export const REPLACED_MODULES: ReadonlySet<string> = new Set(Object.keys(EQUIVALENTS));

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;

export interface ReplacedComponents {
  /** True when anything was replaced. */
  changed: boolean;
  /** An Astro component's import (warning); a code component whose code is computed (error). */
  messages: BuildMessage[];
}

/** Rewrites `tree` in place. `sourcePath`: the page, for messages. */
export function replaceForeignComponents(tree: Root, sourcePath: string, root?: string): ReplacedComponents {
  const local = new Map<string, Equivalent>();
  // The `export const` values a `<Code code={…}>` may name: read once, at the first code component, and before the
  // walk below changes the tree (the exports themselves stay).
  let scope: StaticScope | undefined;
  const messages: BuildMessage[] = [];
  const codeBlock = (element: Jsx, block?: boolean): RootContent[] => {
    scope ??= staticScope(tree, root ? rawImportTexts(tree, path.dirname(path.join(root, sourcePath)), root) : {});
    const code = codeOf(element, scope, block);
    if (!code) messages.push(computedCode(element, sourcePath));
    return code ? [code] : [];
  };
  tree.children = tree.children.filter(
    (node) =>
      node.type !== "mdxjsEsm" || keepsStatements(node, local, (m) => messages.push({ ...m, file: sourcePath })),
  );
  if (local.size === 0) return { changed: false, messages };
  for (const [name, equivalent] of local) {
    if (equivalent.baseUrl) messages.push(...inlineBaseUrlCalls(tree, name, sourcePath));
  }
  // Parents an inline Astro element was lifted out of: their text is no longer the source's (written-blocks.ts).
  const rewritten = new Set<Root | RootContent>();
  walk<Root | RootContent>(tree, (node) => {
    if (!("children" in node)) return;
    node.children = (node.children as RootContent[]).flatMap((child): RootContent[] => {
      // A code component alone on its line (`<CodeBlock>npm run build</CodeBlock>`) is a block, not inline code.
      const alone = child.type === "paragraph" && child.children.length === 1 ? child.children[0] : undefined;
      if (alone?.type === "mdxJsxTextElement" && alone.name && local.get(alone.name)?.code)
        return codeBlock(alone, true);
      if (child.type !== "mdxJsxFlowElement" && child.type !== "mdxJsxTextElement") return [child];
      const equivalent = child.name ? local.get(child.name) : undefined;
      if (!equivalent || equivalent.baseUrl || equivalent.sidebarCategory) return [child];
      if (equivalent.code) return codeBlock(child);
      if (equivalent.sectionCards) return [sectionCardsMarker(child, local, sourcePath, messages)];
      if (equivalent.unwrap) {
        if (child.type === "mdxJsxTextElement") rewritten.add(node);
        return child.children as RootContent[];
      }
      becomeBuiltIn(child, equivalent);
      if (equivalent.name === "Tabs") labelTabs(child, local);
      return equivalent.name === undefined ? [] : [child];
    }) as typeof node.children;
  });
  if (rewritten.size > 0) forgetPlaces(tree, rewritten);
  return { changed: true, messages };
}

/**
 * `<DocCardList />` as the element the emitters put the section's cards in place of. Its `items` are the section's
 * pages when written `useCurrentSidebarCategory().items`, as Docusaurus's docs show; other items are not read (a
 * warning at the element).
 */
function sectionCardsMarker(
  node: Jsx,
  local: Map<string, Equivalent>,
  sourcePath: string,
  messages: BuildMessage[],
): Jsx {
  const items = node.attributes.find((a) => a.type === "mdxJsxAttribute" && a.name === "items");
  const value = items?.value;
  const expression = typeof value === "object" && value ? value.value.trim() : undefined;
  const hook = expression?.match(/^([\w$]+)\(\)\.items$/)?.[1];
  if (items && !(hook && local.get(hook)?.sidebarCategory)) {
    messages.push({
      severity: "warning",
      rule: "mdx/doc-card-list",
      file: sourcePath,
      line: node.position?.start.line,
      column: node.position?.start.column,
      reason: "<DocCardList> lists the pages of the section this page lands; its `items` are not read",
      hint: "drop `items`, or link other pages with <Cards> and <Card title href>",
    });
  }
  const { name, attribute, value: marker } = SECTION_CARDS_ELEMENT;
  return {
    type: "mdxJsxFlowElement",
    name,
    attributes: [{ type: "mdxJsxAttribute", name: attribute, value: marker }],
    children: [],
    position: node.position,
  };
}

/**
 * Starlight's `<Code>` or Docusaurus's `<CodeBlock>` as a fenced block (inline, as inline code), or undefined when
 * its code is computed.
 */
function codeOf(
  node: Jsx,
  scope: StaticScope,
  block = node.type === "mdxJsxFlowElement",
): Code | InlineCode | undefined {
  const text = codeText(node, scope);
  if (text === undefined) return undefined;
  const position = node.position;
  if (!block) return { type: "inlineCode", value: text, position };
  const title = staticAttribute(node, "title");
  const meta = title === undefined ? null : `title=${JSON.stringify(title)}`;
  return {
    type: "code",
    lang: staticAttribute(node, "lang") ?? staticAttribute(node, "language") ?? null,
    meta,
    value: text.replace(/^\n+|\n+$/g, ""),
    position,
  };
}

/**
 * The code a code component holds: Starlight's `code` attribute, or Docusaurus's child, an expression
 * (`{\`…\`}`) or one line of text. Undefined when it is computed.
 */
function codeText(node: Jsx, scope: StaticScope): string | undefined {
  const attribute = node.attributes.find(
    (a): a is MdxJsxAttribute => a.type === "mdxJsxAttribute" && a.name === "code",
  );
  if (attribute) {
    const value = attribute.value;
    return typeof value === "string" ? value : value ? staticText(value, scope) : undefined;
  }
  // A flow element's one paragraph, or a text element itself, holding the code.
  const only = node.children.length === 1 ? node.children[0] : undefined;
  const inner = only?.type === "paragraph" && only.children.length === 1 ? only.children[0] : only;
  if (inner?.type === "mdxFlowExpression" || inner?.type === "mdxTextExpression") return staticText(inner, scope);
  return inner?.type === "text" ? inner.value : undefined;
}

function astroImport(names: string[], source: string, line?: number, column?: number): Omit<BuildMessage, "file"> {
  const elements = names.map((name) => `<${name}>`).join(", ");
  return {
    severity: "warning",
    rule: "mdx/import",
    line,
    column,
    reason: `${source} is an Astro component, which cannot run here: ${elements || "its import"} ${names.length > 1 ? "show their" : "shows its"} content without it`,
    hint: "rewrite the component as a .tsx file (preact, or React through preact/compat) and import that, or add one to the config's `components` under the same name and drop the import",
  };
}

function computedCode(node: Jsx, sourcePath: string): BuildMessage {
  return {
    severity: "error",
    rule: "mdx/unknown-component",
    file: sourcePath,
    line: node.position?.start.line,
    column: node.position?.start.column,
    reason: `<${node.name}> is read when its code is a string, a template literal, an \`export const\` of the page or a raw import of a file; this one is computed`,
    hint: 'write the code as a fenced code block, with its language and `title="…"` after the opening fence',
  };
}

/**
 * Drops the specifiers with an equivalent (noting their local names), then the statements and node left empty. An
 * Astro component's import is dropped whole, with a warning (`file` is the caller's to fill in).
 */
function keepsStatements(
  node: Extract<RootContent, { type: "mdxjsEsm" }>,
  local: Map<string, Equivalent>,
  warn: (message: Omit<BuildMessage, "file">) => void,
): boolean {
  const program = node.data?.estree;
  if (!program) return true;
  program.body = program.body.filter((statement) => {
    if (statement.type !== "ImportDeclaration") return true;
    const source = String(statement.source.value);
    if (source.endsWith(".astro")) {
      for (const specifier of statement.specifiers) local.set(specifier.local.name, ASTRO_COMPONENT);
      const at = statement.loc?.start ?? { line: node.position?.start.line, column: 0 };
      warn(
        astroImport(
          statement.specifiers.map((s) => s.local.name),
          source,
          at.line,
          at.column + 1,
        ),
      );
      return false;
    }
    const known = EQUIVALENTS[source];
    if (!known) return true;
    statement.specifiers = statement.specifiers.filter((specifier) => {
      const equivalent = known[importedName(specifier)];
      if (equivalent) local.set(specifier.local.name, equivalent);
      return !equivalent;
    });
    return statement.specifiers.length > 0;
  });
  return program.body.length > 0;
}

function importedName(specifier: ImportDeclaration["specifiers"][number]): string {
  if (specifier.type === "ImportDefaultSpecifier") return "default";
  if (specifier.type === "ImportNamespaceSpecifier") return "*";
  return specifier.imported.type === "Identifier" ? specifier.imported.name : String(specifier.imported.value);
}

function becomeBuiltIn(node: Jsx, equivalent: Equivalent): void {
  if (equivalent.name === undefined) return;
  node.name = equivalent.name;
  const sources = equivalent.themedImage ? themedSources(node) : undefined;
  const tone = equivalent.badge ? (BADGE_TONES[staticAttribute(node, "variant") ?? "default"] ?? "note") : undefined;
  let body: string | undefined;
  let summary: string | undefined;
  node.attributes = node.attributes.filter((attribute) => {
    if (attribute.type !== "mdxJsxAttribute") return !equivalent.keep;
    if (attribute.name === equivalent.body && typeof attribute.value === "string") {
      body = attribute.value;
      return false;
    }
    if (attribute.name === equivalent.summary && typeof attribute.value === "string") {
      summary = attribute.value;
      return false;
    }
    const renamed = equivalent.rename?.[attribute.name];
    if (renamed) (attribute as MdxJsxAttribute).name = renamed;
    return !equivalent.keep || equivalent.keep.includes(attribute.name);
  });
  if (sources) showThemed(node, sources);
  if (tone) {
    node.attributes.push(
      { type: "mdxJsxAttribute", name: "className", value: "q-badge" },
      { type: "mdxJsxAttribute", name: "data-type", value: tone },
    );
  }
  if (summary !== undefined && node.type === "mdxJsxFlowElement") {
    const text = { type: "text" as const, value: summary };
    node.children.unshift({ type: "mdxJsxFlowElement", name: "summary", attributes: [], children: [text] as never });
  }
  if (body === undefined || node.children.length > 0) return;
  const text = { type: "text" as const, value: body };
  node.children =
    node.type === "mdxJsxFlowElement" ? [{ type: "paragraph", children: [text] }] : ([text] as Jsx["children"]);
}

/** `sources={{ light: "/a.svg", dark: "/b.svg" }}`, each a path written out (`useBaseUrl` calls are by now). */
function themedSources(node: Jsx): { light?: string; dark?: string } {
  const sources = attributeValue(node, "sources") as { light?: unknown; dark?: unknown } | undefined;
  const written = (value: unknown) => (typeof value === "string" ? value : undefined);
  return { light: written(sources?.light), dark: written(sources?.dark) };
}

/**
 * The image, its other attributes kept: of its light source, or, with a dark one too, a `span` of both images, each
 * hidden in the other colour scheme (templates/quire.css), as Docusaurus shows them. The agent Markdown keeps the
 * light one (agent-markdown.ts).
 */
function showThemed(node: Jsx, sources: { light?: string; dark?: string }): void {
  const kept = node.attributes;
  const image = (src: string, className?: string): Jsx => ({
    type: node.type,
    name: "img",
    attributes: [
      { type: "mdxJsxAttribute", name: "src", value: src },
      ...structuredClone(kept),
      ...(className ? [{ type: "mdxJsxAttribute" as const, name: "className", value: className }] : []),
    ],
    children: [],
  });
  const { light, dark } = sources;
  if (light === undefined) return;
  if (dark === undefined || dark === light) {
    node.attributes = image(light).attributes;
    return;
  }
  node.name = "span";
  node.attributes = [{ type: "mdxJsxAttribute", name: "className", value: THEMED_IMAGE_CLASSES.pair }];
  node.children = [image(light, THEMED_IMAGE_CLASSES.light), image(dark, THEMED_IMAGE_CLASSES.dark)] as never;
}

/**
 * Docusaurus's older `<Tabs values={[{ label, value }]} defaultValue="…">`: each `TabItem` without a label takes the
 * label of its value, and the default tab (that value, or a `TabItem default`) is the built-in's `defaultIndex`.
 */
function labelTabs(tabs: Jsx, local: ReadonlyMap<string, Equivalent>): void {
  const values = attributeValue(tabs, "values");
  const labels = new Map<string, string>();
  if (Array.isArray(values)) {
    for (const entry of values as { label?: unknown; value?: unknown }[]) {
      if (typeof entry?.value === "string" && typeof entry.label === "string") labels.set(entry.value, entry.label);
    }
  }
  const defaultValue = staticAttribute(tabs, "defaultValue");
  // Each item on lines of its own is a flow element; several on one line are text elements in a paragraph.
  const items = (tabs.children as RootContent[])
    .flatMap((child) => (child.type === "paragraph" ? child.children : [child]))
    .filter((child): child is Jsx => "name" in child && local.get(child.name ?? "") === TAB);
  let defaultIndex: number | undefined;
  items.forEach((item, index) => {
    const value = staticAttribute(item, "value");
    const named = item.attributes.some(
      (a) => a.type === "mdxJsxAttribute" && (a.name === "label" || a.name === "title"),
    );
    const label = value === undefined ? undefined : labels.get(value);
    if (!named && label !== undefined) item.attributes.push({ type: "mdxJsxAttribute", name: "title", value: label });
    const isDefault = item.attributes.some((a) => a.type === "mdxJsxAttribute" && a.name === "default");
    if (defaultIndex === undefined && ((value !== undefined && value === defaultValue) || isDefault))
      defaultIndex = index;
  });
  tabs.attributes = tabs.attributes.filter(
    (a) => a.type !== "mdxJsxAttribute" || !["values", "defaultValue"].includes(a.name),
  );
  if (defaultIndex !== undefined && defaultIndex > 0)
    tabs.attributes.push(numberAttribute("defaultIndex", defaultIndex));
}

function attributeValue(node: Jsx, name: string): unknown {
  const attribute = node.attributes.find((a): a is MdxJsxAttribute => a.type === "mdxJsxAttribute" && a.name === name);
  const value = attribute?.value;
  return value && typeof value !== "string" ? staticValue(value, new Map()) : value;
}

/** `name={n}`, with the expression's estree, as MDX would parse it. */
function numberAttribute(name: string, n: number): MdxJsxAttribute {
  const expression = { type: "Literal" as const, value: n, raw: String(n) };
  return {
    type: "mdxJsxAttribute",
    name,
    value: {
      type: "mdxJsxAttributeValueExpression",
      value: String(n),
      data: {
        estree: {
          type: "Program",
          sourceType: "module",
          body: [{ type: "ExpressionStatement", expression }],
        },
      },
    },
  };
}
