/**
 * Builds fixture sites once into a temp folder for the quality suites (axe, Nu HTML checker) and lists the HTML
 * pages each one wrote, as routes and files.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { build } from "../index.ts";

export const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");

/** Every fixture site (the folders with a config), except the deliberately broken ones. */
export async function fixtureSites(): Promise<string[]> {
  const entries = await readdir(FIXTURES, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !["broken", "review"].includes(e.name))
    .map((e) => e.name)
    .sort();
}

export async function buildFixture(site: string, outDir: string): Promise<void> {
  await build({ root: path.join(FIXTURES, site), outDir, git: false, cache: false });
}

/** The HTML files under `dist`, relative and sorted. */
export async function htmlFiles(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)))
    .sort();
}

/** `docs/faq/index.html` → `/docs/faq`; `404.html` → `/404.html`. */
export function routeOf(file: string): string {
  const posix = file.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  return `/${posix.endsWith("/index.html") ? posix.slice(0, -"/index.html".length) : posix}`;
}
