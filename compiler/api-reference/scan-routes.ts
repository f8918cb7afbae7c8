/**
 * Route scanning (SPEC 2.15): with `apiReference` on and no `specUrl`, the API reference is made from the project's
 * own route handlers, by the conventions of the frameworks Quire adapts to:
 *
 * | framework | files | methods |
 * |---|---|---|
 * | Next.js | `app/<routeRoot>/**\/route.ts` (or `src/app/…`; `routeRoot` may also be a full path) | exported `GET`, `POST`, … |
 * | SvelteKit | `src/routes/api/**\/+server.ts` | exported `GET`, `POST`, … |
 * | Astro | `src/pages/api/**\/*.ts` | exported `GET`, `POST`, …, `ALL` |
 * | Nuxt | `server/api/**\/*.ts` | the file's `.get` / `.post` … suffix, else every method |
 * | TanStack Start | `src/routes/api.*.ts` (`$id` → `{id}`) | `GET:` / `POST:` … handler keys |
 *
 * Dynamic segments (`[id]`, `[...slug]`, `$id`) become `{id}` path parameters; `(group)` folders vanish. The JSDoc
 * block right above a handler gives its summary (first sentence) and description; `@deprecated` marks it. Files are
 * read as text: nothing is executed or bundled. The result is an OpenAPI 3.1 document that goes through the same
 * pages as a contract. `exclude` takes URL paths (`/api/internal`, prefixes) or routeRoot-relative ones (`internal`).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Json } from "./operations.ts";

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
/** A scan stops reading past this many route files: a runaway `routeRoot` must not read a whole monorepo. */
export const MAX_ROUTE_FILES = 2000;

export interface ScannedRoute {
  /** Project-relative file. */
  file: string;
  /** OpenAPI path, `/api/users/{id}`. */
  path: string;
  method: Lowercase<(typeof HTTP_METHODS)[number]>;
  summary?: string;
  description?: string;
  deprecated?: boolean;
}

interface Convention {
  /** Project-relative folder the convention's files live in. */
  dir: string;
  /** URL prefix of that folder. */
  prefix: string;
  accepts(file: string): boolean;
  /** Route segments of a file relative to `dir`, or null when the file is no route. */
  segments(relative: string): string[] | null;
  methods(source: string, relative: string): Map<ScannedRoute["method"], Doc>;
}

interface Doc {
  summary?: string;
  description?: string;
  deprecated?: boolean;
}

export async function scanApiRoutes(
  root: string,
  options: { routeRoot: string; exclude: readonly string[] },
): Promise<{ routes: ScannedRoute[]; conventions: string[] }> {
  const routeRoot = options.routeRoot.replace(/^\/+|\/+$/g, "") || "api";
  const conventions = conventionsFor(routeRoot);
  const routes: ScannedRoute[] = [];
  const used: string[] = [];
  let read = 0;
  for (const convention of conventions) {
    const files = await listFiles(path.join(root, convention.dir));
    if (files.length > 0) used.push(convention.dir);
    for (const relative of files.sort()) {
      if (!convention.accepts(relative)) continue;
      const segments = convention.segments(relative);
      if (!segments) continue;
      if (++read > MAX_ROUTE_FILES) break;
      const urlPath = `/${[convention.prefix, ...segments].filter(Boolean).join("/")}`.replace(/\/+$/, "") || "/";
      if (isExcluded(urlPath, routeRoot, options.exclude)) continue;
      const file = `${convention.dir}/${relative}`;
      const source = await readFile(path.join(root, file), "utf8");
      for (const [method, doc] of convention.methods(source, relative))
        routes.push({ file, path: urlPath, method, ...doc });
    }
  }
  return { routes, conventions: used };
}

/** An OpenAPI 3.1 document of the scanned routes: tags by the first segment after the API prefix. */
export function scannedContract(routes: ScannedRoute[], title: string, version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const order = (method: string) => HTTP_METHODS.indexOf(method.toUpperCase() as (typeof HTTP_METHODS)[number]);
  const sorted = [...routes].sort((a, b) => a.path.localeCompare(b.path) || order(a.method) - order(b.method));
  for (const route of sorted) {
    const parameters = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => ({
      name: match[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const tag = route.path.split("/").filter((s) => s && !s.startsWith("{"))[1] ?? "api";
    (paths[route.path] ??= {})[route.method] = {
      tags: [tag],
      operationId: operationIdOf(route),
      ...(route.summary ? { summary: route.summary } : {}),
      ...(route.description ? { description: route.description } : {}),
      ...(route.deprecated ? { deprecated: true } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      "x-source": route.file,
    };
  }
  // OpenAPI 3.1 lets an operation leave out `responses`: the source does not say what a handler returns.
  return { openapi: "3.1.0", info: { title, version }, "x-quire-scanned": true, paths };
}

/** `get /api/orders/{orderId}` → `get-orders-by-orderId`: the method, then the path after its `api` prefix. */
function operationIdOf(route: ScannedRoute): string {
  const segments = route.path.split("/").filter(Boolean);
  if (segments[0] === "api" && segments.length > 1) segments.shift();
  return [route.method, ...segments.map((segment) => segment.replace(/^\{(.+)\}$/, "by-$1"))].join("-");
}

function conventionsFor(routeRoot: string): Convention[] {
  const exported = (source: string) => exportedMethods(source);
  const nextDirs = routeRoot.includes("/") ? [routeRoot] : [`app/${routeRoot}`, `src/app/${routeRoot}`];
  const nextPrefix = routeRoot.replace(/^(?:src\/)?app\//, "");
  return [
    ...nextDirs.map(
      (dir): Convention => ({
        dir,
        prefix: nextPrefix,
        accepts: (file) => /(^|\/)route\.[cm]?[jt]sx?$/.test(file),
        segments: (file) => bracketSegments(path.posix.dirname(file)),
        methods: exported,
      }),
    ),
    {
      dir: "src/routes/api",
      prefix: "api",
      accepts: (file) => /(^|\/)\+server\.[jt]s$/.test(file),
      segments: (file) => bracketSegments(path.posix.dirname(file)),
      methods: exported,
    },
    {
      dir: "src/pages/api",
      prefix: "api",
      accepts: (file) => SOURCE.test(file) && !/\.d\.ts$/.test(file),
      segments: (file) => bracketSegments(file.replace(SOURCE, "").replace(/(^|\/)index$/, "")),
      methods: (source) => {
        const methods = exportedMethods(source, ["ALL"]);
        const all = methods.get("all" as never);
        if (!all) return methods;
        methods.delete("all" as never);
        for (const method of HTTP_METHODS) if (!methods.has(lower(method))) methods.set(lower(method), all);
        return methods;
      },
    },
    {
      dir: "server/api",
      prefix: "api",
      accepts: (file) => SOURCE.test(file) && !/\.d\.ts$/.test(file),
      segments: (file) =>
        bracketSegments(
          file
            .replace(SOURCE, "")
            .replace(/\.(get|post|put|patch|delete|head|options)$/i, "")
            .replace(/(^|\/)index$/, ""),
        ),
      methods: (source, file) => {
        const doc = docBefore(source, source.search(/export\s+default\b/));
        const suffix = /\.(get|post|put|patch|delete|head|options)\.[cm]?[jt]sx?$/i.exec(file)?.[1];
        const methods = suffix ? [suffix.toUpperCase()] : ["GET", "POST", "PUT", "PATCH", "DELETE"];
        return new Map(methods.map((method) => [lower(method), doc]));
      },
    },
    {
      dir: "src/routes",
      prefix: "",
      accepts: (file) => /^api(\.[^/]+)?\.[jt]sx?$/.test(file),
      segments: (file) =>
        file
          .replace(SOURCE, "")
          .split(".")
          .map((segment) =>
            segment.startsWith("$") ? (segment === "$" ? "{splat}" : `{${segment.slice(1)}}`) : segment,
          )
          .filter((segment) => segment !== "index"),
      methods: (source) => {
        const found = new Map<ScannedRoute["method"], Doc>();
        for (const match of source.matchAll(new RegExp(`\\b(${HTTP_METHODS.join("|")})\\s*(?::|\\()`, "g")))
          if (match.index !== undefined && !found.has(lower(match[1])))
            found.set(lower(match[1]), docBefore(source, match.index));
        return found;
      },
    },
  ];
}

/** `[id]` → `{id}`, `[...slug]` and `[[...slug]]` → `{slug}`; `(group)` and `@slot` folders are not in the URL. */
function bracketSegments(relative: string): string[] {
  if (relative === "." || relative === "") return [];
  return relative
    .split("/")
    .filter((segment) => segment && !/^\(.*\)$/.test(segment) && !segment.startsWith("@") && !segment.startsWith("_"))
    .map((segment) => segment.replace(/^\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}$/, "{$1}"));
}

/** `export (async) function GET`, `export const GET =`, and `export { handler as GET }` forms. */
function exportedMethods(source: string, extra: string[] = []): Map<ScannedRoute["method"], Doc> {
  const names = [...HTTP_METHODS, ...extra].join("|");
  const found = new Map<ScannedRoute["method"], Doc>();
  const direct = new RegExp(`export\\s+(?:async\\s+)?(?:function\\*?\\s+|const\\s+|let\\s+|var\\s+)(${names})\\b`, "g");
  for (const match of source.matchAll(direct))
    if (match.index !== undefined) found.set(lower(match[1]), docBefore(source, match.index));
  for (const block of source.matchAll(/export\s*\{([^}]*)\}/g))
    for (const entry of block[1].split(",")) {
      const name = entry
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name && new RegExp(`^(${names})$`).test(name) && !found.has(lower(name))) found.set(lower(name), {});
    }
  return found;
}

/** The JSDoc block that ends right before `index` (only whitespace between), as summary and description. */
function docBefore(source: string, index: number): Doc {
  if (index < 0) return {};
  const before = source.slice(0, index).trimEnd();
  if (!before.endsWith("*/")) return {};
  const start = before.lastIndexOf("/**");
  if (start === -1) return {};
  const lines = before
    .slice(start + 3, -2)
    .split("\n")
    .map((line) => line.replace(/^\s*\*\s?/, "").trimEnd());
  const deprecation = lines.find((line) => /^@deprecated\b/.test(line));
  const deprecated = deprecation !== undefined;
  const reason = deprecation?.replace(/^@deprecated\s*/, "").trim();
  const prose = lines
    .filter((line) => !line.startsWith("@"))
    .join("\n")
    .trim();
  const note = reason ? `Deprecated: ${reason}` : undefined;
  if (!prose) return { ...(note ? { description: note } : {}), ...(deprecated ? { deprecated } : {}) };
  const firstSentence = /^([^\n]*?[.!?])(\s|$)/.exec(prose)?.[1] ?? prose.split("\n")[0];
  const description = [prose.slice(firstSentence.length).trim(), note].filter(Boolean).join("\n\n");
  return {
    summary: firstSentence.replace(/[.!?]$/, ""),
    ...(description ? { description } : {}),
    ...(deprecated ? { deprecated } : {}),
  };
}

function isExcluded(urlPath: string, routeRoot: string, exclude: readonly string[]): boolean {
  return exclude.some((entry) => {
    const trimmed = entry.trim().replace(/\/+$/, "");
    if (!trimmed) return false;
    const prefix = trimmed.startsWith("/") ? trimmed : `/${routeRoot.split("/").pop()}/${trimmed}`;
    return urlPath === prefix || urlPath.startsWith(`${prefix}/`);
  });
}

const lower = (method: string) => method.toLowerCase() as ScannedRoute["method"];

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.parentPath.includes("node_modules"))
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  } catch {
    return [];
  }
}
