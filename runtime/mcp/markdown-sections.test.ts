import { describe, expect, it } from "vitest";
import { extractCodeBlocks, findSection, listHeadings, stripFrontmatter } from "./markdown-sections.ts";

const DOC = [
  "---",
  "title: Setup",
  "---",
  "# Setup",
  "",
  "Intro.",
  "",
  "## Install `the` package",
  "",
  '```bash title="install.sh"',
  "# not a heading",
  "npm install @acme/queue",
  "```",
  "",
  "### Behind a proxy",
  "",
  "~~~",
  "export HTTPS_PROXY=…",
  "~~~",
  "",
  "## Verify",
  "",
  "Run it.",
  "",
  "## Verify",
  "",
  "Again.",
].join("\n");

describe("agent Markdown sections", () => {
  it("drops frontmatter and ignores # lines inside fences", () => {
    expect(stripFrontmatter(DOC).startsWith("# Setup")).toBe(true);
    expect(listHeadings(DOC).map((h) => `${h.depth}:${h.id}`)).toEqual([
      "1:setup",
      "2:install-the-package",
      "3:behind-a-proxy",
      "2:verify",
      "2:verify-1",
    ]);
  });

  it("cuts a section at the next heading of the same or a higher level", () => {
    const section = findSection(DOC, "install the package");
    expect(section?.markdown).toContain("### Behind a proxy");
    expect(section?.markdown).not.toContain("## Verify");
    expect(findSection(DOC, "Behind a proxy")?.markdown).toBe("### Behind a proxy\n\n~~~\nexport HTTPS_PROXY=…\n~~~\n");
  });

  it("matches heading ids, including repeated headings", () => {
    expect(findSection(DOC, "verify-1")?.markdown).toBe("## Verify\n\nAgain.\n");
    expect(findSection(DOC, "#behind-a-proxy")?.heading.text).toBe("Behind a proxy");
    expect(findSection(DOC, "proxy")?.heading.text).toBe("Behind a proxy");
    expect(findSection(DOC, "Nope")).toBeNull();
    expect(findSection(DOC, "  ")).toBeNull();
  });

  it("extracts fenced code with language, meta and section", () => {
    expect(extractCodeBlocks(DOC)).toEqual([
      {
        language: "bash",
        meta: 'title="install.sh"',
        code: "# not a heading\nnpm install @acme/queue",
        section: { text: "Install `the` package", id: "install-the-package" },
      },
      {
        language: null,
        meta: null,
        code: "export HTTPS_PROXY=…",
        section: { text: "Behind a proxy", id: "behind-a-proxy" },
      },
    ]);
  });

  it("keeps a longer fence open across shorter fence lines", () => {
    const nested = "## Docs\n\n````md\n```js\nx()\n```\n````\n";
    expect(extractCodeBlocks(nested)).toEqual([
      { language: "md", meta: null, code: "```js\nx()\n```", section: { text: "Docs", id: "docs" } },
    ]);
  });
});
