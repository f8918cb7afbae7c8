/**
 * Compiles the package for `npm pack` / `npm publish` (run by `prepack`): TypeScript → `lib/` as JavaScript plus
 * `.d.ts`, laid out like the source tree (`lib/bin`, `lib/compiler`, `lib/runtime`, `lib/templates`), so every
 * `new URL("…", import.meta.url)` in the sources still finds its file. Plain JavaScript, so it runs without a loader.
 *
 * The repository itself never reads `lib/` (bin/docs.js runs the sources under tsx when they are present); this script
 * always starts from an empty `lib/`, so a tarball never carries files from an earlier build.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const lib = path.join(root, "lib");
/**
 * Files read at run time rather than imported (the client CSS/JS through render/html/assets.ts, the `docs init`
 * scaffold); copied beside the compiled code. The whole folder, so a new client file cannot be left behind.
 */
const ASSETS = ["templates"];

rmSync(lib, { recursive: true, force: true });

// tsc (TypeScript 7) type-checks the entry points' module graph, emits JS with `.ts`/`.tsx` import specifiers
// rewritten to `.js`, and writes declarations. The graph starts at tsconfig.build.json's `files`, so tests and
// test helpers stay out without a list of exclusions.
// typescript's `exports` hide bin/tsc; its package.json is exported, and the bin sits beside it.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");
const compiled = spawnSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.build.json")], { stdio: "inherit" });
if (compiled.status !== 0) fail(`tsc exited with status ${compiled.status}`);

for (const asset of ASSETS) cpSync(path.join(root, asset), path.join(lib, asset), { recursive: true });

const files = walk(lib);
for (const file of files) {
  if (file.endsWith(".d.ts")) rewrite(file, declarationSpecifiers);
  else if (file.endsWith(".js")) rewrite(file, moduleUrls);
}
await writeRegexTranslations();
await writeMinifiedScripts();
await writeFeedbackValidators();
await writeFrontmatterValidator();

const problems = files.flatMap(check);
for (const target of packageTargets()) {
  if (!existsSync(path.join(root, target)))
    problems.push(`package.json points at ${target}, which the build did not write`);
}
if (problems.length > 0) fail(problems.join("\n"));
// stderr, so `npm pack --json` keeps a clean stdout.
console.error(`lib/: ${files.length} files`);

/**
 * The JavaScript regex engine's patterns, translated now rather than in every thread of every build
 * (compiler/markdown/regex-translations.ts), by the compiled modules themselves.
 */
async function writeRegexTranslations() {
  const dir = path.join(lib, "compiler", "markdown");
  const { JAVASCRIPT_ENGINE_LANGUAGES } = await import(pathToFileURL(path.join(dir, "regex-engine.js")).href);
  const translations = await import(pathToFileURL(path.join(dir, "regex-translations.js")).href);
  const table = translations.translationTable(await translations.grammarPatterns(JAVASCRIPT_ENGINE_LANGUAGES));
  writeFileSync(path.join(dir, translations.TRANSLATIONS_FILE), JSON.stringify(table));
}

/** The client scripts minified now rather than in every build (compiler/render/html/minify-script.ts). */
async function writeMinifiedScripts() {
  const dir = path.join(lib, "compiler", "render", "html");
  const { clientScriptSources } = await import(pathToFileURL(path.join(dir, "assets.js")).href);
  const minify = await import(pathToFileURL(path.join(dir, "minify-script.js")).href);
  writeFileSync(
    path.join(dir, minify.MINIFIED_SCRIPTS_FILE),
    JSON.stringify(minify.minifiedScripts(clientScriptSources())),
  );
}

/** The built-in feedback schema's validator, compiled now rather than in every build (emit/feedback-validator.ts). */
async function writeFeedbackValidators() {
  const dir = path.join(lib, "compiler", "emit");
  const validator = await import(pathToFileURL(path.join(dir, "feedback-validator.js")).href);
  const table = validator.feedbackValidators([validator.DEFAULT_FEEDBACK_SCHEMA]);
  writeFileSync(path.join(dir, validator.FEEDBACK_VALIDATORS_FILE), JSON.stringify(table));
}

/** The frontmatter schema's validator as a module, rather than compiled in every thread (content/frontmatter-validator.ts). */
async function writeFrontmatterValidator() {
  const dir = path.join(lib, "compiler", "content");
  const validator = await import(pathToFileURL(path.join(dir, "frontmatter-validator.js")).href);
  writeFileSync(path.join(dir, validator.FRONTMATTER_VALIDATOR_FILE), validator.frontmatterValidatorModule());
}

/**
 * tsc rewrites `.ts` import specifiers in JavaScript but keeps them as written in declarations; an installed
 * package has only `.d.ts` + `.js`, so declarations name the `.js` module the way a consumer's resolver expects.
 */
function declarationSpecifiers(text) {
  return text.replace(/((?:from|import)\s*\(?\s*["'])(\.{1,2}\/[^"']*?)\.tsx?(["'])/g, "$1$2.js$3");
}

/** A sibling module located by URL (`new URL("../public.ts", import.meta.url)`) is a `.js` file once compiled. */
function moduleUrls(text) {
  return text.replace(/(new URL\(\s*["'])(\.{1,2}\/[^"']*?)\.tsx?(["']\s*,\s*import\.meta\.url\s*\))/g, "$1$2.js$3");
}

function rewrite(file, transform) {
  const before = readFileSync(file, "utf8");
  const after = transform(before);
  if (after !== before) writeFileSync(file, after);
}

/** What a compiled file refers to by relative path must exist in lib/: imports, and files located by URL. */
function check(file) {
  const text = readFileSync(file, "utf8");
  const where = path.relative(root, file);
  const problems = [];
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']*)["']/g)) {
    if (/\.tsx?$/.test(specifier) && !specifier.endsWith(".d.ts")) problems.push(`${where}: imports ${specifier}`);
    else if (!existsSync(path.resolve(path.dirname(file), specifier)))
      problems.push(`${where}: ${specifier} is missing`);
  }
  if (file.endsWith(".js")) {
    for (const [, specifier] of text.matchAll(/new URL\(\s*["'](\.{1,2}\/?[^"']*)["']\s*,\s*import\.meta\.url\s*\)/g)) {
      if (!existsSync(path.resolve(path.dirname(file), specifier))) {
        problems.push(`${where}: new URL("${specifier}", import.meta.url) finds nothing (add it to ASSETS?)`);
      }
    }
  }
  return problems;
}

/** Every path package.json's `bin` and `exports` name (exports may nest conditions). */
function packageTargets() {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const targets = [];
  const collect = (value) => {
    if (typeof value === "string") targets.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  collect(manifest.bin);
  collect(manifest.exports);
  return targets;
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function fail(message) {
  console.error(`build-package: ${message}`);
  process.exit(1);
}
