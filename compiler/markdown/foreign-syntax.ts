/**
 * Issue 10: what pages written for other tools bring, lowered once right after parsing and before the audience
 * projection: admonitions and alerts (`admonitions.ts`), code-fence meta and languages (`code-fences.ts`), in MDX
 * pages Starlight's and Docusaurus's components (`foreign-components.ts`), in plain `.md` pages raw
 * `<script>`/`<style>` and VitePress's snippet imports (`raw-html.ts`, `code-snippets.ts`), and VitePress's
 * `[[toc]]` line (`toc-marker.ts`).
 */
import path from "node:path";
import type { Root } from "mdast";
import type { VFile } from "vfile";
import type { BuildMessage } from "../diagnostics.ts";
import { lowerAdmonitions } from "./admonitions.ts";
import { prepareCodeFences } from "./code-fences.ts";
import { replaceForeignComponents } from "./foreign-components.ts";
import { importCodeSnippets } from "./code-snippets.ts";
import { dropRawScripts } from "./raw-html.ts";
import { dropTocMarkers } from "./toc-marker.ts";

export interface LoweredTree {
  /** True when the agent Markdown can no longer be the source as written (a `Callout`, notation, dropped tags). */
  changed: boolean;
  messages: BuildMessage[];
}

/**
 * Rewrites `tree` (parsed from `file`, whose path is the page's) in place. `site`: the site's and the content's
 * folders, from which a `.md` page's VitePress snippet imports are read (`code-snippets.ts`); without it they stay
 * text.
 */
export function lowerForeignSyntax(
  tree: Root,
  file: VFile,
  syntax: "md" | "mdx",
  sourcePath: string,
  site?: { root: string; contentDir: string },
): LoweredTree {
  // First: a Starlight `<Code>` or a snippet import becomes a fence, which the fences' step then reads as any other.
  const components = syntax === "mdx" ? replaceForeignComponents(tree, sourcePath) : undefined;
  const snippets =
    syntax === "md" && site
      ? importCodeSnippets(tree, { ...site, pageDir: path.dirname(file.path) }, sourcePath)
      : undefined;
  const admonitions = lowerAdmonitions(tree, String(file.value), sourcePath);
  const fences = prepareCodeFences(tree, sourcePath);
  const scripts = syntax === "md" ? dropRawScripts(tree, sourcePath) : [];
  const tocMarkers = dropTocMarkers(tree);
  return {
    changed:
      admonitions.changed ||
      fences.notation ||
      scripts.length > 0 ||
      components?.changed === true ||
      snippets?.changed === true ||
      tocMarkers,
    messages: [
      ...admonitions.messages,
      ...fences.messages,
      ...scripts,
      ...(components?.messages ?? []),
      ...(snippets?.messages ?? []),
    ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)),
  };
}
