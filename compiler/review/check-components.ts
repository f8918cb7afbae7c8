/**
 * SPEC 2.12 `invalidMdx`: imports and components a page uses that are neither built in nor registered, found before
 * anything is evaluated. The build reports the same problems under the same rule ids (`mdx/import`,
 * `mdx/unknown-component`); review keeps its own pass so it never has to render a page.
 */
import type { Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { walk, type MdastOf } from "../markdown/walk.ts";
import { closestName, type BuildMessage } from "../diagnostics.ts";

export function checkComponents(tree: Root, components: Record<string, unknown>, file: string): BuildMessage[] {
  const messages: BuildMessage[] = [];
  const declared = new Set<string>();
  walk<MdastOf<"mdxjsEsm">>(tree, "mdxjsEsm", (node) => {
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type === "ImportDeclaration") {
        messages.push({
          severity: "error",
          rule: "mdx/import",
          file,
          line: node.position?.start.line,
          column: node.position?.start.column,
          reason: "imports in pages are not supported",
          hint: "register the component in the config's `components` map and use it by name",
        });
      }
      if (statement.type === "ExportNamedDeclaration" && statement.declaration) {
        const d = statement.declaration;
        if (d.type === "VariableDeclaration")
          for (const v of d.declarations) if (v.id.type === "Identifier") declared.add(v.id.name);
        if ((d.type === "FunctionDeclaration" || d.type === "ClassDeclaration") && d.id) declared.add(d.id.name);
      }
    }
  });
  walk(tree, (node) => {
    if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return;
    const name = (node as MdxJsxFlowElement | MdxJsxTextElement).name;
    if (!name || !/^[A-Z]/.test(name) || name.includes(".") || name in components || declared.has(name)) return;
    const suggestion = closestName(name, Object.keys(components));
    messages.push({
      severity: "error",
      rule: "mdx/unknown-component",
      file,
      line: node.position?.start.line,
      column: node.position?.start.column,
      reason: `unknown component <${name}>${suggestion ? ` — did you mean <${suggestion}>?` : ""}`,
      hint: "add it to the config's `components` map, or use a built-in component",
    });
  });
  return messages;
}
