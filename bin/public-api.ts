/** The committed public API (bin/public-api.json) and where package.json's `exports` send each subpath. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repo = new URL("../", import.meta.url);

/** Module specifier (`quire`, `quire/runtime`, …) → its exported value names, sorted. */
export const PUBLIC_API = JSON.parse(readFileSync(new URL("./public-api.json", import.meta.url), "utf8")) as Record<
  string,
  string[]
>;

interface Manifest {
  name: string;
  exports: Record<string, string | { types: string; default: string }>;
}

/** Module specifier → the compiled file package.json's `exports` names (`./lib/runtime/index.js`); JSON subpaths left out. */
export function exportedModules(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(new URL("package.json", repo), "utf8")) as Manifest;
  const modules: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = typeof target === "string" ? target : target.default;
    if (file.endsWith(".js")) modules[subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`] = file;
  }
  return modules;
}

/** The source file tools/build-package.mjs compiles to `lib/<path>.js`: `<path>.ts` in the checkout. */
export function sourceOf(compiled: string): string {
  const match = /^\.\/lib\/(.+)\.js$/.exec(compiled);
  if (!match) throw new Error(`${compiled} is not a compiled file under ./lib/`);
  return fileURLToPath(new URL(`${match[1]}.ts`, repo));
}
