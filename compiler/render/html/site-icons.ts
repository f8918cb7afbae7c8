/**
 * The site's own icon and logo (issue 10): `public/favicon.*` is linked from every page's head and `public/logo.*`
 * shown beside the title in the header, when the site ships them. Detected by name, so no config key is needed.
 */
import { escapeAttr } from "./escape.ts";

export interface SiteIcons {
  /** Root-relative favicon URLs with their media types, SVG first (browsers take the first they support). */
  favicons: { href: string; type: string }[];
  /** Root-relative URL of the header logo. */
  logo?: string;
}

const ICON_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  webp: "image/webp",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};
const PREFERENCE = ["svg", "png", "webp", "ico", "gif", "jpg", "jpeg"];

/** Icons among the `public/`-relative paths of the site's static files. */
export function findSiteIcons(publicPaths: Iterable<string>): SiteIcons {
  const found = { favicon: [] as string[], logo: [] as string[] };
  for (const file of publicPaths) {
    const match = /^(favicon|logo)\.([a-z]+)$/i.exec(file);
    if (match && ICON_TYPES[match[2].toLowerCase()]) found[match[1].toLowerCase() as "favicon" | "logo"].push(file);
  }
  const rank = (file: string) => PREFERENCE.indexOf(extensionOf(file));
  const favicons = found.favicon
    .sort((a, b) => rank(a) - rank(b))
    .map((file) => ({ href: `/${file}`, type: ICON_TYPES[extensionOf(file)] }));
  const logo = found.logo.sort((a, b) => rank(a) - rank(b))[0];
  return { favicons, logo: logo && `/${logo}` };
}

export function renderFaviconLinks(icons: SiteIcons | undefined): string {
  return (icons?.favicons ?? [])
    .map((icon) => `<link rel="icon" type="${icon.type}" href="${escapeAttr(icon.href)}">`)
    .join("\n");
}

/** The header logo; decorative, since the site title beside it names the link. */
export function renderLogo(icons: SiteIcons | undefined): string {
  // Sized and aligned inline, so a site without a logo keeps the same stylesheet (and its hash).
  return icons?.logo
    ? `<img class="q-brand-logo" src="${escapeAttr(icons.logo)}" alt="" width="24" height="24" style="vertical-align:-6px;margin-right:.5rem">`
    : "";
}

function extensionOf(file: string): string {
  return file.slice(file.lastIndexOf(".") + 1).toLowerCase();
}
