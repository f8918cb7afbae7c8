/**
 * Images, media and documents an MDX page imports (`import shot` of `./shot.png`, or Docusaurus's
 * `require("./shot.png").default`), as bundlers for Docusaurus and others give them: the value is the URL the file is
 * published at. A file of the content folder is published beside the pages (content/content-assets.ts), one of
 * `public/` at the site's root; any other is not published, and its import is an error at the statement.
 */
import path from "node:path";
import type { Plugin } from "esbuild";
import { contentAssetUrl, isContentAsset, urlOfOutputFile } from "../content/content-assets.ts";
import { publicFolder } from "../content/public-folder.ts";

export interface AssetFolders {
  root: string;
  contentDir: string;
  docsPath: string;
}

/** An esbuild plugin that makes each imported asset a module whose default export is its URL. */
export function assetImports(folders: AssetFolders): Plugin {
  return {
    name: "quire-asset-imports",
    setup(build) {
      build.onLoad({ filter: /\.[A-Za-z0-9]+$/ }, (args) => {
        if (!isContentAsset(args.path.split(path.sep).join("/"))) return undefined;
        const url = assetUrl(args.path, folders);
        if (url === undefined) {
          const file = path.relative(folders.root, args.path).split(path.sep).join("/");
          return {
            errors: [{ text: `${file} is imported, but only files of the content folder and public/ are published` }],
          };
        }
        return { contents: `export default ${JSON.stringify(url)};`, loader: "js" };
      });
    },
  };
}

/** The URL `file` (absolute) is published at, or undefined when it is not published. */
export function assetUrl(file: string, folders: AssetFolders): string | undefined {
  const inside = (dir: string) => {
    const relative = path.relative(dir, file);
    return relative.startsWith("..") || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join("/");
  };
  const inPublic = inside(publicFolder(folders.root, folders.contentDir));
  if (inPublic !== undefined) return urlOfOutputFile(inPublic);
  const inContent = inside(folders.contentDir);
  return inContent === undefined ? undefined : contentAssetUrl(folders.docsPath, inContent);
}
