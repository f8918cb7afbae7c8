/** Everything a page adds to `<head>` beyond the layout's own tags: JSON-LD, then Open Graph and Twitter meta. */
import type { ResolvedConfig } from "../../config/types.ts";
import type { Page, SiteModel } from "../../model/types.ts";
import { renderJsonLd } from "./json-ld.ts";
import { renderSocialMeta } from "./social.ts";

/** Trusted HTML for `PageView.headExtra`. `ogImageUrl` is the page's entry from `emitOgImages`, when there is one. */
export function renderHeadExtra(page: Page, site: SiteModel, config: ResolvedConfig, ogImageUrl?: string): string {
  return `${renderJsonLd(page, site, config)}\n${renderSocialMeta(page, config, ogImageUrl)}`;
}
