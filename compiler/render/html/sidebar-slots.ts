/**
 * SPEC 2.1 SidebarConfig `banner` (above the sidebar's links) and `footer` (below them). A string is Markdown
 * (links, emphasis, inline code, short paragraphs; raw HTML is dropped, so a config string cannot inject markup); a
 * preact element, as written in a `docs.config.tsx`, is rendered to static HTML. Anything else renders nothing.
 * Each slot is rendered once per config, not once per page.
 */
import { isValidElement, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { ResolvedConfig } from "../../config/types.ts";

export type SidebarSlot = "banner" | "footer";

const markdown = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify);
const rendered = new WeakMap<ResolvedConfig["sidebar"], Record<SidebarSlot, string>>();

/** The slot's HTML inside its wrapper, or `""` when the site sets nothing there. */
export function renderSidebarSlot(config: ResolvedConfig, slot: SidebarSlot): string {
  let slots = rendered.get(config.sidebar);
  if (!slots) {
    slots = { banner: slotHtml(config.sidebar.banner, "banner"), footer: slotHtml(config.sidebar.footer, "footer") };
    rendered.set(config.sidebar, slots);
  }
  return slots[slot];
}

function slotHtml(value: unknown, slot: SidebarSlot): string {
  let html = "";
  if (typeof value === "string" && value.trim() !== "") html = String(markdown.processSync(value)).trim();
  else if (isValidElement(value)) html = renderToString(value as VNode);
  return html === "" ? "" : `<div class="q-sidebar-${slot}">${html}</div>`;
}
