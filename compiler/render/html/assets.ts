/** The stylesheet and client script every page links to, content-hashed so they cache forever. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ResolvedConfig } from "../../config/types.ts";
import type { AssetUrls } from "./view.ts";
import { themeCss } from "./theme-css.ts";
import { minifyScript } from "./minify-script.ts";
import { pageUiWanted } from "./page-actions.ts";

export interface AssetFile {
  /** Relative to the dist root, no leading slash. */
  path: string;
  contents: string;
}

const templates = new Map<string, string>();

function readTemplate(name: string): string {
  let text = templates.get(name);
  if (text === undefined)
    templates.set(name, (text = readFileSync(new URL(`../../../templates/${name}`, import.meta.url), "utf8")));
  return text;
}

/** Each client script a build may ship, by the templates it is made of, in order. */
const CLIENT_SCRIPTS = {
  page: ["quire.js"],
  // The search loader (key bindings, first-open fetch) rides in the page script; the dialog itself loads on demand.
  pageWithSearchLoader: ["quire.js", "search-loader.js"],
  // SPEC 2.18: the Markdown renderer goes first in Ask AI's script.
  askAi: ["ask-ai-markdown.js", "ask-ai.js"],
  search: ["search.js"],
  pageActions: ["page-actions.js"],
} as const satisfies Record<string, readonly string[]>;

function clientScript(name: keyof typeof CLIENT_SCRIPTS): string {
  return CLIENT_SCRIPTS[name].map(readTemplate).join("\n");
}

/** Every client script's source, for the package build to minify ahead (minify-script.ts). */
export function clientScriptSources(): string[] {
  return Object.keys(CLIENT_SCRIPTS).map((name) => clientScript(name as keyof typeof CLIENT_SCRIPTS));
}

function hashedFile(name: string, extension: string, text: string): AssetFile {
  // Scripts ship minified (minify-script.ts); stylesheets as written.
  const contents = extension === "js" ? minifyScript(text) : text;
  const hash = createHash("sha256").update(contents).digest("hex").slice(0, 8);
  return { path: `_quire/${name}.${hash}.${extension}`, contents };
}

export function buildAssets(config: ResolvedConfig): { files: AssetFile[]; urls: AssetUrls } {
  // Issue 14: the switcher, fallback notice and right-to-left rules ride along only on sites with locales.
  const localeCss = config.i18n ? `\n${readTemplate("i18n.css")}` : "";
  const cssFile = hashedFile("quire", "css", `${readTemplate("quire.css")}\n${themeCss(config.theme)}${localeCss}`);
  const jsFile = hashedFile(
    "quire",
    "js",
    clientScript(config.surfaces.search.enabled ? "pageWithSearchLoader" : "page"),
  );
  const urls: AssetUrls = { css: `/${cssFile.path}`, js: `/${jsFile.path}` };
  const files = [cssFile, jsFile];
  if (config.surfaces.ai.enabled) {
    // SPEC 2.18: Ask AI's files exist only in builds that serve it.
    const askCss = hashedFile("ask-ai", "css", readTemplate("ask-ai.css"));
    const askJs = hashedFile("ask-ai", "js", clientScript("askAi"));
    files.push(askCss, askJs);
    urls.askAi = { css: `/${askCss.path}`, js: `/${askJs.path}` };
  }
  if (config.surfaces.search.enabled) {
    const searchCss = hashedFile("search", "css", readTemplate("search.css"));
    const searchJs = hashedFile("search", "js", clientScript("search"));
    files.push(searchCss, searchJs);
    urls.search = { css: `/${searchCss.path}`, js: `/${searchJs.path}` };
  }
  if (pageUiWanted(config.pageUi)) {
    const actionsCss = hashedFile("page-actions", "css", readTemplate("page-actions.css"));
    const actionsJs = hashedFile("page-actions", "js", clientScript("pageActions"));
    files.push(actionsCss, actionsJs);
    urls.pageActions = { css: `/${actionsCss.path}`, js: `/${actionsJs.path}` };
  }
  return { files, urls };
}
