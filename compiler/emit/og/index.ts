/**
 * SPEC 2.17 / 4.6: build-time Open Graph cards (1200×630 PNG) for every page when `og.type` is `static`; the
 * dynamic endpoint's card data when it is `dynamic`.
 */
import { mkdir } from "node:fs/promises";
import type { Page } from "../../model/types.ts";
import { hasAuthorOgImage } from "../../render/head/social-images.ts";
import type { EmitContext } from "../context.ts";
import { cardCacheKey, readCachedCard, writeCachedCard } from "./card-cache.ts";
import { cardInputsOf } from "./card.ts";
import { emitDynamicOgCard } from "./dynamic-card.ts";
import { loadCardFonts, type CardFonts } from "./fonts.ts";
import { renderCardPng } from "./render-card.ts";

export interface OgImageOptions {
  /** Where rendered cards are kept between builds (created when missing), e.g. `<root>/node_modules/.cache/quire/og`. */
  cacheDir: string;
}

/**
 * Satori lays out on the main thread (~5 ms a card) while resvg rasterizes and encodes on libuv's pool (~12 ms), so
 * a few cards in flight overlap the two. On 2 cores, 100 cards took ~2.0 s one at a time and ~1.4 s with 4 in
 * flight; 8 was no faster (the pool has four threads).
 */
const CARDS_IN_FLIGHT = 4;

/**
 * Adds `_quire/og/<route>.png` (`_quire/og/index.png` for `/`) to `context.files` and returns route → public URL,
 * for `renderHeadExtra`. Pages whose frontmatter brings an image, and redirecting folder pages, get no card.
 */
export async function emitOgImages(context: EmitContext, options: OgImageOptions): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const { og } = context.config.surfaces;
  if (og.enabled && og.type === "dynamic") await emitDynamicOgCard(context);
  if (!og.enabled || og.type !== "static") return urls;

  const redirected = new Set(context.site.redirects.map((redirect) => redirect.from));
  const pages = context.site.pages.filter((page) => !redirected.has(page.route) && !hasAuthorOgImage(page.frontmatter));
  if (pages.length === 0) return urls;
  await mkdir(options.cacheDir, { recursive: true });
  const fonts = await loadCardFonts();

  const pngs = await mapInFlight(pages, CARDS_IN_FLIGHT, (page) => cardPngOf(page, context, fonts, options.cacheDir));
  // Files go in page order, whatever order the renders finished in, so the output map is the same every build.
  pages.forEach((page, index) => {
    const png = pngs[index];
    if (!png) return;
    const file = ogImageFileOf(page.route);
    context.files.set(file, png);
    urls.set(page.route, `/${file}`);
  });
  return urls;
}

/** `/docs/guides/install` → `_quire/og/docs/guides/install.png`. */
export function ogImageFileOf(route: string): string {
  return `_quire/og/${route === "/" ? "index" : route.slice(1)}.png`;
}

async function cardPngOf(
  page: Page,
  context: EmitContext,
  fonts: CardFonts,
  cacheDir: string,
): Promise<Uint8Array | undefined> {
  const card = cardInputsOf(page, context.config);
  const key = cardCacheKey(card, fonts.id);
  const cached = await readCachedCard(cacheDir, key);
  if (cached) return cached;
  try {
    const png = await renderCardPng(card, fonts);
    await writeCachedCard(cacheDir, key, png);
    return png;
  } catch (error) {
    // One odd page should not fail the build: it falls back to `og.defaultImage` in its meta tags.
    context.messages.push({
      severity: "warning",
      rule: "og/render-failed",
      file: page.sourcePath,
      reason: `could not render the Open Graph image: ${error instanceof Error ? error.message : String(error)}`,
      hint: "set `ogImage` in the page's frontmatter, or report the title that fails",
    });
    return undefined;
  }
}

/** Like `Promise.all(items.map(work))`, with at most `limit` calls running; results keep the input order. */
async function mapInFlight<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
