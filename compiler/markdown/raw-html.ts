/**
 * Issue 10: raw `<script>` and `<style>` in plain `.md` pages. Markdown passes raw HTML through, so a page copied
 * from another tool could run its scripts or restyle the whole site. Quire drops them, with a warning at the tag
 * (`markdown/raw-script`); a site that needs a script ships it from `public/` or writes an MDX component. Other raw
 * HTML is kept.
 */
import type { Parent, Root, RootContent } from "mdast";
import type { BuildMessage } from "../diagnostics.ts";

const OPEN = /^\s*<(script|style)\b/i;

/** Removes script and style elements from `tree` in place; returns one warning per element. */
export function dropRawScripts(tree: Root, file: string): BuildMessage[] {
  const messages: BuildMessage[] = [];
  dropIn(tree, file, messages);
  return messages;
}

function dropIn(parent: Parent, file: string, messages: BuildMessage[]): void {
  const kept: RootContent[] = [];
  const children = parent.children as RootContent[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    const open = child.type === "html" ? OPEN.exec(child.value) : null;
    if (!open || child.type !== "html") {
      if ("children" in child) dropIn(child as Parent, file, messages);
      kept.push(child);
      continue;
    }
    const tag = open[1].toLowerCase();
    messages.push({
      severity: "warning",
      rule: "markdown/raw-script",
      file,
      line: child.position?.start.line,
      column: child.position?.start.column,
      reason: `raw <${tag}> in a Markdown page was dropped`,
      hint:
        tag === "script"
          ? "ship scripts from public/ or write an MDX component"
          : "put site styles in the theme (defineDocs `theme`) or a component",
    });
    // Inline `<script>…</script>` arrives as an opening tag, text and a closing tag: drop through the closing one.
    if (!new RegExp(`</${tag}\\s*>`, "i").test(child.value)) {
      const close = children.findIndex(
        (c, j) => j > i && c.type === "html" && new RegExp(`</${tag}\\s*>`, "i").test(c.value),
      );
      if (close !== -1) i = close;
    }
  }
  parent.children = kept as Parent["children"];
}
