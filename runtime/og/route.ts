/**
 * SPEC 4.6: `GET <og.endpoint>?title=<text>&description=<text>` answers with a 1200×630 PNG card drawn from the
 * request's text and the build's `_docs/og-card.json`. Text is collapsed and cut to what the card shows; a query over
 * MAX_QUERY_CHARS is refused (400), so a crawler cannot make the renderer lay out megabytes. Cards are cacheable
 * (a day, revalidated by ETag) and the last few are kept in memory for repeat requests.
 */
import { runtimeFile, type OgCardData } from "../contract/index.ts";
import { fingerprint, matchesIfNoneMatch, notModified } from "../http/etag.ts";
import { errorResponse, methodNotAllowed } from "../http/responses.ts";
import { isRead, type RouteContext } from "../routes/context.ts";
import type { ServedSite } from "../served-site.ts";
import { type CardInputs, clip, MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS } from "./card.ts";
import type { OgFont } from "./renderer.ts";

/** Longer than any title and description a card can show, with room for percent-encoding. */
export const MAX_QUERY_CHARS = 2048;
const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
const KEPT_CARDS = 32;

interface CardSource {
  data: OgCardData;
  fonts: OgFont[];
  /** Rendered PNGs by ETag, oldest first (a Map keeps insertion order). */
  recent: Map<string, Uint8Array>;
}

const sources = new WeakMap<ServedSite, Promise<CardSource | null>>();

export async function ogImageRoute(context: RouteContext): Promise<Response | null> {
  const endpoint = context.site.data.settings.og?.endpoint;
  if (!endpoint || context.url.pathname !== endpoint) return null;
  if (!isRead(context)) return methodNotAllowed(["GET", "HEAD"]);
  if (!context.renderOgImage)
    return errorResponse(
      501,
      "og_unavailable",
      "This server was started without an Open Graph renderer; pass `renderOgImage` to createDocsHandler.",
    );
  if (context.url.search.length > MAX_QUERY_CHARS)
    return errorResponse(400, "og_query_too_long", `The query is over ${MAX_QUERY_CHARS} characters.`);

  const source = await cardSourceOf(context.site);
  if (!source) return errorResponse(503, "og_unavailable", "The build has no _docs/og-card.json; run `docs build`.");
  const card = cardOf(context.url.searchParams, source.data);
  const etag = `"og-${fingerprint(JSON.stringify(card))}-${context.site.digests[runtimeFile("og-card.json")] ?? ""}"`;
  const headers = { "cache-control": CACHE_CONTROL, etag };
  if (matchesIfNoneMatch(context.request, etag)) return notModified(etag, headers);

  let png = source.recent.get(etag);
  if (!png) {
    png = await context.renderOgImage(card, source.fonts);
    source.recent.set(etag, png);
    if (source.recent.size > KEPT_CARDS) source.recent.delete(source.recent.keys().next().value as string);
  }
  return new Response(png as BodyInit, {
    headers: { "content-type": "image/png", "content-length": String(png.byteLength), ...headers },
  });
}

function cardOf(query: URLSearchParams, data: OgCardData): CardInputs {
  const title = clip(query.get("title") ?? "", MAX_TITLE_CHARS) || data.siteTitle;
  const description = clip(query.get("description") ?? "", MAX_DESCRIPTION_CHARS);
  return {
    siteTitle: data.siteTitle,
    title,
    ...(description ? { description } : {}),
    location: data.location,
    accent: data.accent,
  };
}

function cardSourceOf(site: ServedSite): Promise<CardSource | null> {
  let source = sources.get(site);
  if (!source) {
    source = site.data.readJson("og-card.json").then((data) =>
      data
        ? {
            data,
            fonts: data.fonts.map((font) => ({
              name: font.name,
              weight: font.weight,
              data: decodeBase64(font.woffBase64),
            })),
            recent: new Map(),
          }
        : null,
    );
    sources.set(site, source);
  }
  return source;
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
