/**
 * Emoji shortcodes in `.md` pages (`:tada:` → 🎉), as GitHub and VitePress show them: each `:name:` of GitHub's list
 * (the `gemoji` package) in text, not in code, links' URLs or raw HTML. The list is loaded at the first page that
 * may hold one (`loadShortcodes`), so a site without shortcodes never reads it.
 */
import type { Root, Text } from "mdast";
import { walk } from "./walk.ts";

const SHORTCODE = /:([a-z0-9_+-]+):/g;
const MAY_HOLD = /:[a-z0-9_+-]+:/;

let names: Record<string, string> | undefined;

/** Loads the list when `text` may hold a shortcode (or includes a file that may); resolves at once otherwise. */
export async function loadShortcodes(text: string): Promise<void> {
  if (names === undefined && (MAY_HOLD.test(text) || text.includes("@include:"))) {
    names = (await import("gemoji")).nameToEmoji;
  }
}

/** Replaces the shortcodes of `tree`'s text in place (none before `loadShortcodes` found one); whether any was. */
export function replaceShortcodes(tree: Root): boolean {
  const list = names;
  if (list === undefined) return false;
  let replaced = false;
  walk<Text>(tree, "text", (node) => {
    if (!MAY_HOLD.test(node.value)) return;
    node.value = node.value.replace(SHORTCODE, (written, name: string) => {
      const emoji = Object.hasOwn(list, name) ? list[name] : undefined;
      replaced ||= emoji !== undefined;
      return emoji ?? written;
    });
  });
  return replaced;
}
