/**
 * SPEC 2.9: a file the site ships in `public/` wins over a generated file at the same public path. The images and
 * documents beside the pages (content/content-assets.ts) are set first, so a generated or `public/` file wins over
 * them.
 */
import { contentAssetFile } from "../content/content-assets.ts";
import type { EmitContext } from "./context.ts";

export function applyContentAssets(context: EmitContext): void {
  const { docsPath } = context.config;
  for (const [file, bytes] of context.site.staticFiles.content)
    context.files.set(contentAssetFile(docsPath, file), bytes);
}

export function applyPublicFiles(context: EmitContext): void {
  for (const [path, bytes] of context.site.staticFiles.public) context.files.set(path, bytes);
}
