import type { Root } from "mdast";
import remarkMdx from "remark-mdx";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { projectAudience, type Audience } from "./audience.ts";
import { parseBody } from "./parse.ts";

const mdxWriter = unified().use(remarkMdx).use(remarkStringify);
const mdWriter = unified().use(remarkStringify);

function parse(source: string, syntax: "md" | "mdx"): Root {
  const { tree, messages } = parseBody(source, syntax, "page", "docs/page");
  if (!tree) throw new Error(messages.map((m) => m.reason).join("\n"));
  return tree;
}

/** The projected tree written back as source, for readable comparisons. */
function project(source: string, audience: Audience, syntax: "md" | "mdx" = "mdx"): string {
  return (syntax === "mdx" ? mdxWriter : mdWriter).stringify(projectAudience(parse(source, syntax), audience)).trim();
}

/** Every text the projection holds, wrappers included, for leak checks. */
const everything = (source: string, audience: Audience, syntax: "md" | "mdx" = "mdx") =>
  JSON.stringify(projectAudience(parse(source, syntax), audience));

describe("projectAudience on MDX", () => {
  const page = `SHARED: intro

<Agent>

AGENT-ONLY: block

</Agent>

<Human>

HUMAN-ONLY: block

</Human>

SHARED: outro`;

  it("keeps <Agent> blocks for agents only, unwrapped", () => {
    expect(project(page, "agent")).toBe("SHARED: intro\n\nAGENT-ONLY: block\n\nSHARED: outro");
  });

  it("keeps <Human> blocks for humans only, unwrapped", () => {
    expect(project(page, "human")).toBe("SHARED: intro\n\nHUMAN-ONLY: block\n\nSHARED: outro");
  });

  it("projects inline wrappers inside a paragraph", () => {
    const inline = "Install with <Agent>AGENT-ONLY: pnpm</Agent><Human>HUMAN-ONLY: the button</Human> today.";
    expect(project(inline, "agent")).toBe("Install with AGENT-ONLY: pnpm today.");
    expect(project(inline, "human")).toBe("Install with HUMAN-ONLY: the button today.");
  });

  it("drops a paragraph that only held a removed inline wrapper", () => {
    expect(project("<Agent>AGENT-ONLY: x</Agent>\n\nSHARED: y", "human")).toBe("SHARED: y");
  });

  it("treats <Audience only> with agent and human like <Agent> and <Human>", () => {
    const explicit = `<Audience only="agent">\n\nAGENT-ONLY: a\n\n</Audience>\n\n<Audience only="human">\n\nHUMAN-ONLY: h\n\n</Audience>`;
    expect(project(explicit, "agent")).toBe("AGENT-ONLY: a");
    expect(project(explicit, "human")).toBe("HUMAN-ONLY: h");
  });

  it("keeps invalid, missing, empty, wrong-case and expression Audience values shared", () => {
    const values = [`only="bots"`, "", `only=""`, "only", `only="Agent"`, `only={"agent"}`];
    for (const attribute of values) {
      const source = `<Audience ${attribute}>\n\nSHARED-AUDIENCE: kept\n\n</Audience>`;
      expect(project(source, "agent"), attribute).toBe("SHARED-AUDIENCE: kept");
      expect(project(source, "human"), attribute).toBe("SHARED-AUDIENCE: kept");
    }
  });

  it('keeps <Agent> agent-only even with only="human"', () => {
    const source = `<Agent only="human">\n\nAGENT-ONLY: x\n\n</Agent>`;
    expect(project(source, "human")).toBe("");
    expect(project(source, "agent")).toBe("AGENT-ONLY: x");
  });

  it("projects nested audience blocks without leaking either side", () => {
    const nested = `<Agent>

AGENT-ONLY: outer

<Human>

HUMAN-ONLY: inside agent

</Human>

<Audience only="agent">

AGENT-ONLY: inner

</Audience>

</Agent>`;
    expect(project(nested, "agent")).toBe("AGENT-ONLY: outer\n\nAGENT-ONLY: inner");
    expect(project(nested, "human")).toBe("");
  });

  it("projects wrappers nested inside other components and lists", () => {
    const source = `<Callout>

SHARED: note

<Human>HUMAN-ONLY: click</Human>

</Callout>

- SHARED: item <Agent>AGENT-ONLY: flag</Agent>`;
    const agent = everything(source, "agent");
    const human = everything(source, "human");
    expect(agent).toContain("AGENT-ONLY: flag");
    expect(agent).not.toContain("HUMAN-ONLY");
    expect(human).toContain("HUMAN-ONLY: click");
    expect(human).not.toContain("AGENT-ONLY");
    expect(human).toContain('"name":"Callout"');
  });

  it("does not mutate the input tree", () => {
    const tree = parse(page, "mdx");
    const before = structuredClone(tree);
    projectAudience(tree, "agent");
    projectAudience(tree, "human");
    expect(tree).toEqual(before);
  });

  it("projects the tree itself with consume, to what a copy would hold", () => {
    const copy = projectAudience(parse(page, "mdx"), "agent");
    const tree = parse(page, "mdx");
    expect(projectAudience(tree, "agent", { consume: true })).toBe(tree);
    expect(tree).toEqual(copy);
  });
});

describe("projectAudience on plain Markdown raw HTML", () => {
  const page = `SHARED: intro

<Agent>

AGENT-ONLY: block

- AGENT-ONLY: item

</Agent>

<Human>

HUMAN-ONLY: block

</Human>

SHARED: outro
`;

  it("projects split wrappers (opening and closing tags as separate nodes)", () => {
    expect(project(page, "agent", "md")).toBe(
      "SHARED: intro\n\nAGENT-ONLY: block\n\n* AGENT-ONLY: item\n\nSHARED: outro",
    );
    expect(project(page, "human", "md")).toBe("SHARED: intro\n\nHUMAN-ONLY: block\n\nSHARED: outro");
  });

  it("projects a wrapper that is one HTML node", () => {
    const oneNode = "<Agent>\nAGENT-ONLY: tight block\n</Agent>\n\nSHARED: after\n";
    expect(project(oneNode, "agent", "md")).toBe("AGENT-ONLY: tight block\n\nSHARED: after");
    expect(project(oneNode, "human", "md")).toBe("SHARED: after");
  });

  it("projects inline raw-HTML wrappers inside a paragraph", () => {
    const inline = "Use <Agent>AGENT-ONLY: the CLI</Agent><Human>HUMAN-ONLY: the UI</Human>.\n";
    expect(project(inline, "agent", "md")).toBe("Use AGENT-ONLY: the CLI.");
    expect(project(inline, "human", "md")).toBe("Use HUMAN-ONLY: the UI.");
  });

  it("applies Audience only values and keeps invalid ones shared", () => {
    const source = `<Audience only="agent">\n\nAGENT-ONLY: a\n\n</Audience>\n\n<Audience only='human'>\n\nHUMAN-ONLY: h\n\n</Audience>\n\n<Audience only="everyone">\n\nSHARED-AUDIENCE: s\n\n</Audience>\n`;
    expect(project(source, "agent", "md")).toBe("AGENT-ONLY: a\n\nSHARED-AUDIENCE: s");
    expect(project(source, "human", "md")).toBe("HUMAN-ONLY: h\n\nSHARED-AUDIENCE: s");
  });

  it("matches a split wrapper to its own closing tag when the same wrapper nests", () => {
    const source = `<Audience only="human">\n\nHUMAN-ONLY: outer\n\n<Audience only="bogus">\n\nHUMAN-ONLY: inner\n\n</Audience>\n\n</Audience>\n\nSHARED: after\n`;
    expect(project(source, "agent", "md")).toBe("SHARED: after");
  });

  it("leaves other raw HTML alone", () => {
    expect(project("<details>\n\nSHARED: x\n\n</details>\n", "agent", "md")).toBe(
      "<details>\n\nSHARED: x\n\n</details>",
    );
  });

  it("does not mutate the input tree", () => {
    const tree = parse(page, "md");
    const before = structuredClone(tree);
    projectAudience(tree, "human");
    expect(tree).toEqual(before);
  });
});

describe("nested raw-HTML wrappers in plain Markdown", () => {
  it("projects wrappers nested inside a split raw-HTML wrapper", () => {
    const source = `<Agent>\n\nAGENT-ONLY: outer\n\n<Human>\n\nHUMAN-ONLY: inside agent\n\n</Human>\n\n</Agent>\n\nSHARED: after\n`;
    expect(project(source, "agent", "md")).toBe("AGENT-ONLY: outer\n\nSHARED: after");
  });

  it("projects a wrapper nested in a one-node raw-HTML wrapper", () => {
    expect(project("<Agent><Human>HUMAN-ONLY: x</Human></Agent>\n\nSHARED: after\n", "agent", "md")).toBe(
      "SHARED: after",
    );
  });
});

describe("projectAudience with markHumanOnly (the HTML's human-only marks)", () => {
  const marked = (source: string, syntax: "md" | "mdx") =>
    (syntax === "mdx" ? mdxWriter : mdWriter)
      .stringify(projectAudience(parse(source, syntax), "human", { markHumanOnly: true }))
      .trim();

  it("wraps an MDX block in a marked <div> and inline content in a marked <span>", () => {
    expect(marked("SHARED: a\n\n<Human>\n\nHUMAN-ONLY: b\n\n</Human>", "mdx")).toBe(
      'SHARED: a\n\n<div data-markdown-ignore="">\n  HUMAN-ONLY: b\n</div>',
    );
    expect(marked("Click <Human>HUMAN-ONLY: here</Human> now.", "mdx")).toBe(
      'Click <span data-markdown-ignore="">HUMAN-ONLY: here</span> now.',
    );
  });

  it('marks <Audience only="human"> like <Human>, and leaves shared and agent wrappers unmarked', () => {
    const source = '<Audience only="human">\n\nHUMAN-ONLY: h\n\n</Audience>\n\n<Audience>\n\nSHARED: s\n\n</Audience>';
    expect(marked(source, "mdx")).toBe('<div data-markdown-ignore="">\n  HUMAN-ONLY: h\n</div>\n\nSHARED: s');
  });

  it("puts raw HTML marks around human-only blocks and inline runs of plain Markdown", () => {
    expect(marked("<Human>\n\nHUMAN-ONLY: b\n\n</Human>\n\nSHARED: c", "md")).toBe(
      "<div data-markdown-ignore>\n\nHUMAN-ONLY: b\n\n</div>\n\nSHARED: c",
    );
    expect(marked("Click <Human>HUMAN-ONLY: here</Human> now.", "md")).toBe(
      "Click <span data-markdown-ignore>HUMAN-ONLY: here</span> now.",
    );
  });

  it("never marks the agent projection", () => {
    const tree = parse("<Human>\n\nHUMAN-ONLY: b\n\n</Human>\n\nSHARED: c", "mdx");
    expect(JSON.stringify(projectAudience(tree, "agent", { markHumanOnly: true }))).not.toContain(
      "data-markdown-ignore",
    );
  });
});
