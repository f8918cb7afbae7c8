/** Image entries for Open Graph and Twitter tags, normalized from frontmatter (SPEC 2.6) or generated. */
import { absoluteUrl } from "../../model/routes.ts";
import type { PageFrontmatter } from "../../model/types.ts";

export { OG_CARD_SIZE } from "../../../runtime/og/card.ts";

export interface SocialImage {
  /** As written; made absolute when the tags are rendered. */
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

/**
 * Reads `images` as frontmatter writes it: one URL, one `{url, width, height, alt}`, or an array of either.
 * Entries without a usable URL are dropped rather than failing the page.
 */
export function socialImagesOf(value: unknown): SocialImage[] {
  const entries = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const images: SocialImage[] = [];
  for (const entry of entries) {
    if (typeof entry === "string" && entry.trim() !== "") images.push({ url: entry.trim() });
    else if (entry && typeof entry === "object") {
      const { url, width, height, alt } = entry as Record<string, unknown>;
      if (typeof url !== "string" || url.trim() === "") continue;
      images.push({
        url: url.trim(),
        ...(positiveNumber(width) ? { width } : {}),
        ...(positiveNumber(height) ? { height } : {}),
        ...(typeof alt === "string" && alt !== "" ? { alt } : {}),
      });
    }
  }
  return images;
}

/** The images the author chose for Open Graph, if any. SPEC 2.6: `ogImage` is ignored when `openGraph` is set. */
export function authorOgImagesOf(frontmatter: PageFrontmatter): SocialImage[] {
  if (frontmatter.openGraph) return socialImagesOf(frontmatter.openGraph.images);
  return frontmatter.ogImage ? socialImagesOf(frontmatter.ogImage) : [];
}

/** True when the page brings its own Open Graph image, so generating a card for it would be wasted work. */
export function hasAuthorOgImage(frontmatter: PageFrontmatter): boolean {
  return authorOgImagesOf(frontmatter).length > 0;
}

/**
 * Absolute when the site has a base URL. A path without a leading slash is read from the site root (where the
 * `public/` folder lands), not from the page, because the same frontmatter is served at several routes.
 */
export function resolveImageUrl(baseUrl: string | null, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) return url;
  const path = url.startsWith("/") ? url : `/${url.replace(/^\.\//, "")}`;
  return absoluteUrl(baseUrl, path);
}

function positiveNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}
