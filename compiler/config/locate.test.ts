import { describe, expect, it } from "vitest";
import { locateConfigKey, locateConfigObject } from "./locate.ts";

const source = `import { defineDocs } from "quire";

// entry: "commented", sidebar: false
const sidebar = { collapsible: true };
const note = "mcp: { tools: { readPage: true } }";

export default defineDocs({
  entry: "docs",
  "docsPath": 'guides',
  sidebar,
  mcp: {
    /* tools: { readPage: false } */
    name: "tools: {",
    tools: { readPag: true },
  },
  llmsTxt: {
    sections: [
      { title: "Guides", match: "/docs/guides/**" },
      { match: ["/docs/api/**"], title: \`API \${"}"}\` },
    ],
  },
  ordering: [{ slug: "a", children: [{ slug: "b" }] }],
});
`;

const at = (path: string[], text = source) => locateConfigKey(text, path);

describe("locateConfigKey", () => {
  it("finds top-level keys", () => {
    expect(at(["entry"])).toEqual({ line: 8, column: 3 });
    expect(at(["llmsTxt"])).toEqual({ line: 16, column: 3 });
  });

  it("finds quoted keys at the opening quote", () => {
    expect(at(["docsPath"])).toEqual({ line: 9, column: 3 });
  });

  it("finds shorthand properties", () => {
    expect(at(["sidebar"])).toEqual({ line: 10, column: 3 });
  });

  it("finds nested keys and skips comments and strings that look like keys", () => {
    expect(at(["mcp", "tools"])).toEqual({ line: 14, column: 5 });
    expect(at(["mcp", "tools", "readPag"])).toEqual({ line: 14, column: 14 });
    expect(at(["mcp", "name"])).toEqual({ line: 13, column: 5 });
  });

  it("finds keys inside array elements by index", () => {
    expect(at(["llmsTxt", "sections", "0", "match"])).toEqual({ line: 18, column: 26 });
    expect(at(["llmsTxt", "sections", "1", "title"])).toEqual({ line: 19, column: 34 });
    expect(at(["llmsTxt", "sections", "1"])).toEqual({ line: 19, column: 7 });
    expect(at(["ordering", "0", "children", "0", "slug"])).toEqual({ line: 22, column: 40 });
  });

  it("falls back to the deepest key it found when the rest of the path is not written", () => {
    expect(at(["mcp", "version"])).toEqual({ line: 11, column: 3 });
  });

  it("falls back to the config object when the first key is not written", () => {
    expect(at(["search"])).toEqual({ line: 7, column: 27 });
  });

  it("works for a plain `export default { ... }` without defineDocs", () => {
    const plain = `export default {\n  entry: "docs",\n  mcp: { tools: { readPag: true } },\n};\n`;
    expect(at(["mcp", "tools", "readPag"], plain)).toEqual({ line: 3, column: 19 });
    expect(locateConfigObject(plain)).toEqual({ line: 1, column: 16 });
  });

  it("prefers the defineDocs call over another default-exported object", () => {
    const text = `const config = defineDocs({\n  entry: "docs",\n});\nexport default config;\n`;
    expect(at(["entry"], text)).toEqual({ line: 2, column: 3 });
  });

  it("skips keys inside function bodies of earlier properties", () => {
    const text = `export default defineDocs({\n  onCopyClick(data) { log({ sidebar: data }) },\n  sidebar: "yes",\n});\n`;
    expect(at(["sidebar"], text)).toEqual({ line: 3, column: 3 });
  });

  it("returns undefined when the file has no config object", () => {
    expect(at(["entry"], `const entry = "docs";\n`)).toBeUndefined();
    expect(locateConfigObject(`module.exports = {};\n`)).toBeUndefined();
  });
});
