/** Which MDX pages the cache must not keep: those importing modules, not those showing imports in code. */
import { describe, expect, it } from "vitest";
import type { SourcePage } from "../content/discover.ts";
import { importsModules } from "./cached-pages.ts";

const page = (source: string, syntax: "md" | "mdx" = "mdx"): SourcePage => ({
  sourcePath: "docs/x/page.mdx",
  slug: "x",
  syntax,
  source,
});

describe("importsModules", () => {
  it("sees an ESM import of a component or a package", () => {
    expect(importsModules(page('---\ntitle: X\n---\n\nimport Chart from "./chart.tsx";\n\n<Chart />\n'))).toBe(true);
    expect(importsModules(page("import { data } from 'pkg'\n"))).toBe(true);
  });

  it("ignores imports inside fenced code, indented lines and plain Markdown", () => {
    expect(
      importsModules(
        page("```ts\nimport { x } from \"y\";\n```\n\n~~~~js\nimport a from 'b'\n```\nimport c from 'd'\n~~~~\n"),
      ),
    ).toBe(false);
    expect(importsModules(page("  import x from 'y'\n"))).toBe(false);
    expect(importsModules(page("import x from 'y'\n", "md"))).toBe(false);
    expect(importsModules(page("Imports are described below.\n"))).toBe(false);
  });

  it("sees an import after a closed fence", () => {
    expect(importsModules(page("```ts\nconst a = 1;\n```\n\nimport Chart from './chart.tsx'\n"))).toBe(true);
  });
});
