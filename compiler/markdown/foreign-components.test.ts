import type { Root, RootContent } from "mdast";
import type { MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasImports } from "./bundle-page.ts";
import { replaceForeignComponents } from "./foreign-components.ts";
import { parseBody } from "./parse.ts";

function replaced(source: string) {
  const tree = parseBody(source, "mdx", "page.mdx", "docs/page.mdx").tree!;
  const { changed, messages } = replaceForeignComponents(tree, "docs/page.mdx");
  return { tree, changed, messages, elements: elementsOf(tree) };
}

/** Each JSX element as `Name attr=value …`, in document order. */
function elementsOf(tree: Root): string[] {
  const out: string[] = [];
  const visit = (node: Root | RootContent) => {
    if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      const element = node as MdxJsxFlowElement;
      const attributes = element.attributes.map((a) => (a.type === "mdxJsxAttribute" ? `${a.name}=${a.value}` : "…"));
      out.push([element.name, ...attributes].join(" "));
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return out;
}

const importSources = (tree: Root) =>
  tree.children.flatMap((node) =>
    node.type === "mdxjsEsm"
      ? (node.data?.estree?.body ?? []).flatMap((s) =>
          s.type === "ImportDeclaration"
            ? [`${s.source.value}: ${s.specifiers.map((x) => x.local.name).join(",")}`]
            : [],
        )
      : [],
  );

describe("replaceForeignComponents", () => {
  it("turns Starlight's components into the built-ins and drops their import", () => {
    const { tree, changed, elements } = replaced(
      [
        'import { Aside, Tabs, TabItem, Card, CardGrid, LinkCard, Steps } from "@astrojs/starlight/components";',
        "",
        '<Aside type="danger" title="Careful">Text.</Aside>',
        "",
        "<Tabs>",
        '  <TabItem label="npm">a</TabItem>',
        "</Tabs>",
        "",
        '<CardGrid><Card title="One" icon="star">b</Card></CardGrid>',
        "",
        '<LinkCard title="Guide" href="./guide.md" description="Read it." />',
        "",
        "<Steps>",
        "1. First",
        "</Steps>",
      ].join("\n"),
    );
    expect(changed).toBe(true);
    expect(elements).toEqual([
      "Callout type=danger title=Careful",
      "Tabs",
      "Tab title=npm",
      "Cards",
      "Card title=One icon=star",
      "Card title=Guide href=./guide.md",
      "Steps",
    ]);
    expect(hasImports(tree)).toBe(false);
    expect(tree.children.some((node) => node.type === "mdxjsEsm")).toBe(false);
    const linkCard = tree.children.find((n) => n.type === "mdxJsxFlowElement" && n.attributes.length === 2);
    expect(JSON.stringify(linkCard)).toContain('"value":"Read it."');
  });

  it("reads Docusaurus's default imports, aliases, and keeps what has no equivalent", () => {
    const { tree, elements } = replaced(
      [
        'import Tabs from "@theme/Tabs";',
        'import Item from "@theme/TabItem";',
        'import { Aside as Note, Code } from "@astrojs/starlight/components";',
        'import Chart from "./chart.tsx";',
        "",
        '<Tabs groupId="pm"><Item value="yarn" label="Yarn">y</Item></Tabs>',
        "",
        '<Note>n</Note> <Code code="x" /> <Chart />',
      ].join("\n"),
    );
    expect(elements).toEqual(["Tabs groupId=pm", "Tab value=yarn title=Yarn", "Callout", "Chart"]);
    // The page's own import is untouched.
    expect(importSources(tree)).toEqual(["./chart.tsx: Chart"]);
  });

  it("makes Starlight's <Code> a fenced block from a string, a template literal or an export const", () => {
    const { tree, elements, messages } = replaced(
      [
        'import { Code } from "@astrojs/starlight/components";',
        "export const setup = `npm install kite\nkite init\n`;",
        "",
        '<Code code="console.log(1)" lang="js" title="a.js" />',
        "",
        '<Code code={`let x = {a: 1};`} lang="ts" />',
        "",
        '<Code code={setup} lang="sh" />',
        "",
        'Inline <Code code="x + 1" /> too.',
      ].join("\n"),
    );
    expect(messages).toEqual([]);
    expect(elements).toEqual([]);
    expect(importSources(tree)).toEqual([]);
    const code = tree.children.filter((n) => n.type === "code");
    expect(code.map((n) => [n.lang, n.meta, n.value, n.position?.start.line])).toEqual([
      ["js", 'title="a.js"', "console.log(1)", 6],
      ["ts", null, "let x = {a: 1};", 8],
      ["sh", null, "npm install kite\nkite init", 10],
    ]);
    expect(JSON.stringify(tree.children.at(-1))).toContain('{"type":"inlineCode","value":"x + 1"');
  });

  it("makes Docusaurus's <CodeBlock> a fenced block from its child: an expression or a line of text", () => {
    const { tree, elements, messages } = replaced(
      [
        'import CodeBlock from "@theme/CodeBlock";',
        "",
        '<CodeBlock language="jsx" title="/src/App.js">',
        "{`function App() {",
        "  return <p>Hi</p>;",
        "}`}",
        "</CodeBlock>",
        "",
        "<CodeBlock>npm run build</CodeBlock>",
      ].join("\n"),
    );
    expect(messages).toEqual([]);
    expect(elements).toEqual([]);
    expect(importSources(tree)).toEqual([]);
    expect(tree.children.map((n) => (n.type === "code" ? [n.lang, n.meta, n.value] : n.type))).toEqual([
      // MDX hands the expression over with its lines' indentation taken off, as Docusaurus gets it too.
      ["jsx", 'title="/src/App.js"', "function App() {\nreturn <p>Hi</p>;\n}"],
      [null, null, "npm run build"],
    ]);
  });

  it("makes Docusaurus's <Details summary> a details element and drops its inline TOC", () => {
    const { tree, elements } = replaced(
      [
        'import Details from "@theme/Details";',
        'import TOCInline from "@theme/TOCInline";',
        "",
        "<TOCInline toc={toc} />",
        "",
        '<Details summary="Why?">',
        "Because.",
        "</Details>",
      ].join("\n"),
    );
    expect(elements).toEqual(["details", "summary"]);
    expect(importSources(tree)).toEqual([]);
    expect(JSON.stringify(tree.children[0])).toContain('"value":"Why?"');
    expect(JSON.stringify(tree.children[0])).toContain('"value":"Because."');
  });

  it("reports a <Code> whose code is computed, at the element, and drops it", () => {
    const { elements, messages } = replaced(
      [
        'import { Code } from "@astrojs/starlight/components";',
        'import { source } from "./example.ts";',
        "",
        '<Code code={source} lang="ts" />',
      ].join("\n"),
    );
    expect(elements).toEqual([]);
    expect(messages.map((m) => [m.severity, m.rule, m.file, m.line, m.column])).toEqual([
      ["error", "mdx/unknown-component", "docs/page.mdx", 4, 1],
    ]);
    expect(messages[0]?.reason).toContain("computed");
  });

  it("keeps the text of those with no built-in as HTML, without their other attributes, and drops an icon", () => {
    const { tree, elements } = replaced(
      [
        'import { LinkButton, Badge, FileTree, Icon } from "@astrojs/starlight/components";',
        "",
        '<LinkButton href="/docs/start" variant="primary" icon="right-arrow">Start</LinkButton>',
        "",
        'New <Badge text="beta" variant="tip" /> and <Icon name="star" /> here.',
        "",
        "<FileTree>",
        "- src/",
        "  - index.ts",
        "</FileTree>",
      ].join("\n"),
    );
    // A badge is styled by its variant (badges.ts).
    expect(elements).toEqual(["a href=/docs/start", "span className=q-badge data-type=tip", "div"]);
    expect(importSources(tree)).toEqual([]);
    expect(JSON.stringify(tree)).toContain('"value":"beta"');
    expect(JSON.stringify(tree)).not.toContain('"name":"Icon"');
  });

  it("drops a site's own Astro components with a warning at the import, keeping each element's content", () => {
    const { tree, elements, messages, changed } = replaced(
      [
        'import Box, { Stat as Figure } from "../../src/components/Box.astro";',
        'import Chart from "./chart.tsx";',
        "",
        '<Box title="Inside">',
        "Some **content**.",
        "</Box>",
        "",
        'Inline <Figure value="1">one</Figure> and <Chart />.',
      ].join("\n"),
    );
    expect(changed).toBe(true);
    expect(elements).toEqual(["Chart"]);
    expect(importSources(tree)).toEqual(["./chart.tsx: Chart"]);
    expect(messages.map((m) => [m.severity, m.rule, m.file, m.line, m.column, m.reason])).toEqual([
      [
        "warning",
        "mdx/import",
        "docs/page.mdx",
        1,
        1,
        "../../src/components/Box.astro is an Astro component, which cannot run here: <Box>, <Figure> show their content without it",
      ],
    ]);
    const [, block, inline] = tree.children;
    expect(block).toMatchObject({ type: "paragraph", position: { start: { line: 5 } } });
    // The paragraph an inline element left is no longer its source text: it has no place, so it is serialized.
    expect(inline).toMatchObject({ type: "paragraph" });
    expect(inline?.position).toBeUndefined();
    expect(JSON.stringify(inline)).toContain('"value":"one"');
  });

  it("leaves a page without such imports as it was", () => {
    const source = 'import { Aside } from "./local.tsx";\n\n<Aside>x</Aside>\n';
    const { changed, elements, tree } = replaced(source);
    expect(changed).toBe(false);
    expect(elements).toEqual(["Aside"]);
    expect(importSources(tree)).toEqual(["./local.tsx: Aside"]);
  });

  it("makes Docusaurus's Link a link, ThemedImage its two images, DocCardList a marker, and drops BrowserOnly", () => {
    const { tree, elements, messages } = replaced(
      [
        'import Link from "@docusaurus/Link";',
        'import ThemedImage from "@theme/ThemedImage";',
        'import BrowserOnly from "@docusaurus/BrowserOnly";',
        'import DocCardList from "@theme/DocCardList";',
        "",
        'See <Link to="/docs/start" className="x">the start</Link>.',
        "",
        '<ThemedImage alt="Flow" sources={{ light: "/img/flow.svg", dark: "/img/flow-dark.svg" }} />',
        "",
        "<BrowserOnly>{() => <div>{window.location.href}</div>}</BrowserOnly>",
        "",
        "<DocCardList />",
      ].join("\n"),
    );
    expect(elements).toEqual([
      "a href=/docs/start",
      "span className=q-themed-image",
      "img src=/img/flow.svg alt=Flow className=q-light-only",
      "img src=/img/flow-dark.svg alt=Flow className=q-dark-only",
      "div data-quire-cards=section",
    ]);
    expect(importSources(tree)).toEqual([]);
    expect(messages).toEqual([]);
  });

  it("reads DocCardList's items as the section's pages only when they are useCurrentSidebarCategory's", () => {
    const { tree, elements, messages } = replaced(
      [
        'import DocCardList from "@theme/DocCardList";',
        'import { useCurrentSidebarCategory, useDocsSidebar } from "@docusaurus/theme-common";',
        'import { useCurrentSidebarCategory as category } from "@docusaurus/plugin-content-docs/client";',
        "",
        "<DocCardList items={useCurrentSidebarCategory().items} />",
        "",
        "<DocCardList items={ category().items } />",
        "",
        "<DocCardList items={useDocsSidebar().items.slice(1)} />",
      ].join("\n"),
    );
    expect(elements).toEqual(Array(3).fill("div data-quire-cards=section"));
    // The hook the page keeps using stays imported (and fails there, as an unknown module does).
    expect(importSources(tree)).toEqual(["@docusaurus/theme-common: useDocsSidebar"]);
    expect(messages.map((m) => [m.rule, m.line, m.column])).toEqual([["mdx/doc-card-list", 9, 1]]);
  });

  it("makes a ThemedImage with one source, or the same one twice, a single image", () => {
    const { elements } = replaced(
      [
        'import ThemedImage from "@theme/ThemedImage";',
        "",
        '<ThemedImage alt="A" width="64" sources={{ light: "/a.svg" }} />',
        "",
        '<ThemedImage alt="B" sources={{ light: "/b.svg", dark: "/b.svg" }} />',
      ].join("\n"),
    );
    expect(elements).toEqual(["img src=/a.svg alt=A width=64", "img src=/b.svg alt=B"]);
  });

  it('reads useBaseUrl("/path") as the path, and reports a computed argument at the call', () => {
    const { tree, elements, messages } = replaced(
      [
        'import useBaseUrl from "@docusaurus/useBaseUrl";',
        'import ThemedImage from "@theme/ThemedImage";',
        "",
        '<img src={useBaseUrl("/img/logo.svg")} alt="Logo" />',
        "",
        "<ThemedImage alt=\"Flow\" sources={{ light: useBaseUrl('/img/a.svg'), dark: useBaseUrl('/img/b.svg') }} />",
        "",
        "Path: {useBaseUrl(`/x`)} and {useBaseUrl(base + 'y')}.",
      ].join("\n"),
    );
    expect(elements).toEqual([
      "img src=/img/logo.svg alt=Logo",
      "span className=q-themed-image",
      "img src=/img/a.svg alt=Flow className=q-light-only",
      "img src=/img/b.svg alt=Flow className=q-dark-only",
    ]);
    expect(importSources(tree)).toEqual([]);
    expect(JSON.stringify(tree)).toContain('"value":"/x"');
    expect(messages.map((m) => [m.severity, m.rule, m.line, m.column])).toEqual([
      ["error", "mdx/unknown-component", 8, 31],
    ]);
  });

  it("reads a raw import's file (`!!raw-loader!`, `?raw`, `@site/`) as a code component's code", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "quire-raw-"));
    try {
      await mkdir(path.join(root, "docs", "examples"), { recursive: true });
      await writeFile(path.join(root, "docs", "examples", "retry.py"), "for attempt in range(3):\n    run()\n");
      await writeFile(path.join(root, "docs", "examples", "hello.ts"), "export const hello = 1;\n");
      const source = [
        'import CodeBlock from "@theme/CodeBlock";',
        'import { Code } from "@astrojs/starlight/components";',
        'import Retry from "!!raw-loader!./examples/retry.py";',
        'import hello from "@site/docs/examples/hello.ts?raw";',
        'import Missing from "!!raw-loader!./examples/missing.py";',
        "",
        '<CodeBlock language="py" title="retry.py">{Retry}</CodeBlock>',
        "",
        '<Code code={hello} lang="ts" />',
        "",
        "<CodeBlock>{Missing}</CodeBlock>",
      ].join("\n");
      const tree = parseBody(source, "mdx", path.join(root, "docs/page.mdx"), "docs/page.mdx").tree!;
      const { messages } = replaceForeignComponents(tree, "docs/page.mdx", root);
      const code = tree.children.filter((node) => node.type === "code");
      expect(code.map((node) => [node.lang, node.meta, node.value])).toEqual([
        ["py", 'title="retry.py"', "for attempt in range(3):\n    run()"],
        ["ts", null, "export const hello = 1;"],
      ]);
      expect(messages.map((m) => [m.rule, m.line])).toEqual([["mdx/unknown-component", 11]]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("labels Docusaurus's older <Tabs values defaultValue> items from their values, and keeps the default tab", () => {
    const { tree, elements } = replaced(
      [
        'import Tabs from "@theme/Tabs";',
        'import TabItem from "@theme/TabItem";',
        "",
        '<Tabs groupId="fruit" defaultValue="orange" values={[{ label: "Apple", value: "apple" }, { label: "Orange", value: "orange" }]}>',
        '  <TabItem value="apple">A</TabItem>',
        '  <TabItem value="orange" label="Own label">O</TabItem>',
        "</Tabs>",
        "",
        "<Tabs>",
        '  <TabItem value="a">A</TabItem>',
        '  <TabItem value="b" default>B</TabItem>',
        "</Tabs>",
      ].join("\n"),
    );
    expect(elements).toEqual([
      "Tabs groupId=fruit defaultIndex=[object Object]",
      "Tab value=apple title=Apple",
      "Tab value=orange title=Own label",
      "Tabs defaultIndex=[object Object]",
      "Tab value=a",
      "Tab value=b default=null",
    ]);
    // The orange tab, and the one marked `default`: the second of each group.
    expect(
      JSON.stringify(tree).match(
        /"name":"defaultIndex","value":\{"type":"mdxJsxAttributeValueExpression","value":"1"/g,
      ),
    ).toHaveLength(2);
  });
});
