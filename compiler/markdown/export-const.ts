/** An `export const name = init` statement as an MDX ESM node, for what the compiler adds to a page it evaluates. */
import type { Expression } from "estree";
import type { RootContent } from "mdast";

export function exportConstNode(name: string, init: Expression): RootContent {
  return {
    type: "mdxjsEsm",
    value: "",
    data: {
      estree: {
        type: "Program",
        sourceType: "module",
        body: [
          {
            type: "ExportNamedDeclaration",
            specifiers: [],
            attributes: [],
            declaration: {
              type: "VariableDeclaration",
              kind: "const",
              declarations: [{ type: "VariableDeclarator", id: { type: "Identifier", name }, init }],
            },
          },
        ],
      },
    },
  };
}
