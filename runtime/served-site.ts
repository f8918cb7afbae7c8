/**
 * Everything the handler looks up per request, computed once per store: the site data, pages by public route,
 * the host redirects the build wrote (`_redirects`: hidden folder parents → first visible child, SPEC 2.6) and the
 * content digests of `_docs/build-manifest.json`, which become strong ETags.
 */
import { lazily, loadSiteData, type SiteData } from "./site-data.ts";
import type { DocsStore } from "./store/types.ts";
import { parseRuntimeJson, runtimeFile, type PageEntry } from "./contract/index.ts";

export interface ServedSite {
  data: SiteData;
  pageByRoute: Map<string, PageEntry>;
  pageByMarkdownRoute: Map<string, PageEntry>;
  redirects: Map<string, { to: string; status: number }>;
  /** dist-relative path → `sha256-…` digest of the exact bytes. */
  digests: Record<string, string>;
  /** The build's `_headers` rules, so the runtime sends what a static host would for the same file. */
  hostHeaders: HostHeaderRule[];
}

export interface HostHeaderRule {
  pattern: RegExp;
  headers: Record<string, string>;
}

export async function loadServedSite(store: DocsStore): Promise<ServedSite> {
  const data = await loadSiteData(store);
  // `_docs/redirects.json` first: hosts such as Workers treat `_redirects` as config and may not serve it.
  const [manifest, redirectRules, redirects, headers] = await Promise.all([
    store.readText(runtimeFile("build-manifest.json")).catch(() => null),
    data.readJson("redirects.json").catch(() => null),
    store.readText("_redirects"),
    store.readText("_headers"),
  ]);
  // Built on first use, like the page list they index (site-data.ts).
  const pageByRoute = lazily(() => new Map(data.pages.map((page) => [page.route, page])));
  const pageByMarkdownRoute = lazily(() => new Map(data.pages.map((page) => [page.markdownRoute, page])));
  const digests = lazily(() => manifestDigests(manifest));
  return {
    data,
    get pageByRoute() {
      return pageByRoute();
    },
    get pageByMarkdownRoute() {
      return pageByMarkdownRoute();
    },
    redirects: redirectRules
      ? new Map(redirectRules.map((rule) => [rule.from, { to: rule.to, status: rule.status }]))
      : parseRedirects(redirects ?? ""),
    get digests() {
      return digests();
    },
    hostHeaders: parseHostHeaders(headers ?? ""),
  };
}

/** The manifest's file digests; none when it is missing or unreadable (responses then go without strong ETags). */
function manifestDigests(text: string | null): Record<string, string> {
  if (text === null) return {};
  try {
    return parseRuntimeJson("build-manifest.json", text).files ?? {};
  } catch {
    return {};
  }
}

/** Netlify/Cloudflare `_redirects` lines `from to [status]`; only the exact-path rules the compiler writes. */
export function parseRedirects(text: string): Map<string, { to: string; status: number }> {
  const rules = new Map<string, { to: string; status: number }>();
  for (const line of text.split("\n")) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith("#") || /[*:]/.test(from)) continue;
    const code = Number(status ?? 301);
    rules.set(from, { to, status: [301, 302, 303, 307, 308].includes(code) ? code : 301 });
  }
  return rules;
}

/** Netlify/Cloudflare `_headers`: a path line (`*` matches anything), then indented `Name: value` lines. */
export function parseHostHeaders(text: string): HostHeaderRule[] {
  const rules: HostHeaderRule[] = [];
  let current: HostHeaderRule | undefined;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .split("*")
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*");
      rules.push((current = { pattern: new RegExp(`^${source}$`), headers: {} }));
      continue;
    }
    const colon = line.indexOf(":");
    if (current && colon > 0) current.headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** Headers `_headers` assigns to a public path; later rules override earlier ones, as on the hosts. */
export function hostHeadersFor(site: ServedSite, pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of site.hostHeaders) if (rule.pattern.test(pathname)) Object.assign(headers, rule.headers);
  return headers;
}
