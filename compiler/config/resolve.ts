/** Validates the evaluated config and applies every default exactly once. */
import { existsSync } from "node:fs";
import path from "node:path";
import { BuildFailure, type BuildMessage } from "../diagnostics.ts";
import { docsRouteOf } from "../../runtime/contract/index.ts";
import { checkPageActions, resolvePageUi } from "./resolve-page-ui.ts";
import { resolveSurfaces } from "./resolve-surfaces.ts";
import { checkLocales, resolveLocales } from "../i18n/resolve-locales.ts";
import { locateConfigKey, locateConfigObject } from "./locate.ts";
import type { LoadedConfig } from "./load.ts";
import { docsConfigShape } from "../../runtime/contract/config-schema.ts";
import { fillDefaults } from "../../runtime/contract/config-shape.ts";
import type { ColorsConfig, DocsConfig, ResolvedConfig } from "./types.ts";
import { isPlainObject, validateShape } from "./validate.ts";

export function checkConfig(loaded: Omit<LoadedConfig, "bundled">): DocsConfig {
  const { file, source, value } = loaded;
  if (!isPlainObject(value)) {
    throw new BuildFailure([
      {
        severity: "error",
        rule: "config/not-object",
        file,
        ...locateConfigObject(source),
        reason: 'the default export must be a config object, e.g. `export default defineDocs({ entry: "docs" })`',
      },
    ]);
  }
  const messages: BuildMessage[] = validateShape(value, docsConfigShape).map((issue) => {
    const at = locateConfigKey(source, issue.path);
    const hint = issue.suggestion ? ` — did you mean "${issue.suggestion}"?` : "";
    const rule = issue.unknownKey === undefined ? "config/type" : "config/unknown-key";
    return { severity: "error", rule, file, line: at?.line, column: at?.column, reason: issue.reason + hint };
  });
  if (messages.length === 0) messages.push(...checkLocales(value.i18n, file, source));
  if (messages.length === 0) messages.push(...checkPageActions(value.pageActions, file, source));
  // A non-string entry already has its type error above.
  if (value.entry === undefined || (typeof value.entry === "string" && value.entry.trim() === "")) {
    const at = locateConfigKey(source, ["entry"]) ?? locateConfigObject(source);
    messages.push({
      severity: "error",
      rule: "config/required",
      file,
      ...at,
      reason: `"entry" is required: the docs source route and folder, e.g. entry: "docs"`,
    });
  }
  if (messages.length > 0) throw new BuildFailure(messages);
  return value as unknown as DocsConfig;
}

const trimSlashes = (value: string) => value.replace(/^\/+|\/+$/g, "");

/** Fills the schema's defaults once, then derives what several modules need (routes, title, base URL). */
export function resolveConfig(config: DocsConfig, root: string, configFile: string): ResolvedConfig {
  const filled = fillDefaults(docsConfigShape, config);
  const { theme, sidebar, readingTime, lastUpdated, themeToggle, metadata } = filled;
  const { layout, codeBlock, colors } = theme.ui;
  const entry = trimSlashes(config.entry);
  const docsPath = trimSlashes(filled.docsPath ?? entry);
  const github = typeof filled.github === "string" ? { url: filled.github, branch: "main" } : filled.github;
  // SPEC 2.21: absolute URLs come from the first configured base URL, else stay relative.
  const firstBaseUrl = [filled.sitemap.baseUrl, filled.llmsTxt.baseUrl, filled.robots.baseUrl, filled.ai.docsUrl].find(
    (u) => typeof u === "string" && u !== "",
  );
  const baseUrl = firstBaseUrl ? firstBaseUrl.replace(/\/+$/, "") : null;
  const title = typeof filled.nav.title === "string" ? filled.nav.title : "Docs";
  const definedColors = Object.fromEntries(Object.entries(colors).filter(([, v]) => v !== undefined)) as ColorsConfig;
  return {
    root,
    configFile,
    entry,
    docsPath,
    docsRoute: docsRouteOf(docsPath),
    contentDir: resolveContentDir(root, entry, filled.contentDir),
    staticExport: filled.staticExport,
    title,
    navUrl: filled.nav.url ?? docsRouteOf(docsPath),
    baseUrl,
    theme: {
      name: theme.name,
      colors: definedColors,
      // A custom palette's brand tokens carry into dark mode; surfaces keep the built-in dark palette.
      darkColors: Object.fromEntries(
        Object.entries(definedColors).filter(([k]) => ["primary", "primaryForeground", "ring"].includes(k)),
      ),
      radius: theme.ui.radius,
      fonts: { sans: theme.ui.typography.font.style.sans, mono: theme.ui.typography.font.style.mono },
      layout: {
        contentWidth: layout.contentWidth,
        sidebarWidth: layout.sidebarWidth,
        tocWidth: layout.tocWidth,
        headerHeight: layout.header.height,
        headerSticky: layout.header.sticky,
        tocEnabled: layout.toc.enabled,
        tocDepth: layout.toc.depth,
      },
      codeBlock,
      sidebarStyle: theme.ui.sidebar.style,
      sidebarColors: { background: theme.ui.sidebar.background, borderColor: theme.ui.sidebar.borderColor },
      typography: {
        h1: theme.ui.typography.font.h1,
        h2: theme.ui.typography.font.h2,
        h3: theme.ui.typography.font.h3,
        body: theme.ui.typography.font.body,
        small: theme.ui.typography.font.small,
      },
    },
    github: github?.url
      ? { url: github.url.replace(/\/+$/, ""), branch: github.branch ?? "main", directory: github.directory }
      : null,
    themeToggle,
    breadcrumb: { enabled: filled.breadcrumb.enabled },
    sidebar: {
      enabled: sidebar.enabled,
      collapsible: sidebar.collapsible,
      flat: sidebar.flat,
      folderIndexBehavior: sidebar.folderIndexBehavior,
      folderIndexBehaviorOverrides: normalizeOverrides(sidebar.folderIndexBehaviorOverrides ?? {}),
      banner: sidebar.banner,
      footer: sidebar.footer,
    },
    icons: filled.icons ?? {},
    components: filled.components ?? {},
    readingTime,
    lastUpdated,
    ordering: filled.ordering,
    metadata: { ...metadata, titleTemplate: metadata.titleTemplate ?? `%s | ${title}` },
    i18n: resolveLocales(config.i18n),
    surfaces: resolveSurfaces(filled, config, {
      root,
      title: typeof filled.nav.title === "string" ? filled.nav.title : undefined,
      baseUrl,
    }),
    pageUi: resolvePageUi(filled),
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
