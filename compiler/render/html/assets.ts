/** The stylesheet and client script every page links to, content-hashed so they cache forever. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ResolvedConfig } from "../../config/types.ts";
import type { AssetUrls } from "./view.ts";
import { themeCss } from "./theme-css.ts";

export interface AssetFile {
  /** Relative to the dist root, no leading slash. */
  path: string;
  contents: string;
}

let templates: { css: string; js: string } | undefined;

function readTemplates(): { css: string; js: string } {
  templates ??= {
    css: readFileSync(new URL("../../../templates/quire.css", import.meta.url), "utf8"),
    js: readFileSync(new URL("../../../templates/quire.js", import.meta.url), "utf8"),
  };
  return templates;
}

function hashedFile(extension: string, contents: string): AssetFile {
  const hash = createHash("sha256").update(contents).digest("hex").slice(0, 8);
  return { path: `_quire/quire.${hash}.${extension}`, contents };
}

export function buildAssets(config: ResolvedConfig): { files: AssetFile[]; urls: AssetUrls } {
  const { css, js } = readTemplates();
  const cssFile = hashedFile("css", `${css}\n${themeCss(config.theme)}`);
  const jsFile = hashedFile("js", js);
  return { files: [cssFile, jsFile], urls: { css: `/${cssFile.path}`, js: `/${jsFile.path}` } };
}
