/**
 * Frontmatter keys other docs tools give a meaning (VitePress, Starlight, Docusaurus) that Quire does not honour.
 * SPEC 2.6 allows other keys for custom use, so these never fail a build: each gets a `frontmatter/foreign-key`
 * warning saying what to write instead, and a value that would clash with a SPEC key (`sidebar: false`,
 * `sidebar.order`, `lastUpdated: false`) is set aside before validation.
 */
import type { BuildMessage } from "../diagnostics.ts";
import { locateYamlPath } from "./yaml-position.ts";

interface ForeignKey {
  path: string[];
  hint: string;
  /** Only these values are foreign (`lastUpdated` with a date is Quire's own). */
  when?: (value: unknown) => boolean;
}

const ORDER = 'use `order: <number>` (read when the config sets `ordering: "numeric"`)';
const LABEL = "the sidebar shows the page's `title`; there is no separate sidebar label";
const PAGER = "previous/next links follow the sidebar order";
const TOC = "the table of contents is set for the whole site by the config's `theme.ui.layout.toc`";
const LAYOUT = "pages have one layout; a `hero` and `features` open the page's content instead";
const URL = "a page's URL comes from its file path: rename or move the file";
const HIDE = "to keep a page out of the sidebar use `hidden: true`";

export const FOREIGN_KEYS: readonly ForeignKey[] = [
  {
    path: ["sidebar"],
    hint: `${HIDE}; the sidebar itself is switched by the config's \`sidebar\``,
    when: (v) => typeof v === "boolean",
  },
  { path: ["sidebar", "order"], hint: ORDER },
  { path: ["sidebar", "position"], hint: ORDER },
  { path: ["sidebar", "label"], hint: LABEL },
  { path: ["sidebar", "hidden"], hint: "use `hidden: true`" },
  { path: ["sidebar", "badge"], hint: "sidebar badges are not supported" },
  { path: ["sidebar", "attrs"], hint: "sidebar link attributes are not supported" },
  { path: ["sidebar_position"], hint: ORDER },
  { path: ["sidebar_label"], hint: LABEL },
  { path: ["sidebar_class_name"], hint: "sidebar classes are not supported" },
  { path: ["sidebar_custom_props"], hint: "sidebar custom props are not supported" },
  { path: ["displayed_sidebar"], hint: "there is one sidebar per site" },
  {
    path: ["lastUpdated"],
    hint: "the date comes from `lastModified` or git; the config's `lastUpdated` hides it for the whole site",
    when: (v) => typeof v !== "string",
  },
  { path: ["last_update"], hint: "use `lastModified: <date>`" },
  { path: ["slug"], hint: URL },
  { path: ["id"], hint: `${URL}; link to pages by route or by relative .md path` },
  { path: ["permalink"], hint: URL },
  { path: ["editLink"], hint: "edit links come from the config's `github`" },
  { path: ["custom_edit_url"], hint: "edit links come from the config's `github`" },
  { path: ["prev"], hint: PAGER },
  { path: ["next"], hint: PAGER },
  { path: ["pagination_prev"], hint: PAGER },
  { path: ["pagination_next"], hint: PAGER },
  { path: ["pagination_label"], hint: LABEL },
  { path: ["outline"], hint: TOC },
  { path: ["aside"], hint: TOC },
  { path: ["tableOfContents"], hint: TOC },
  { path: ["hide_table_of_contents"], hint: TOC },
  { path: ["toc_min_heading_level"], hint: TOC },
  { path: ["toc_max_heading_level"], hint: TOC },
  { path: ["layout"], hint: LAYOUT },
  { path: ["template"], hint: LAYOUT },
  { path: ["pageClass"], hint: LAYOUT },
  { path: ["navbar"], hint: LAYOUT },
  { path: ["footer"], hint: LAYOUT },
  { path: ["hide_title"], hint: "the title is always shown" },
  { path: ["banner"], hint: "page banners are not supported" },
  {
    path: ["head"],
    hint: "per-page head tags are not supported; use `description`, `ogImage`, `openGraph` or `twitter`",
  },
  { path: ["image"], hint: "use `ogImage`" },
  { path: ["keywords"], hint: "use `tags`" },
  { path: ["draft"], hint: `draft pages are still built; ${HIDE}` },
  { path: ["unlisted"], hint: HIDE },
  { path: ["pagefind"], hint: "every page is searchable; search cannot be turned off per page" },
];

/** Warns about foreign keys and returns the data without the values that would clash with SPEC keys. */
export function setAsideForeignKeys(
  data: Record<string, unknown>,
  yaml: string,
  file: string,
  namedKeys: ReadonlySet<string>,
): { data: Record<string, unknown>; messages: BuildMessage[] } {
  const messages: BuildMessage[] = [];
  let cleaned = data;
  for (const key of FOREIGN_KEYS) {
    const parent = key.path.length === 1 ? cleaned : cleaned[key.path[0]];
    if (!isObject(parent)) continue;
    const name = key.path[key.path.length - 1];
    if (!(name in parent) || (key.when && !key.when(parent[name]))) continue;
    const at = locateYamlPath(yaml, key.path);
    messages.push({
      severity: "warning",
      rule: "frontmatter/foreign-key",
      file,
      line: at?.line ?? 1,
      column: at?.column ?? 1,
      reason: `frontmatter "${key.path.join(".")}" is another docs tool's key and is ignored here`,
      hint: key.hint,
    });
    if (!namedKeys.has(key.path[0])) continue;
    // Set aside what would fail the SPEC schema; a copy, so the caller's data stays as parsed.
    cleaned = { ...cleaned };
    if (key.path.length === 1) delete cleaned[name];
    else {
      const rest = { ...(parent as Record<string, unknown>) };
      delete rest[name];
      cleaned[key.path[0]] = rest;
    }
  }
  return { data: cleaned, messages };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
