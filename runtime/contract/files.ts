/**
 * Names of the files the compiler writes for the runtime, relative to `dist/`, and the type of each JSON one.
 * `writeRuntimeJson` / `readRuntimeJson` are typed by that map, so writer and reader cannot disagree on a shape.
 */
import type {
  BuildManifest,
  ChangesLog,
  NavTree,
  OgCardData,
  PageEntry,
  RedirectEntry,
  SearchChunk,
  SiteSettings,
} from "./data.ts";
import type { SearchIndexData } from "./search-index.ts";

/** The runtime bundle's folder; static hosts may serve it, nothing in it is secret. */
export const RUNTIME_DIR = "_docs";

/** JSON files of the runtime bundle and what each holds. */
export interface RuntimeJsonFiles {
  "site.json": SiteSettings;
  "pages.json": PageEntry[];
  "nav.json": NavTree;
  "redirects.json": RedirectEntry[];
  "search-human.json": SearchChunk[];
  "search-agent.json": SearchChunk[];
  /** The BM25 index of `search-human.json` / `search-agent.json`, so a cold runtime need not build it (issue 12). */
  "search-index-human.json": SearchIndexData;
  "search-index-agent.json": SearchIndexData;
  /** The agent feedback payload schema (JSON Schema), served at the feedback schema route. */
  "feedback-schema.json": Record<string, unknown>;
  "changes.json": ChangesLog;
  "build-manifest.json": BuildManifest;
  /** `docs-config-map.v1` (SPEC 2.2). */
  "config-map.json": { format: string; pointers: { path: string; kind: string }[] };
  /** `docs-diagnostics.v1` (SPEC 2.3). */
  "diagnostics.json": { format: string } & Record<string, unknown>;
  /** The bundled OpenAPI document, when an API reference is built. */
  "openapi.json": Record<string, unknown>;
  /** The other `apiReference.versions`' bundled documents by id, and the default's id (`format=openapi&version=`). */
  "openapi-versions.json": { defaultVersion: string; documents: Record<string, Record<string, unknown>> };
  /** The dynamic Open Graph card's site text, accent and fonts, when `og.type` is `dynamic` (SPEC 4.6). */
  "og-card.json": OgCardData;
}

export type RuntimeJsonName = keyof RuntimeJsonFiles;

/**
 * The page for unknown URLs (issue 10), at the name static hosts (Netlify, Cloudflare Pages, GitHub Pages) serve with
 * status 404; the runtime answers unknown page paths with it too.
 */
export const NOT_FOUND_PAGE_FILE = "404.html";

/** The ajv standalone validator of the feedback schema, compiled at build time (no code generation at run time). */
export const FEEDBACK_VALIDATOR_FILE = `${RUNTIME_DIR}/feedback-validator.mjs`;

/**
 * The element around a page's rendered content in its built HTML (`<route>/index.html`). Framework adapters
 * (`quire/sveltekit`, `quire/tanstack-start`) hand the content between these to the app's own layout.
 */
export const PAGE_CONTENT_OPEN = '<article class="q-content">';
export const PAGE_CONTENT_CLOSE = "</article>";

/** `dist/`-relative path of a page's built HTML, from its public route (`/docs/a` → `docs/a/index.html`). */
export function pageHtmlFile(route: string): string {
  const trimmed = route.replace(/^\/+|\/+$/g, "");
  return trimmed ? `${trimmed}/index.html` : "index.html";
}

/** `dist/`-relative path of a runtime JSON file. */
export function runtimeFile(name: RuntimeJsonName): string {
  return `${RUNTIME_DIR}/${name}`;
}

/** The serialized form of a runtime JSON file; reports are indented for people, data files are compact. */
export function serializeRuntimeJson<N extends RuntimeJsonName>(name: N, value: RuntimeJsonFiles[N]): string {
  const indented = name === "config-map.json" || name === "diagnostics.json";
  return JSON.stringify(value, null, indented ? 2 : undefined) + "\n";
}

/** Parses a runtime JSON file read back from a store. */
export function parseRuntimeJson<N extends RuntimeJsonName>(_name: N, text: string): RuntimeJsonFiles[N] {
  return JSON.parse(text) as RuntimeJsonFiles[N];
}
