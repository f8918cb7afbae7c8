/**
 * Keys of the incremental page cache (issue 11, "Incremental builds"). A page's cached record is reused only when
 * everything its `buildPage` result can depend on hashes the same:
 *
 * - the Quire build: package version, V8 version (the record is stored with `v8.serialize`), npm's record of the
 *   installed dependency tree and a fingerprint of the compiler's own files (`compiler/`, `templates/`, `runtime/`:
 *   records hold what runtime code made, such as each search chunk's term counts), so an upgraded dependency or a
 *   checkout with edited passes never reuses old records;
 * - the config: the esbuild bundle of the config module (local imports included) and the identity of the component
 *   map (each name with the source text of its value, which covers components imported from packages);
 * - the page: its path, syntax and text, its sibling `agent.md` path and text, and its git date;
 * - the site: the sorted code languages of the whole site, because `markdown/highlighter.ts` loads them all before
 *   the first page and injection grammars change how other languages tokenize. A new fence language anywhere
 *   therefore rebuilds every page; that is rare and keeps colours byte-identical to a cold build.
 *
 * Cross-page outputs (nav, prev/next, llms, sitemaps, search, changes log) are not in any page record: they are
 * recomputed from the records on every build.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { perSourcePath } from "./per-source-path.ts";
import type { SourcePage } from "../content/discover.ts";

/** Bump when the layout of a cache entry changes (page-cache.ts). */
export const CACHE_FORMAT = 2;

const packageRoot = fileURLToPath(new URL("../../", import.meta.url));
const FINGERPRINTED = ["compiler", "templates", "runtime"];

let buildIdentity: string | undefined;

/** Quire version + V8 version + a hash of the compiler's own sources; computed once per process. */
export function quireBuildIdentity(): string {
  if (buildIdentity) return buildIdentity;
  const hash = createHash("sha256");
  hash.update(`format ${CACHE_FORMAT}\0v8 ${process.versions.v8}\0`);
  // The checkout has package.json beside compiler/; the installed package one level above lib/.
  for (const candidate of [path.join(packageRoot, "package.json"), path.join(packageRoot, "..", "package.json")]) {
    try {
      hash.update(readFileSync(candidate));
      break;
    } catch {
      // not in this layout
    }
  }
  // Dependency upgrades (Shiki, MDX, remark…) change output without changing Quire: npm's record of the installed
  // tree (`node_modules/.package-lock.json`, nearest above the package) is part of the identity.
  for (let dir = packageRoot, up = 0; up < 4; up++, dir = path.dirname(dir)) {
    const lock = [path.join(dir, "node_modules", ".package-lock.json"), path.join(dir, ".package-lock.json")].find(
      existsSync,
    );
    if (lock) {
      hash.update(readFileSync(lock));
      break;
    }
  }
  for (const folder of FINGERPRINTED) {
    const dir = path.join(packageRoot, folder);
    let names: string[];
    try {
      names = readdirSync(dir, { recursive: true, encoding: "utf8" });
    } catch {
      continue; // not every layout has every folder (lib/ has no tests, for one)
    }
    for (const name of names.sort()) {
      // Declarations (lib/'s `.d.ts`) and tests make no output: half the package's files.
      if (!/\.(ts|js|mjs|css|json)$/.test(name) || /\.(test|d)\.ts$/.test(name)) continue;
      hash.update(`${folder}/${name}\0`);
      hash.update(readFileSync(path.join(dir, name)));
    }
  }
  buildIdentity = hash.digest("hex");
  return buildIdentity;
}

/** The config's share of every page key: the bundled module and the component map identity. */
export function configKey(bundledConfig: string, components: Record<string, unknown>): string {
  const hash = createHash("sha256").update(bundledConfig).update("\0components\0");
  for (const name of Object.keys(components).sort()) {
    const value = components[name];
    hash.update(`${name}=${typeof value === "function" ? Function.prototype.toString.call(value) : safeJson(value)}\0`);
  }
  return hash.digest("hex");
}

/** What besides its own sources goes into a page's key. */
export interface PageKeyInputs {
  identity: string;
  config: string;
  languages: readonly string[];
  gitDate?: string;
}

/** The key under which one page's record is stored; hashed again only when one of its inputs changed. */
export function pageKey(source: SourcePage, site: PageKeyInputs): string {
  return rememberedKey(source.sourcePath, { source, site });
}

interface KeyInputs {
  source: SourcePage;
  site: PageKeyInputs;
}

const rememberedKey = perSourcePath(({ source, site }: KeyInputs) => hashPageKey(source, site), sameKeyInputs);

function sameKeyInputs(last: KeyInputs, { source, site }: KeyInputs): boolean {
  return (
    last.site.identity === site.identity &&
    last.site.config === site.config &&
    last.site.gitDate === site.gitDate &&
    last.site.languages.length === site.languages.length &&
    last.site.languages.every((language, i) => language === site.languages[i]) &&
    last.source.syntax === source.syntax &&
    last.source.source === source.source &&
    last.source.agentFile?.sourcePath === source.agentFile?.sourcePath &&
    last.source.agentFile?.text === source.agentFile?.text
  );
}

/**
 * Each input goes into the hash after its length, so no two lists of inputs give the same bytes. Fed in parts rather
 * than as one JSON text: escaping every page's source for JSON cost ~4× the hash itself.
 */
function hashPageKey(source: SourcePage, site: PageKeyInputs): string {
  const hash = createHash("sha256");
  const fields = [
    site.identity,
    site.config,
    site.languages.join("\n"),
    site.gitDate,
    source.sourcePath,
    source.syntax,
    source.source,
    source.agentFile?.sourcePath,
    source.agentFile?.text,
  ];
  // A missing field and an empty one differ: `-` against `0:`.
  for (const field of fields) hash.update(field === undefined ? "-" : `${field.length}:`).update(field ?? "");
  return hash.digest("hex");
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
