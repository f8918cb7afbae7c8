/**
 * STYLE "No cycles between folders": `runtime/` never imports `compiler/`, tests included. Every `.ts` file under
 * runtime/ is scanned for import specifiers (static, `import type`, re-exports, dynamic `import()`); one that resolves
 * into compiler/, or the package's own root export `quire` (compiler/public.ts), fails the test.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");
const runtime = path.join(repo, "runtime");
const compiler = path.join(repo, "compiler");

/**
 * Tests that still build fixtures with the compiler, to move onto committed snapshots (issue 8). The list may only
 * shrink: an entry whose file no longer imports compiler/ fails the test too, so it is removed when the file is fixed.
 */
const STILL_IMPORTING_COMPILER: string[] = [];

const STATIC = /\b(?:import|export)(?:\s+type)?\s*(?:[\w*${}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g;

/** Every module specifier the source names in an import or re-export. */
export function importSpecifiers(source: string): string[] {
  return [...source.matchAll(STATIC), ...source.matchAll(DYNAMIC)].map((match) => match[1]);
}

function reachesCompiler(file: string, specifier: string): boolean {
  if (specifier === "quire") return true;
  if (!specifier.startsWith(".")) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return target === compiler || target.startsWith(compiler + path.sep);
}

async function runtimeSources(): Promise<string[]> {
  const entries = await readdir(runtime, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

describe("runtime/ never imports compiler/", () => {
  it("finds imports, type imports, re-exports and dynamic imports", () => {
    const folder = "compiler"; // not spelled out in the snippets, or this file would be an offender itself
    const source = [
      `import { build } from "../../${folder}/index.ts";`,
      `import type {\n  ResolvedConfig,\n} from "../${folder}/config/types.ts";`,
      `export * from "./contract/index.ts";`,
      `import "./side-effect.ts";`,
      `const lazy = await import("../${folder}/public.ts");`,
    ].join("\n");
    expect(importSpecifiers(source)).toEqual([
      "../../compiler/index.ts",
      "../compiler/config/types.ts",
      "./contract/index.ts",
      "./side-effect.ts",
      "../compiler/public.ts",
    ]);
  });

  it("has no file importing from compiler/ outside the shrinking allow-list", async () => {
    const offenders = new Map<string, string[]>();
    for (const file of await runtimeSources()) {
      const reached = importSpecifiers(await readFile(file, "utf8")).filter((specifier) =>
        reachesCompiler(file, specifier),
      );
      if (reached.length > 0) offenders.set(path.relative(repo, file).split(path.sep).join("/"), reached);
    }
    const unexpected = [...offenders].filter(([file]) => !STILL_IMPORTING_COMPILER.includes(file));
    expect(
      unexpected,
      "runtime code and tests read snapshots/<site>/ (runtime/testing/built-site.ts), not the compiler",
    ).toEqual([]);
    const fixed = STILL_IMPORTING_COMPILER.filter((file) => !offenders.has(file));
    expect(fixed, "these no longer import compiler/: remove them from STILL_IMPORTING_COMPILER").toEqual([]);
  });

  it("allows only runtime/mcp/** and runtime/adapters/** tests on the list", () => {
    for (const file of STILL_IMPORTING_COMPILER) expect(file).toMatch(/^runtime\/(mcp|adapters)\/.+\.test\.ts$/);
  });
});
