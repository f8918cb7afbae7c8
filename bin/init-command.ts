/**
 * `docs init [dir]` (issue 11): scaffolds a new site from templates/init/. On a terminal it asks for the folder and
 * the title; with `--yes`, or when stdin is not a terminal, it asks nothing. A non-empty folder is refused (exit 1,
 * nothing written) unless `--force` is given.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { askQuestions, PromptCancelled, type PromptStreams } from "./init-prompt.ts";
import { packageNameOf, scaffoldFiles, titleOf } from "./init-scaffold.ts";

export interface InitOptions {
  dir?: string;
  title?: string;
  yes?: boolean;
  force?: boolean;
}

export interface InitEnvironment extends PromptStreams {
  /** Whether questions may be asked: stdin is a terminal. */
  interactive: boolean;
  cwd: string;
}

/** Entries an empty folder may already hold: a fresh `git init`. */
const IGNORED_ENTRIES = new Set([".git"]);

export async function runInit(options: InitOptions, env: InitEnvironment = processEnvironment()): Promise<number> {
  let dir = options.dir;
  let title = options.title;
  if (env.interactive && !options.yes) {
    const suggestedDir = (await entriesOf(env.cwd)).length === 0 ? "." : "my-docs";
    try {
      const askDir = dir === undefined;
      const askTitle = title === undefined;
      const answers = await askQuestions(env, (given) => {
        if (askDir && given.length === 0) return { label: "Folder for the site", defaultValue: suggestedDir };
        const folder = askDir ? given[0]! : dir!;
        if (askTitle && given.length === (askDir ? 1 : 0)) {
          return { label: "Site title", defaultValue: titleOf(path.basename(path.resolve(env.cwd, folder))) };
        }
        return undefined;
      });
      if (askDir) dir = answers.shift();
      if (askTitle) title = answers.shift();
    } catch (error) {
      if (!(error instanceof PromptCancelled)) throw error;
      console.error("✗ cancelled; nothing was written");
      return 1;
    }
  }
  const target = path.resolve(env.cwd, dir ?? ".");
  const shown = path.relative(env.cwd, target) || ".";
  title = (title ?? titleOf(path.basename(target))).trim();
  if (title === "" || /[\r\n]/.test(title)) {
    console.error('✗ the title must be one line of text, for example --title "Acme Docs"');
    return 1;
  }

  if (existsSync(target) && !(await stat(target)).isDirectory()) {
    console.error(`✗ ${shown} is a file, not a folder; pick another folder for the site`);
    return 1;
  }
  const existing = await entriesOf(target);
  if (existing.length > 0 && !options.force) {
    const listed = existing.slice(0, 5).join(", ") + (existing.length > 5 ? ", …" : "");
    console.error(`✗ ${shown} is not empty (${listed}); nothing was written.`);
    console.error(
      "  Pick an empty or new folder, or pass --force to add the site there (files with the same names are replaced).",
    );
    return 1;
  }

  const files = await scaffoldFiles({
    title,
    packageName: packageNameOf(path.basename(target)),
    quireVersion: quireVersion(),
  });
  const replaced = [...files.keys()].filter((file) => existsSync(path.join(target, file)));
  for (const [file, bytes] of files) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await writeFile(path.join(target, file), bytes);
  }
  const cd = shown === "." ? [] : [`  cd ${/\s/.test(shown) ? JSON.stringify(shown) : shown}`];
  console.log(
    [
      `✓ created "${title}" in ${shown} (${files.size} files${replaced.length > 0 ? `, ${replaced.length} replaced` : ""})`,
      "",
      "Next:",
      ...cd,
      "  npm install",
      "  npm run dev       # live preview while you edit, on http://127.0.0.1:3000/docs",
      "  npm run build     # the site in dist/",
      "  npm run serve     # dist/ with search and MCP on http://127.0.0.1:3000/docs",
    ].join("\n"),
  );
  return 0;
}

/** Entries of a folder that make it non-empty; none when it does not exist. */
async function entriesOf(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => !IGNORED_ENTRIES.has(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The version of this package (a self-reference: the checkout and the installed package both resolve it). */
function quireVersion(): string {
  return (createRequire(import.meta.url)("quire/package.json") as { version: string }).version;
}

function processEnvironment(): InitEnvironment {
  return {
    input: process.stdin,
    output: process.stdout,
    interactive: process.stdin.isTTY === true,
    cwd: process.cwd(),
  };
}
