/**
 * SPEC 2.13: `docs robots generate` writes `robots.path`, by default `public/robots.txt`, except under the svelte
 * adapter, whose static files live in `static/`: a project whose package.json depends on `@sveltejs/kit` gets
 * `static/robots.txt`. A `robots.path` the config sets always wins.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const SVELTEKIT_ROBOTS_PATH = "static/robots.txt";

export async function robotsPathFor(root: string, rawConfig: unknown, resolvedPath: string): Promise<string> {
  const robots = (rawConfig as { robots?: unknown } | null)?.robots;
  if (typeof robots === "object" && robots !== null && typeof (robots as { path?: unknown }).path === "string") {
    return resolvedPath;
  }
  return (await dependsOnSvelteKit(root)) ? SVELTEKIT_ROBOTS_PATH : resolvedPath;
}

async function dependsOnSvelteKit(root: string): Promise<boolean> {
  const text = await readFile(path.join(root, "package.json"), "utf8").catch(() => null);
  if (text === null) return false;
  try {
    const manifest = JSON.parse(text) as Record<string, Record<string, string> | undefined>;
    return ["dependencies", "devDependencies"].some((field) => manifest[field]?.["@sveltejs/kit"] !== undefined);
  } catch {
    return false;
  }
}
