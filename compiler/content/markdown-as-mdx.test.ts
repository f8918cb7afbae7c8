import { describe, expect, it } from "vitest";
import { markdownIsMdx } from "./markdown-as-mdx.ts";

describe("markdownIsMdx", () => {
  it("reads a .md page as MDX when a block at its top level imports or exports, as Docusaurus pages do", () => {
    expect(markdownIsMdx("---\ntitle: A\n---\nimport Note from './_note.md';\n\n<Note />\n")).toBe(true);
    expect(markdownIsMdx("Intro.\n\nimport TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} />\n")).toBe(
      true,
    );
    expect(markdownIsMdx('import {\n  Tabs,\n} from "@theme/Tabs";\n')).toBe(true);
    expect(markdownIsMdx('import "./styles.css";\n')).toBe(true);
    expect(markdownIsMdx("export const year = 2026;\n\nIn {year}.\n")).toBe(true);
    expect(markdownIsMdx("export function Note() {\n  return null;\n}\n")).toBe(true);
    expect(markdownIsMdx('Intro.\n\n<!-- prettier-ignore -->\nimport Note from "./_note.mdx";\n')).toBe(true);
  });

  it("keeps Markdown whose import lines are code, script, prose or indented", () => {
    expect(markdownIsMdx("```js\nimport x from 'y';\n```\n")).toBe(false);
    expect(markdownIsMdx("<script setup>\nimport Chart from './Chart.vue'\n</script>\n\n# Page\n")).toBe(false);
    expect(markdownIsMdx("Some text\nimport x from 'y' on the next line.\n")).toBe(false);
    expect(markdownIsMdx("Imports matter.\n\nimport is a keyword, and export too.\n")).toBe(false);
    expect(markdownIsMdx("    import x from 'y';\n")).toBe(false);
    expect(markdownIsMdx("Intro.\n\nexport default settings live in `config.json`.\n")).toBe(false);
    expect(markdownIsMdx("# Title\n\nNo statements here.\n")).toBe(false);
  });
});
