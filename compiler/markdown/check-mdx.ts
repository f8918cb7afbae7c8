/**
 * Components must exist before evaluation, so the error can point at the tag rather than at generated code.
 * Names count as known when built in, registered in the config's `components` (SPEC 2.1), imported by the page or
 * exported by it (issue 10).
 */
import type { Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { walk, type MdastOf } from "./walk.ts";
import { closestName, type BuildMessage } from "../diagnostics.ts";

export interface UnknownComponent {
  name: string;
  line?: number;
  column?: number;
}

/** Every use of a capitalised JSX name that nothing defines, in document order. */
export function findUnknownComponents(tree: Root, components: Record<string, unknown>): UnknownComponent[] {
  const declared = declaredNames(tree);
  const unknown: UnknownComponent[] = [];
  walk(tree, (node) => {
    if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return;
    const name = (node as MdxJsxFlowElement | MdxJsxTextElement).name;
    if (!name || !/^[A-Z]/.test(name) || name.includes(".")) return;
    if (name in components || declared.has(name)) return;
    unknown.push({ name, line: node.position?.start.line, column: node.position?.start.column });
  });
  return unknown;
}

export function unknownComponentMessages(
  unknown: UnknownComponent[],
  components: Record<string, unknown>,
  file: string,
): BuildMessage[] {
  return unknown.map(({ name, line, column }) => {
    const suggestion = closestName(name, Object.keys(components));
    return {
      severity: "error",
      rule: "mdx/unknown-component",
      file,
      line,
      column,
      reason: `unknown component <${name}>${suggestion ? ` — did you mean <${suggestion}>?` : ""}`,
      hint: "built-ins are Callout, Tabs, Tab, Steps, Step, Cards, Card, HoverLink, Prompt; import the component in the page or add it through the config's `components`",
    };
  });
}

/** The unknown-component errors of a human-projected MDX tree. */
export function checkMdx(tree: Root, components: Record<string, unknown>, file: string): BuildMessage[] {
  return unknownComponentMessages(findUnknownComponents(tree, components), components, file);
}

/** Names the page's own ESM binds: imports and exported declarations. */
function declaredNames(tree: Root): Set<string> {
  const declared = new Set<string>();
  walk<MdastOf<"mdxjsEsm">>(tree, "mdxjsEsm", (node) => {
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type === "ImportDeclaration") for (const s of statement.specifiers) declared.add(s.local.name);
      const d = statement.type === "ExportNamedDeclaration" ? statement.declaration : undefined;
      if (d?.type === "VariableDeclaration")
        for (const v of d.declarations) if (v.id.type === "Identifier") declared.add(v.id.name);
      if ((d?.type === "FunctionDeclaration" || d?.type === "ClassDeclaration") && d.id) declared.add(d.id.name);
    }
  });
  return declared;
}
