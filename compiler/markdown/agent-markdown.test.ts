import { describe, expect, it } from "vitest";
import { toAgentMarkdown } from "./agent-markdown.ts";
import { attachFrontmatter } from "./frontmatter-export.ts";
import { parseBody } from "./parse.ts";

function agentMarkdown(source: string, imports?: Record<string, unknown>): string {
  const { tree, messages } = parseBody(source, "mdx", "page.mdx", "docs/page.mdx");
  if (!tree) throw new Error(messages.map((m) => m.reason).join("\n"));
  return toAgentMarkdown(tree, imports);
}

describe("toAgentMarkdown", () => {
  it("keeps plain Markdown as Markdown", () => {
    expect(agentMarkdown("## Install\n\nRun *this*:\n\n```bash\nnpm i quire\n```\n\n* one\n* two\n")).toBe(
      "## Install\n\nRun _this_:\n\n```bash\nnpm i quire\n```\n\n- one\n- two",
    );
  });

  describe("Callout", () => {
    it("becomes a blockquote labelled Note by default", () => {
      expect(agentMarkdown("<Callout>Plain note.</Callout>")).toBe("> **Note:** Plain note.");
    });

    it("labels each type and appends the title", () => {
      expect(agentMarkdown(`<Callout type="warn" title="Careful">\nDo **not** run this twice.\n</Callout>`)).toBe(
        "> **Warning — Careful:** Do **not** run this twice.",
      );
      expect(agentMarkdown(`<Callout type="tip">T</Callout>`)).toBe("> **Tip:** T");
      expect(agentMarkdown(`<Callout type="error">E</Callout>`)).toBe("> **Error:** E");
      expect(agentMarkdown(`<Callout type="success">S</Callout>`)).toBe("> **Success:** S");
    });

    it("falls back to Note for an unknown type", () => {
      expect(agentMarkdown(`<Callout type="bogus">Odd.</Callout>`)).toBe("> **Note:** Odd.");
    });

    it("keeps every paragraph of a multi-paragraph callout inside the quote", () => {
      expect(agentMarkdown(`<Callout type="danger">\n\nFirst.\n\nSecond.\n\n</Callout>`)).toBe(
        "> **Danger:** First.\n>\n> Second.",
      );
    });

    it("puts the label on its own line when the callout starts with a non-paragraph", () => {
      expect(agentMarkdown("<Callout>\n\n```bash\nrm -rf dist\n```\n\n</Callout>")).toBe(
        "> **Note:**\n>\n> ```bash\n> rm -rf dist\n> ```",
      );
    });
  });

  describe("Tabs", () => {
    it("labels each tab with the matching entry of items", () => {
      const source = `<Tabs items={["npm", "pnpm"]}>
  <Tab>

\`\`\`bash
npm install quire
\`\`\`

  </Tab>
  <Tab>

\`\`\`bash
pnpm add quire
\`\`\`

  </Tab>
</Tabs>`;
      expect(agentMarkdown(source)).toBe(
        "**npm:**\n\n```bash\nnpm install quire\n```\n\n**pnpm:**\n\n```bash\npnpm add quire\n```",
      );
    });

    it("prefers a tab's own title over items and handles tabs written on consecutive lines", () => {
      expect(
        agentMarkdown(`<Tabs items={["A", "B"]}>\n<Tab>Alpha</Tab>\n<Tab title="Custom">Beta</Tab>\n</Tabs>`),
      ).toBe("**A:** Alpha\n\n**Custom:** Beta");
    });

    it("uses the tab titles when there is no items list", () => {
      expect(agentMarkdown(`<Tabs>\n<Tab value="macOS">\n\nbrew install quire\n\n</Tab>\n</Tabs>`)).toBe(
        "**macOS:** brew install quire",
      );
    });
  });

  it("turns Cards into a link list, with descriptions after a colon", () => {
    const source = `<Cards>
  <Card title="Install" href="/docs/install">Get it running.</Card>
  <Card title="Deploy" href="/docs/deploy" />
  <Card title="No link">Just text.</Card>
</Cards>`;
    expect(agentMarkdown(source)).toBe(
      "- [Install](/docs/install): Get it running.\n- [Deploy](/docs/deploy)\n- **No link**: Just text.",
    );
  });

  it("turns HoverLink into a link titled by its description, inline or as a block", () => {
    expect(
      agentMarkdown(`See <HoverLink href="/docs/api" description="API reference">the API</HoverLink> for more.`),
    ).toBe(`See [the API](/docs/api "API reference") for more.`);
    expect(agentMarkdown(`<HoverLink href="/docs/x">Block link</HoverLink>`)).toBe("[Block link](/docs/x)");
  });

  it("turns each Step into a level-3 heading followed by its content", () => {
    const source = `<Steps>\n<Step title="Install">\n\nRun the installer.\n\n</Step>\n<Step title="Configure">\n\nEdit the config.\n\n</Step>\n</Steps>`;
    expect(agentMarkdown(source)).toBe("### Install\n\nRun the installer.\n\n### Configure\n\nEdit the config.");
  });

  it("labels a Prompt like a callout", () => {
    expect(agentMarkdown(`<Prompt title="Fix it">Explain the error.</Prompt>`)).toBe(
      "> **Prompt — Fix it:** Explain the error.",
    );
  });

  it("unwraps unknown components to their content", () => {
    expect(
      agentMarkdown(`<Widget color="red">\n\nInside a widget.\n\n</Widget>\n\nInline <Badge>beta</Badge> text.`),
    ).toBe("Inside a widget.\n\nInline beta text.");
  });

  it("drops {/* comments */} and keeps computed expressions as inline code", () => {
    expect(agentMarkdown("{/* a note for authors */}\n\nTotal: {1 + 1} jobs.{/* inline */}")).toBe(
      "Total: `{1 + 1}` jobs.",
    );
  });

  it("drops imports and exports", () => {
    expect(agentMarkdown(`import { X } from "./x.js";\nexport const meta = { a: 1 };\n\nBody.`)).toBe("Body.");
  });

  it("turns an img element into a Markdown image", () => {
    expect(agentMarkdown(`<img src="/diagram.png" alt="Flow" />`)).toBe("![Flow](/diagram.png)");
  });

  it("keeps the light image of a themed pair (Docusaurus's ThemedImage)", () => {
    const pair = [
      '<span className="q-themed-image">',
      '  <img src="/flow.svg" alt="Flow" className="q-light-only" />',
      '  <img src="/flow-dark.svg" alt="Flow" className="q-dark-only" />',
      "</span>",
    ].join("\n");
    expect(agentMarkdown(pair)).toBe("![Flow](/flow.svg)");
  });

  it("keeps an img, a or code element on its own line a paragraph of its own, apart from the next block", () => {
    expect(agentMarkdown(`<img src="/diagram.png" alt="Flow" />\n\n* one\n* two`)).toBe(
      "![Flow](/diagram.png)\n\n- one\n- two",
    );
    expect(agentMarkdown(`<a href="/docs/install">Install</a>\n\n## Next`)).toBe("[Install](/docs/install)\n\n## Next");
    expect(agentMarkdown(`<code>npm i</code>\n\n> quoted`)).toBe("`npm i`\n\n> quoted");
    expect(agentMarkdown(`Inline <img src="/i.png" alt="i" /> stays inline.`)).toBe(
      "Inline ![i](/i.png) stays inline.",
    );
  });
});

describe("toAgentMarkdown keeps what the HTML shows (issue 10)", () => {
  it("keeps inline <a> links with their title, and <code> with a link inside as a link around code", () => {
    expect(
      agentMarkdown(
        `Read <a href="https://x.test/install" title="Install">the guide</a>, then call <code>build(<a href="/docs/api#options">options</a>)</code>.`,
      ),
    ).toBe(
      `Read [the guide](https://x.test/install "Install"), then call \`build(\`[\`options\`](/docs/api#options)\`)\`.`,
    );
  });

  it("turns unknown components with an href into links, titled by `title` when empty, so no heading is left empty", () => {
    expect(
      agentMarkdown(
        `<LinkCard title="Configuration" href="/docs/config" />\n\n### <LinkCard title="In a heading" href="/docs/h" />`,
      ),
    ).toBe("[Configuration](/docs/config)\n\n### [In a heading](/docs/h)");
    expect(agentMarkdown(`<Card2 href="/docs/x">\n\nSee **this**.\n\n</Card2>`)).toBe("[See **this**.](/docs/x)");
  });

  it("keeps the text children of unknown components and a title when there are none", () => {
    expect(agentMarkdown(`<Badge label="beta" /> and <Tooltip tip="x">hover text</Tooltip>`)).toBe(
      "**beta** and hover text",
    );
  });

  it("prints string expressions, literal exports and frontmatter fields as text; computed ones stay code", () => {
    const agentMarkdown = (source: string) => {
      const { tree } = parseBody(source, "mdx", "page.mdx", "docs/page.mdx");
      attachFrontmatter(tree!, { version: 2 });
      return toAgentMarkdown(tree!);
    };
    const source = `export const product = "Quire";\nexport const meta = { owner: { name: "Docs team" }, tags: ["a"] };\n\nThe {"Guide 01"} of {product} by {meta.owner.name}, v{frontmatter.version}, \`{\`tpl\`}\` {\`tpl\`} and {1 + 1}.`;
    expect(agentMarkdown(source)).toBe("The Guide 01 of Quire by Docs team, v2, `{`tpl`}` tpl and `{1 + 1}`.");
  });

  it("prints the data a page imports as text, and a name it imports without data as code", () => {
    const source = `import limits from "./limits.json";\nimport { PORT } from "./consts.ts";\nimport { Badge } from "./badge.tsx";\n\nUp to {limits.pages} pages on {PORT}; {Badge.name}.`;
    expect(agentMarkdown(source, { limits: { pages: 5000 }, PORT: 4000 })).toBe(
      "Up to 5000 pages on 4000; `{Badge.name}`.",
    );
  });

  it("labels admonition types with the Callout's own words", () => {
    expect(
      agentMarkdown(
        `<Callout type="caution">C</Callout>\n\n<Callout type="important">I</Callout>\n\n<Callout type="details" title="More">D</Callout>`,
      ),
    ).toBe("> **Caution:** C\n\n> **Important:** I\n\n> **Details — More:** D");
  });

  it("keeps the fence meta and drops notation comments from code", () => {
    expect(agentMarkdown('```ts title="a.ts" {2}\nconst a = 1; // [!code --]\nconst a = 2; // [!code ++]\n```')).toBe(
      '```ts title="a.ts" {2}\nconst a = 1;\nconst a = 2;\n```',
    );
  });
});
