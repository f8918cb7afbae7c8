/**
 * The site digest: what every page's HTML shows of the site. `docs dev` keeps a page's HTML while the digest holds,
 * so the digest must move whenever the reading order's entries do, however the order was remembered.
 */
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../config/types.ts";
import type { Page, SiteModel } from "../model/types.ts";
import type { AssetUrls } from "../render/html/view.ts";
import { siteDigestOf } from "./page-html.ts";

const config = Object.freeze({ title: "Digest" }) as unknown as ResolvedConfig;
const assets = Object.freeze({ css: "/a.css" }) as unknown as AssetUrls;
const nav = Object.freeze({ children: [] });

function page(route: string, title: string): Page {
  return Object.freeze({ route, slug: route.slice(1), frontmatter: Object.freeze({ title }) }) as unknown as Page;
}

function site(readingOrder: Page[]): SiteModel {
  return {
    nav,
    navLinkCount: 0,
    readingOrder,
    redirects: [],
    staticFiles: { public: new Map() },
    locales: [],
  } as unknown as SiteModel;
}

describe("siteDigestOf", () => {
  it("moves with each reading-order entry, for the same page objects or new ones", () => {
    const a = page("/a", "A");
    const b = page("/b", "B");
    const first = siteDigestOf(site([a, b]), config, assets);
    expect(siteDigestOf(site([a, b]), config, assets)).toBe(first);
    // The edited page is a new object with the same entry: the same digest.
    expect(siteDigestOf(site([a, page("/b", "B")]), config, assets)).toBe(first);
    const retitled = siteDigestOf(site([a, page("/b", "B, retitled")]), config, assets);
    expect(retitled).not.toBe(first);
    expect(siteDigestOf(site([b, a]), config, assets)).not.toBe(first);
    expect(siteDigestOf(site([a]), config, assets)).not.toBe(first);
    expect(siteDigestOf(site([a, b]), config, assets)).toBe(first);
  });

  it("does not keep a page that is not frozen, which could change behind it", () => {
    const a = { route: "/a", slug: "a", frontmatter: { title: "A" } } as unknown as Page;
    const first = siteDigestOf(site([a]), config, assets);
    a.frontmatter.title = "A, changed in place";
    expect(siteDigestOf(site([a]), config, assets)).not.toBe(first);
  });
});
