/**
 * `docs init` (issue 11): the files of a new site. They live as real files under templates/init/; this module reads
 * them and fills in the site title and the package name and dependency. `gitignore` is stored without its dot
 * because npm leaves `.gitignore` files out of published packages.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The scaffold's folder; `tools/build-package.mjs` copies it to lib/templates/init/ beside the compiled bin/. */
export const INIT_TEMPLATE_DIR = fileURLToPath(new URL("../templates/init/", import.meta.url));

/** Template names that differ from the written ones. */
const RENAMED: Record<string, string> = { gitignore: ".gitignore" };

/** Where a template names the site title. */
export const TITLE_FIELD = "{{title}}";

/** How the title is written into each kind of template file; other files are copied as they are. */
const TITLE_ESCAPES: Record<string, (title: string) => string> = {
  // Inside a double-quoted string literal.
  ".ts": (title) => JSON.stringify(title).slice(1, -1),
  // README text: a heading line.
  ".md": (title) => title,
};

export interface ScaffoldOptions {
  /** Site title: `nav.title` in the config and the README's heading. */
  title: string;
  /** `name` of the site's package.json. */
  packageName: string;
  /** This package's version; the site depends on `quire@^<version>`. */
  quireVersion: string;
}

/** Every scaffold file, path relative to the new site (forward slashes) → bytes, in path order. */
export async function scaffoldFiles(
  options: ScaffoldOptions,
  templateDir = INIT_TEMPLATE_DIR,
): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const relative of await listFiles(templateDir)) {
    const target = relative
      .split("/")
      .map((part) => RENAMED[part] ?? part)
      .join("/");
    files.set(target, fillTemplate(relative, await readFile(path.join(templateDir, relative)), options));
  }
  return files;
}

function fillTemplate(relative: string, bytes: Buffer, options: ScaffoldOptions): Uint8Array {
  if (relative === "package.json") return Buffer.from(sitePackageJson(bytes.toString("utf8"), options));
  const escape = TITLE_ESCAPES[path.extname(relative)];
  return escape ? Buffer.from(bytes.toString("utf8").replaceAll(TITLE_FIELD, escape(options.title))) : bytes;
}

/** The template's package.json with the site's name and this version of quire as its dependency. */
function sitePackageJson(template: string, options: ScaffoldOptions): string {
  const manifest = JSON.parse(template) as { name: string; dependencies: Record<string, string> };
  manifest.name = options.packageName;
  manifest.dependencies = { ...manifest.dependencies, quire: `^${options.quireVersion}` };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const names = entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  const files: string[] = [];
  for (const entry of names) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** An npm package name from a folder name: `My Docs!` → `my-docs`. */
export function packageNameOf(folderName: string): string {
  const name = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, 214);
  return name || "docs-site";
}

/** A title from a folder name: `acme-docs` → `Acme Docs`; a name without letters or digits gives `Docs`. */
export function titleOf(folderName: string): string {
  const words = folderName.split(/[\s._-]+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return "Docs";
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" ");
}
