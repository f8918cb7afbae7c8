/**
 * VitePress's `<Badge>` in `.md` pages (`## Retry <Badge type="tip" text="^1.2" />`, or `<Badge type="warning">beta
 * </Badge>`), a global Vue component there, raw HTML here that no browser knows: it becomes the styled badge Quire
 * draws for Starlight's `<Badge>` too (`.q-badge` in templates/quire.css), its `type` as the badge's tone. A heading's
 * id and table-of-contents entry leave raw HTML out (headings.ts), so a badge does not change them.
 */
import type { Html, Root } from "mdast";
import { walk } from "./walk.ts";

/** The tone (a `data-type` the stylesheet colours) of each VitePress badge type and Starlight badge variant. */
export const BADGE_TONES: Readonly<Record<string, string>> = {
  info: "note",
  note: "note",
  default: "note",
  tip: "tip",
  success: "success",
  warning: "warn",
  caution: "warn",
  danger: "error",
};

/** The attributes of a tag, quoted values holding any character (CommonMark's raw HTML attributes). */
const ATTRIBUTES = String.raw`((?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?)*)\s*`;
const SELF_CLOSING = new RegExp(`^<Badge${ATTRIBUTES}/>$`);
const OPENING = new RegExp(`^<Badge${ATTRIBUTES}>$`);
const CLOSING = /^<\/Badge\s*>$/;

/** Rewrites the badges of `tree` in place; whether there was one. */
export function lowerBadges(tree: Root): boolean {
  let found = false;
  walk<Html>(tree, "html", (node) => {
    const value = node.value.trim();
    const whole = SELF_CLOSING.exec(value);
    const open = whole ? undefined : OPENING.exec(value);
    if (whole) {
      const attributes = attributesOf(whole[1]);
      node.value = `${badgeOpening(attributes.type)}${escapeHtml(attributes.text ?? "")}</span>`;
    } else if (open) {
      node.value = badgeOpening(attributesOf(open[1]).type);
    } else if (CLOSING.test(value)) {
      node.value = "</span>";
    } else {
      return;
    }
    found = true;
  });
  return found;
}

/** The badge's opening tag, for a VitePress type or Starlight variant (unknown ones are plain). */
export function badgeOpening(type: string | undefined): string {
  return `<span class="q-badge" data-type="${BADGE_TONES[type ?? "info"] ?? "note"}">`;
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const found of text.matchAll(/([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[found[1]] = found[2] ?? found[3];
  }
  return attributes;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
