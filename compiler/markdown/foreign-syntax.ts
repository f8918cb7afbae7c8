/**
 * Issue 10: what pages written for other tools bring, lowered once right after parsing and before the audience
 * projection: admonitions and alerts (`admonitions.ts`), code-fence meta and languages (`code-fences.ts`), in MDX
 * pages Starlight's and Docusaurus's components (`foreign-components.ts`), in plain `.md` pages raw
 * `<script>`/`<style>` and VitePress's snippet imports (`raw-html.ts`, `code-snippets.ts`), and VitePress's
 * `[[toc]]` line (`toc-marker.ts`), `<Badge>` (`badges.ts`), other Vue components (`vue-components.ts`) and emoji
 * shortcodes (`emoji-shortcodes.ts`). Last,
 * partials: Docusaurus's imported `.md(x)` files and VitePress's `<!--@include:-->`, each lowered as its own file by
 * this same function (`partials.ts`).
 */
import path from "node:path";
import type { Root } from "mdast";
import type { VFile } from "vfile";
import type { BuildMessage } from "../diagnostics.ts";
import { lowerAdmonitions } from "./admonitions.ts";
import { lowerBadges } from "./badges.ts";
import { replaceShortcodes } from "./emoji-shortcodes.ts";
import { prepareCodeFences } from "./code-fences.ts";
import { replaceForeignComponents } from "./foreign-components.ts";
import { importCodeSnippets } from "./code-snippets.ts";
import { inlinePartials } from "./partials.ts";
import { dropRawScripts } from "./raw-html.ts";
import { dropTocMarkers } from "./toc-marker.ts";
import { dropVueComponents } from "./vue-components.ts";

export interface LoweredTree {
  /** True when the agent Markdown can no longer be the source as written (a `Callout`, notation, dropped tags). */
  changed: boolean;
  messages: BuildMessage[];
}

/**
 * Rewrites `tree` (parsed from `file`, whose path is the page's) in place. `site`: the site's and the content's
 * folders, from which VitePress snippet imports (`code-snippets.ts`) and partials are read; without it they stay as
 * written. `chain`: for a partial, the files inlining it (partials.ts).
 */
export function lowerForeignSyntax(
  tree: Root,
  file: VFile,
  syntax: "md" | "mdx",
  sourcePath: string,
  site?: { root: string; contentDir: string; chain?: readonly string[] },
): LoweredTree {
  // First: a Starlight `<Code>` or a snippet import becomes a fence, which the fences' step then reads as any other.
  const components = syntax === "mdx" ? replaceForeignComponents(tree, sourcePath, site?.root) : undefined;
  const snippets =
    syntax === "md" && site
      ? importCodeSnippets(tree, { ...site, pageDir: path.dirname(file.path) }, sourcePath)
      : undefined;
  const admonitions = lowerAdmonitions(tree, String(file.value), sourcePath);
  const fences = prepareCodeFences(tree, sourcePath);
  const scripts = syntax === "md" ? dropRawScripts(tree, sourcePath) : [];
  const tocMarkers = dropTocMarkers(tree);
  if (syntax === "md") lowerBadges(tree);
  if (syntax === "md") replaceShortcodes(tree);
  const vue = syntax === "md" ? dropVueComponents(tree, sourcePath) : undefined;
  const partials = site
    ? inlinePartials(tree, file, syntax, sourcePath, site, site.chain ?? [file.path], (t, f, s, p, chain) =>
        lowerForeignSyntax(t, f, s, p, { ...site, chain }),
      )
    : undefined;
  return {
    changed:
      admonitions.changed ||
      fences.notation ||
      scripts.length > 0 ||
      components?.changed === true ||
      snippets?.changed === true ||
      partials?.changed === true ||
      vue?.changed === true ||
      tocMarkers,
    messages: [
      ...admonitions.messages,
      ...fences.messages,
      ...scripts,
      ...(components?.messages ?? []),
      ...(snippets?.messages ?? []),
      ...(partials?.messages ?? []),
      ...(vue?.messages ?? []),
    ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)),
  };
}
