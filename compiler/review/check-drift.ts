/**
 * SPEC 2.12 `agentSurfaceDrift`: what agents are served — a built `dist/` or a running site (`--url`) — against what
 * the sources give now. The sources are built afresh into a temporary folder with the real compiler (so the
 * comparison is exact, whatever the pipeline does), then every agent-facing file (`.md` pages, llms files, AGENTS.md,
 * skill.md, the manifest and discovery files, the runtime's page list and agent search index) is compared by digest:
 * missing, different, or still served though the sources no longer produce it. Without a dist/ and a URL there is
 * nothing to compare, which the report says.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseRuntimeJson, runtimeFile } from "../../runtime/contract/index.ts";
import { BuildFailure } from "../diagnostics.ts";
import type { RawFinding } from "./finding.ts";
import type { ReviewSite } from "./review-site.ts";

/** Where the served agent surface comes from: a dist/ folder, or the origin of a running site. */
export type DriftTarget = { dist: string } | { url: string };

export interface DriftResult {
  findings: RawFinding[];
  /** Why drift was not compared (the sources do not build), when it was not. */
  skipped?: string;
  /** Agent-facing files compared. */
  compared: number;
}

/** Paths (relative to dist/) agents read. `_docs/changes.json` is left out: it depends on the previous build. */
export function isAgentSurface(file: string): boolean {
  return (
    file.endsWith(".md") ||
    file.endsWith(".txt") ||
    file.startsWith(".well-known/") ||
    file.startsWith("schemas/") ||
    file === runtimeFile("pages.json") ||
    file === runtimeFile("search-agent.json") ||
    file === runtimeFile("search-index-agent.json")
  );
}

export async function checkAgentSurfaceDrift(
  site: ReviewSite,
  target: DriftTarget,
  options: { git?: boolean } = {},
): Promise<DriftResult> {
  const temp = await mkdtemp(path.join(tmpdir(), "quire-review-"));
  try {
    const fresh = path.join(temp, "dist");
    try {
      // Loaded here: a review without a drift target never needs the whole compiler.
      const { build } = await import("../index.ts");
      await build({ root: site.root, outDir: fresh, git: options.git });
    } catch (error) {
      if (error instanceof BuildFailure)
        return { findings: [], compared: 0, skipped: "the sources do not build (see the other findings)" };
      throw error;
    }
    const expected = await digests(fresh);
    const served = "dist" in target ? await digests(target.dist) : await fetchDigests(target.url, [...expected.keys()]);
    const where =
      "dist" in target ? `${path.relative(site.root, target.dist).split(path.sep).join("/") || "."}/` : target.url;
    const fix =
      "dist" in target
        ? "run `docs build` again; agents read the built copy, not the sources"
        : "deploy a fresh build; agents read the served copy, not the sources";
    const findings: RawFinding[] = [];
    const sourceOf = await sourceFiles(site);
    for (const [file, digest] of expected) {
      const got = served.get(file);
      if (got === digest) continue;
      findings.push({
        rule: "agentSurfaceDrift",
        file: sourceOf.get(`/${file}`) ?? site.config.configFile,
        line: 1,
        column: 1,
        message:
          got === undefined
            ? `${where} does not serve /${file}, which the sources produce`
            : `/${file} served by ${where} differs from what the sources give`,
        fix,
      });
    }
    for (const file of served.keys()) {
      if (expected.has(file)) continue;
      findings.push({
        rule: "agentSurfaceDrift",
        file: site.config.configFile,
        line: 1,
        column: 1,
        message: `${where} still serves /${file}, which the sources no longer produce`,
        fix,
      });
    }
    return { findings, compared: expected.size };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Which target review compares with by default: `--url`, else `--dist` or the site's dist/ when it exists. */
export function defaultDriftTarget(root: string, dist?: string, url?: string): DriftTarget | undefined {
  if (url) return { url: url.replace(/\/+$/, "") };
  const folder = path.resolve(root, dist ?? "dist");
  return existsSync(folder) ? { dist: folder } : undefined;
}

/** Agent-surface files of a built folder and their digests, from its build manifest (or the bytes when it has none). */
async function digests(dist: string): Promise<Map<string, string>> {
  const text = await readFile(path.join(dist, runtimeFile("build-manifest.json")), "utf8").catch(() => null);
  if (text === null)
    throw new Error(
      `${dist} is not a built site: it has no ${runtimeFile("build-manifest.json")} (run \`docs build\`)`,
    );
  const manifest = parseRuntimeJson("build-manifest.json", text);
  return new Map(Object.entries(manifest.files).filter(([file]) => isAgentSurface(file)));
}

/** The same files fetched from a running site, digested the way the build manifest digests them. */
async function fetchDigests(origin: string, files: string[]): Promise<Map<string, string>> {
  const served = new Map<string, string>();
  await Promise.all(
    files.map(async (file) => {
      const response = await fetch(`${origin}/${file}`, { redirect: "follow" });
      if (response.ok) served.set(file, manifestDigest(new Uint8Array(await response.arrayBuffer())));
    }),
  );
  return served;
}

/** Digest form of `_docs/build-manifest.json` (compiler/emit/runtime-bundle.ts). */
function manifestDigest(bytes: Uint8Array): string {
  return `sha256-${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}`;
}

/** Source file of each page's `.md` route, so findings point at the page to rebuild from. */
async function sourceFiles(site: ReviewSite): Promise<Map<string, string>> {
  return new Map(
    site.pages.map((page) => [page.markdownRoute, page.source.agentFile?.sourcePath ?? page.source.sourcePath]),
  );
}
