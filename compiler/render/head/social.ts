/** Open Graph and Twitter card `<meta>` tags for one page (SPEC 2.6 frontmatter overrides, SPEC 2.17 OGConfig). */
import type { ResolvedConfig } from "../../config/types.ts";
import { absoluteUrl } from "../../model/routes.ts";
import type { Page } from "../../model/types.ts";
import { escapeAttr } from "../html/escape.ts";
import { authorOgImagesOf, OG_CARD_SIZE, resolveImageUrl, socialImagesOf, type SocialImage } from "./social-images.ts";

const TWITTER_CARDS = new Set(["summary", "summary_large_image", "app", "player"]);

/**
 * `ogImageUrl` is the card `emitOgImages` rendered for this page, when it did.
 *
 * `openGraph` and `twitter` frontmatter replace the generated values field by field: a key they give wins, a key they
 * leave out keeps the generated value. That way a partial override (say, only `type`) never drops a property the
 * Open Graph protocol requires (title, type, url, image). Twitter tags start from the final Open Graph values.
 */
export function renderSocialMeta(page: Page, config: ResolvedConfig, ogImageUrl?: string): string {
  const { frontmatter } = page;
  const openGraph = frontmatter.openGraph ?? {};
  const twitter = frontmatter.twitter ?? {};

  const title = textOf(openGraph.title) ?? frontmatter.title;
  const description = textOf(openGraph.description) ?? frontmatter.description ?? config.metadata.description;
  const authorImages = authorOgImagesOf(frontmatter);
  const images = authorImages.length > 0 ? authorImages : generatedImagesOf(page, config, ogImageUrl);

  const twitterImages = socialImagesOf(twitter.images);
  const twitterImage = twitterImages[0] ?? images[0];
  const card = textOf(twitter.card);

  const tags: [kind: "property" | "name", key: string, value: string | undefined][] = [
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", absoluteUrl(config.baseUrl, page.route)],
    ["property", "og:type", textOf(openGraph.type) ?? "article"],
    ["property", "og:site_name", config.title],
    ...images.flatMap((image) => imageTags(image, config.baseUrl)),
    ["property", "article:modified_time", page.lastModified],
    [
      "name",
      "twitter:card",
      twitterCardOf(card && TWITTER_CARDS.has(card) ? card : config.metadata.twitterCard, twitterImage !== undefined),
    ],
    ["name", "twitter:title", textOf(twitter.title) ?? title],
    ["name", "twitter:description", textOf(twitter.description) ?? description],
    ["name", "twitter:image", twitterImage && resolveImageUrl(config.baseUrl, twitterImage.url)],
    ["name", "twitter:image:alt", twitterImage?.alt],
  ];
  return tags
    .filter((tag): tag is ["property" | "name", string, string] => tag[2] !== undefined && tag[2] !== "")
    .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeAttr(value)}">`)
    .join("\n");
}

/** Our own card when one was rendered, else the dynamic endpoint, else the configured default image. */
function generatedImagesOf(page: Page, config: ResolvedConfig, ogImageUrl: string | undefined): SocialImage[] {
  const { og } = config.surfaces;
  const alt = page.frontmatter.title;
  if (ogImageUrl) return [{ url: ogImageUrl, ...OG_CARD_SIZE, alt }];
  if (og.enabled && og.type === "dynamic" && og.endpoint) {
    // SPEC 4.6: GET <og.endpoint>?title=<text>&description=<text> answers with a 1200 by 630 image.
    const query = new URLSearchParams({ title: page.frontmatter.title });
    const description = page.frontmatter.description ?? config.metadata.description;
    if (description) query.set("description", description);
    const separator = og.endpoint.includes("?") ? "&" : "?";
    return [{ url: `${og.endpoint}${separator}${query}`, ...OG_CARD_SIZE, alt }];
  }
  return og.defaultImage ? [{ url: og.defaultImage }] : [];
}

/** OG structured properties: width, height and alt must follow the `og:image` they describe. */
function imageTags(image: SocialImage, baseUrl: string | null): ["property", string, string | undefined][] {
  return [
    ["property", "og:image", resolveImageUrl(baseUrl, image.url)],
    ["property", "og:image:width", image.width?.toString()],
    ["property", "og:image:height", image.height?.toString()],
    ["property", "og:image:alt", image.alt],
  ];
}

/** A large-image card without an image is not a card Twitter/X draws; it falls back to `summary`. */
function twitterCardOf(card: string, hasImage: boolean): string {
  return card === "summary_large_image" && !hasImage ? "summary" : card;
}

function textOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
