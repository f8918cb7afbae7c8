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

  it("keeps a page keyed whose imports are only of modules replaced by built-ins, wherever the module name is", () => {
    const docusaurus = [
      'import Tabs from "@theme/Tabs";',
      "import {",
      "  useCurrentSidebarCategory,",
      "} from '@docusaurus/theme-common';",
      'import Box from "../components/Box.astro";',
      "",
      "<Tabs />",
    ].join("\n");
    expect(importsModules(page(docusaurus))).toBe(false);
    expect(importsModules(page(`${docusaurus}\nimport Chart from "@theme/Chart";\n`))).toBe(true);
    expect(
      importsModules(page('import { Aside } from "@astrojs/starlight/components";\nimport x from "./x.mdx";\n')),
    ).toBe(true);
    expect(importsModules(page("import Source from '!!raw-loader!./example.py';\n"))).toBe(true);
  });

  it("sees an import after a closed fence", () => {
    expect(importsModules(page("```ts\nconst a = 1;\n```\n\nimport Chart from './chart.tsx'\n"))).toBe(true);
  });
});
