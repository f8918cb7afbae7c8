/**
 * The folder a site ships as-is at its root (SPEC 2.9): `public/` beside the config, or else, as VitePress keeps it,
 * `public/` inside the content folder (`docs/public/logo.svg` is `/logo.svg`), which is then no content: neither its
 * pages nor its images are published under the docs path.
 */
import { statSync } from "node:fs";
import path from "node:path";

export function publicFolder(root: string, contentDir: string | undefined): string {
  const beside = path.join(root, "public");
  if (contentDir === undefined || isFolder(beside)) return beside;
  const inside = path.join(contentDir, "public");
  return isFolder(inside) ? inside : beside;
}

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
