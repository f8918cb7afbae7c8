import { describe, expect, it } from "vitest";
import { normalizeContract } from "../content/contract.ts";
import type { Page, PageFrontmatter } from "../model/types.ts";
import { CONTRACT_END, CONTRACT_START } from "./agent-contract.ts";
import { renderAgentDocument, renderAgentPage } from "./agent-page.ts";

function page(frontmatter: Partial<PageFrontmatter>, agentBody = "Body text.", hasAgentFile = false): Page {
  return {
    sourcePath: "docs/deploy/page.mdx",
    slug: "deploy",
    route: "/docs/deploy",
    markdownRoute: "/docs/deploy.md",
    syntax: "mdx",
    frontmatter: { title: "Deploy", related: [], tags: [], hidden: false, extra: {}, ...frontmatter },
    html: "<p>HUMAN-ONLY</p>",
    toc: [],
    agentBody,
    hasAgentFile,
    chunks: { human: [], agent: [] },
  };
}

describe("renderAgentDocument", () => {
  it("writes the title, the Description and Related lines, then the body", () => {
    const doc = renderAgentDocument(
      page({ description: "Ship the worker.", related: ["/docs/install", "/docs/rollback"] }),
    );
    expect(doc).toBe(
      "# Deploy\n\nDescription: Ship the worker.\nRelated: /docs/install, /docs/rollback\n\nBody text.\n",
    );
  });

  it("leaves out empty header lines", () => {
    expect(renderAgentDocument(page({}))).toBe("# Deploy\n\nBody text.\n");
    expect(renderAgentDocument(page({ related: ["/docs/a"] }))).toBe("# Deploy\n\nRelated: /docs/a\n\nBody text.\n");
  });

  it("lets an agent.md's own H1 replace the generated one", () => {
    expect(renderAgentDocument(page({ description: "D" }, "# Deploying the worker\n\n\nSteps follow.", true))).toBe(
      "# Deploying the worker\n\nDescription: D\n\nSteps follow.\n",
    );
    expect(renderAgentDocument(page({}, "# Only a heading", true))).toBe("# Only a heading\n");
  });

  it("keeps a page's leading H1 that differs from its title below the title, as the HTML does", () => {
    expect(renderAgentDocument(page({}, "# Before you begin\n\nSteps follow."))).toBe(
      "# Deploy\n\n# Before you begin\n\nSteps follow.\n",
    );
  });

  it("keeps a body that starts with a deeper heading under the generated title", () => {
    expect(renderAgentDocument(page({}, "## Steps\n\nGo."))).toBe("# Deploy\n\n## Steps\n\nGo.\n");
  });

  it("appends the contract only when it says something actionable", () => {
    const withContract = renderAgentDocument(page({ agent: normalizeContract({ task: "Deploy" }) }));
    expect(
      withContract.endsWith(
        `Body text.\n\n${CONTRACT_START}\n\n## Agent Contract\n\n**Task:** Deploy\n\n${CONTRACT_END}\n`,
      ),
    ).toBe(true);
    expect(renderAgentDocument(page({ agent: normalizeContract({ tokenBudget: 500 }) }))).not.toContain(CONTRACT_START);
  });
});

describe("renderAgentPage", () => {
  it("writes normalized frontmatter in a fixed key order, dropping empty and human-only fields", () => {
    const agent = normalizeContract({
      task: "Deploy",
      appliesTo: { framework: "next" },
      commands: ["npm run deploy"],
      tokenBudget: 800,
    });
    const markdown = renderAgentPage(
      page({
        tags: ["ops"],
        version: "2.0",
        description: "Ship it.",
        related: ["/docs/install"],
        framework: "next",
        agent,
        icon: "rocket",
        order: 3,
        hidden: true,
        extra: { team: "core" },
      }),
    );
    expect(markdown.slice(0, markdown.indexOf("# Deploy"))).toBe(`---
title: Deploy
description: Ship it.
related:
  - /docs/install
framework: next
version: '2.0'
tags:
  - ops
agent:
  task: Deploy
  appliesTo:
    framework:
      - next
  commands:
    - run: npm run deploy
  tokenBudget: 800
---
`);
  });

  it("does not fold long descriptions", () => {
    const description = "A long description that goes on and on ".repeat(5).trim();
    expect(renderAgentPage(page({ description }))).toContain(`\ndescription: ${description}\n`);
  });

  it("never includes the human HTML", () => {
    expect(renderAgentPage(page({}))).not.toContain("HUMAN-ONLY");
  });
});

describe("agent Markdown for agents far from the page", () => {
  const withLinks = page(
    { description: "D", related: ["/docs/install", "https://x.test/a"] },
    "See [install](/docs/install) and `[code](/docs/code)`.",
  );

  it("puts a line pointing to /llms.txt right under the title", () => {
    const markdown = renderAgentPage(page({ description: "D" }), { baseUrl: null, llmsTxt: true });
    expect(markdown).toContain(
      "\n# Deploy\n\n> Index of these docs for AI agents: [llms.txt](/llms.txt). Every page is Markdown at its URL + `.md`.\n\nDescription: D\n",
    );
    const bare = renderAgentPage(page({}, "# Only a heading", true), { baseUrl: null, llmsTxt: true });
    expect(
      bare.endsWith(
        "# Only a heading\n\n> Index of these docs for AI agents: [llms.txt](/llms.txt). Every page is Markdown at its URL + `.md`.\n",
      ),
    ).toBe(true);
  });

  it("makes links and Related entries absolute when the site has a base URL, code aside", () => {
    const markdown = renderAgentPage(withLinks, { baseUrl: "https://docs.acme.test", llmsTxt: true });
    expect(markdown).toContain("[llms.txt](https://docs.acme.test/llms.txt)");
    expect(markdown).toContain("Related: https://docs.acme.test/docs/install, https://x.test/a");
    expect(markdown).toContain("See [install](https://docs.acme.test/docs/install) and `[code](/docs/code)`.");
    // Frontmatter stays data as written.
    expect(markdown).toContain("related:\n  - /docs/install\n");
  });

  it("keeps root-relative links without a base URL, and no pointer when there is no llms.txt", () => {
    const markdown = renderAgentPage(withLinks, { baseUrl: null, llmsTxt: false });
    expect(markdown).toContain("See [install](/docs/install)");
    expect(markdown).not.toContain("llms.txt");
  });
});
