/** Validates the evaluated config and applies every default exactly once. */
import { existsSync } from "node:fs";
import path from "node:path";
import { BuildFailure, type BuildMessage } from "../diagnostics.ts";
import { docsRouteOf } from "../../runtime/contract/index.ts";
import { resolveSurfaces } from "./resolve-surfaces.ts";
import { locateConfigKey, locateConfigObject } from "./locate.ts";
import type { LoadedConfig } from "./load.ts";
import { docsConfigShape } from "./schema.ts";
import type { DocsConfig, ResolvedConfig } from "./types.ts";
import { isPlainObject, validateShape } from "./validate.ts";

export function checkConfig(loaded: LoadedConfig): DocsConfig {
  const { file, source, value } = loaded;
  if (!isPlainObject(value)) {
    throw new BuildFailure([{ severity: "error", rule: "config/not-object", file, ...locateConfigObject(source), reason: "the default export must be a config object, e.g. `export default defineDocs({ entry: \"docs\" })`" }]);
  }
  const messages: BuildMessage[] = validateShape(value, docsConfigShape).map((issue) => {
    const at = locateConfigKey(source, issue.path);
    const hint = issue.suggestion ? ` — did you mean "${issue.suggestion}"?` : "";
    const rule = issue.unknownKey === undefined ? "config/type" : "config/unknown-key";
    return { severity: "error", rule, file, line: at?.line, column: at?.column, reason: issue.reason + hint };
  });
  // A non-string entry already has its type error above.
  if (value.entry === undefined || (typeof value.entry === "string" && value.entry.trim() === "")) {
    const at = locateConfigKey(source, ["entry"]) ?? locateConfigObject(source);
    messages.push({ severity: "error", rule: "config/required", file, ...at, reason: `"entry" is required: the docs source route and folder, e.g. entry: "docs"` });
  }
  if (messages.length > 0) throw new BuildFailure(messages);
  return value as unknown as DocsConfig;
}

const trimSlashes = (value: string) => value.replace(/^\/+|\/+$/g, "");
const objectOf = <T extends object>(value: boolean | T | undefined): Partial<T> => (typeof value === "object" ? value : {});
const enabledOf = (value: boolean | { enabled?: boolean } | undefined, fallback: boolean): boolean =>
  typeof value === "boolean" ? value : value === undefined ? fallback : value.enabled ?? true;

export function resolveConfig(config: DocsConfig, root: string, configFile: string): ResolvedConfig {
  const entry = trimSlashes(config.entry);
  const docsPath = trimSlashes(config.docsPath ?? entry);
  const ui = config.theme?.ui ?? {};
  const layout = ui.layout ?? {};
  const code = ui.codeBlock ?? {};
  const toggle = objectOf(config.themeToggle);
  const sidebar = objectOf(config.sidebar);
  const readingTime = objectOf(config.readingTime);
  const lastUpdated = objectOf(config.lastUpdated);
  const github = typeof config.github === "string" ? { url: config.github } : config.github;
  const sitemap = objectOf(config.sitemap as boolean | { baseUrl?: string } | undefined);
  const llms = config.llmsTxt as { baseUrl?: string } | undefined;
  const robots = objectOf(config.robots as boolean | { baseUrl?: string } | undefined);
  const ai = config.ai as { docsUrl?: string } | undefined;
  // SPEC 2.21: absolute URLs come from the first configured base URL, else stay relative.
  const baseUrl = [sitemap.baseUrl, llms?.baseUrl, robots.baseUrl, ai?.docsUrl].find((u) => typeof u === "string" && u !== "");
  const title = typeof config.nav?.title === "string" ? config.nav.title : "Docs";
  const colors = ui.colors ?? {};
  return {
    root,
    configFile,
    entry,
    docsPath,
    docsRoute: docsRouteOf(docsPath),
    contentDir: resolveContentDir(root, entry, config.contentDir),
    staticExport: config.staticExport ?? false,
    title,
    navUrl: config.nav?.url ?? (docsPath ? `/${docsPath}` : "/"),
    baseUrl: baseUrl ? baseUrl.replace(/\/+$/, "") : null,
    theme: {
      name: config.theme?.name ?? "default",
      colors,
      // A custom palette's brand tokens carry into dark mode; surfaces keep the built-in dark palette.
      darkColors: Object.fromEntries(Object.entries(colors).filter(([k]) => ["primary", "primaryForeground", "ring"].includes(k))),
      radius: ui.radius,
      fonts: { sans: ui.typography?.font?.style?.sans, mono: ui.typography?.font?.style?.mono },
      layout: {
        contentWidth: layout.contentWidth ?? 768,
        sidebarWidth: layout.sidebarWidth ?? 272,
        tocWidth: layout.tocWidth ?? 224,
        headerHeight: layout.header?.height ?? 56,
        headerSticky: layout.header?.sticky ?? true,
        tocEnabled: layout.toc?.enabled ?? true,
        tocDepth: layout.toc?.depth ?? 3,
      },
      codeBlock: {
        showLineNumbers: code.showLineNumbers ?? false,
        showCopyButton: code.showCopyButton ?? true,
        theme: code.theme ?? "github-light",
        darkTheme: code.darkTheme ?? "github-dark",
      },
      sidebarStyle: ui.sidebar?.style ?? "default",
    },
    github: github?.url ? { url: github.url.replace(/\/+$/, ""), branch: github.branch ?? "main", directory: github.directory } : null,
    themeToggle: {
      enabled: enabledOf(config.themeToggle, true),
      default: toggle.default ?? "system",
      mode: toggle.mode ?? "light-dark",
    },
    breadcrumb: { enabled: enabledOf(config.breadcrumb, true) },
    sidebar: {
      enabled: enabledOf(config.sidebar, true),
      collapsible: sidebar.collapsible ?? true,
      flat: sidebar.flat ?? false,
      folderIndexBehavior: sidebar.folderIndexBehavior ?? "link",
      folderIndexBehaviorOverrides: normalizeOverrides(sidebar.folderIndexBehaviorOverrides ?? {}),
    },
    icons: config.icons ?? {},
    components: config.components ?? {},
    readingTime: {
      enabled: enabledOf(config.readingTime, false),
      wordsPerMinute: readingTime.wordsPerMinute ?? 220,
      format: readingTime.format ?? "long",
      includeCode: readingTime.includeCode ?? false,
    },
    lastUpdated: {
      enabled: enabledOf(config.lastUpdated, true),
      label: lastUpdated.label ?? "Last updated",
      position: lastUpdated.position ?? "footer",
    },
    ordering: config.ordering ?? "alphabetical",
    metadata: {
      titleTemplate: config.metadata?.titleTemplate ?? `%s | ${title}`,
      description: config.metadata?.description,
      twitterCard: config.metadata?.twitterCard ?? "summary_large_image",
    },
    surfaces: resolveSurfaces(config, root, typeof config.nav?.title === "string" ? config.nav.title : undefined),
    raw: config,
  };
}

/** Override keys are folder landing URLs; compare them without trailing slashes. */
function normalizeOverrides<T>(overrides: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(overrides).map(([url, v]) => ["/" + trimSlashes(url), v]));
}

/** SPEC 2.1: `contentDir` defaults to `entry`; the Next.js layout keeps pages in `app/<entry>/` instead. */
function resolveContentDir(root: string, entry: string, contentDir: string | undefined): string {
  if (contentDir !== undefined) return path.resolve(root, contentDir);
  const candidates = [path.join(root, "app", entry), path.join(root, "src", "app", entry), path.join(root, entry)];
  return candidates.find((dir) => existsSync(dir)) ?? path.join(root, entry);
}
