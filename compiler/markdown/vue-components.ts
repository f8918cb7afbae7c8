/**
 * Vue components in VitePress `.md` pages (`<HomeSponsors />`, `<ClientOnly>…</ClientOnly>`): raw HTML here, which a
 * browser reads as an unknown element left open around the rest of the page. A tag whose name is PascalCase is no
 * HTML element, so each one standing alone (an HTML block or inline tag of its own) is dropped and what it wraps is
 * kept. One `markdown/vue-component` warning per component and page, at its first tag; VitePress's `<ClientOnly>`,
 * which only defers its content to the browser, drops without one. `<Badge>` is drawn as a badge first (badges.ts),
 * and Quire's own audience blocks (`<Agent>`, `<Human>`, `<Audience>`, audience.ts) are read later.
 */
import type { Html, Root, RootContent } from "mdast";
import type { BuildMessage } from "../diagnostics.ts";
import { AUDIENCE_COMPONENTS } from "./audience.ts";
import { walk } from "./walk.ts";
import { forgetPlaces } from "./written-blocks.ts";

/** `<Name …>`, `<Name … />` or `</Name>`, quoted attribute values holding any character. */
const TAG = /^<\/?([A-Z][A-Za-z0-9]*)(?:\s+(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>$/;

/** Removes the Vue component tags of `tree` in place; one warning per component. */
export function dropVueComponents(tree: Root, sourcePath: string): { changed: boolean; messages: BuildMessage[] } {
  const warned = new Set<string>();
  const messages: BuildMessage[] = [];
  let changed = false;
  const rewritten = new Set<Root | RootContent>();
  walk<Root | RootContent>(tree, (node) => {
    if (!("children" in node)) return;
    const children = node.children as RootContent[];
    const componentOf = (child: RootContent) => {
      const name = child.type === "html" ? TAG.exec(child.value.trim())?.[1] : undefined;
      return name === undefined || AUDIENCE_COMPONENTS.has(name) ? undefined : name;
    };
    if (!children.some((child) => componentOf(child) !== undefined)) return;
    node.children = children.filter((child) => {
      const name = componentOf(child);
      if (name === undefined) return true;
      changed = true;
      if (name !== "ClientOnly" && !warned.has(name)) {
        warned.add(name);
        messages.push(warning(name, child as Html, sourcePath));
      }
      return false;
    }) as typeof node.children;
    rewritten.add(node);
  });
  // A top-level block that lost a tag inside is no longer its source text.
  forgetPlaces(tree, rewritten);
  return { changed, messages };
}

function warning(name: string, node: Html, sourcePath: string): BuildMessage {
  return {
    severity: "warning",
    rule: "markdown/vue-component",
    file: sourcePath,
    line: node.position?.start.line,
    column: node.position?.start.column,
    reason: `<${name}> is a component (VitePress's Vue), which a .md page cannot run: its tags are dropped and what it wraps is kept`,
    hint: "write the content as Markdown, or use a component in a .mdx page",
  };
}
