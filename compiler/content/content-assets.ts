/**
 * Images, media and documents kept beside the pages in the content folder (`docs/guide/diagram.png`), as VitePress,
 * Docusaurus and GitHub let authors keep them. Each is published at its path under the docs path
 * (`/docs/guide/diagram.png`), and a page's relative image or link to one points there (links/page-links.ts), from
 * either page layout. Only these file types are published: the config, data files and drafts beside the pages are
 * not. A file of `public/` at the same path wins, as it does over generated files.
 */

const ASSET_EXTENSIONS = new Set([
  "apng",
  "avif",
  "bmp",
  "gif",
  "ico",
  "jpeg",
  "jpg",
  "png",
  "svg",
  "webp",
  "mp3",
  "mp4",
  "ogg",
  "wav",
  "webm",
  "pdf",
]);

/** Whether a content-relative posix path names a file this folder publishes (by its extension, any case). */
export function isContentAsset(contentPath: string): boolean {
  const dot = contentPath.lastIndexOf(".");
  return dot > contentPath.lastIndexOf("/") + 1 && ASSET_EXTENSIONS.has(contentPath.slice(dot + 1).toLowerCase());
}

/** Where the asset is written, relative to `dist/` (`docs/guide/diagram one.png`). */
export function contentAssetFile(docsPath: string, contentPath: string): string {
  return docsPath ? `${docsPath}/${contentPath}` : contentPath;
}

/** The URL a page links the asset at (`/docs/guide/diagram%20one.png`). */
export function contentAssetUrl(docsPath: string, contentPath: string): string {
  return urlOfOutputFile(contentAssetFile(docsPath, contentPath));
}

/** The URL of a file of `dist/` (`docs/a b.png` → `/docs/a%20b.png`). */
export function urlOfOutputFile(file: string): string {
  return `/${file.split("/").map(encodeURIComponent).join("/")}`;
}
