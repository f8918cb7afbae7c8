/**
 * The package as a user gets it: `npm pack` (prepack compiles lib/), the tarball installed into an empty project, then
 * `npx docs build` (page workers, OG cards; fixtures/tsx-config byte-identical to the checkout's build), the three
 * entry points in plain Node 20 (no loader), an edge-worker bundle of `quire/runtime`, and a user's docs.config.ts
 * type-checked against the installed `.d.ts`. Slow (pack, install, builds; 20–40 s here): `npm run test:pack`, which
 * .ci/run runs after `npm test`.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_API } from "./public-api.ts";

const run = promisify(execFile);
const repo = fileURLToPath(new URL("..", import.meta.url));
const tsc = path.join(repo, "node_modules", "typescript", "bin", "tsc");
/** Children get no loader from the test runner: the installed package must run on plain Node. */
const env = { ...process.env, NODE_OPTIONS: "" };
/** compiler/model/build-pages.ts builds in worker threads from 200 pages on; the site is above that. */
const PAGES_FOR_WORKERS = 205;

let scratch: string;
let project: string;
let packed: { filename: string; files: { path: string }[] };

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "quire-pack-"));
  project = path.join(scratch, "site");
  const started = performance.now();
  const pack = await run("npm", ["pack", "--json", "--pack-destination", scratch], {
    cwd: repo,
    env,
    maxBuffer: 64 << 20,
  });
  packed = (JSON.parse(pack.stdout) as (typeof packed)[])[0]!;
  const packMs = performance.now() - started;
  await writeSite(project);
  // --prefer-offline: packages already in npm's cache (the repository's own install put them there) are not fetched.
  await run("npm", ["install", path.join(scratch, packed.filename), "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: project,
    env,
  });
  console.log(
    `pack ${(packMs / 1000).toFixed(1)} s (${packed.files.length} files), install ${((performance.now() - started - packMs) / 1000).toFixed(1)} s`,
  );
}, 600_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("ships the compiled code, its declarations and templates, and no sources, tests, fixtures or snapshots", () => {
    const files = packed.files.map((file) => file.path).sort();
    const unexpected = files.filter(
      // templates/init is the `docs init` scaffold, shipped as the files it copies; the regex translations, the
      // minified client scripts and the built-in feedback validator are made by the package build
      // (compiler/markdown/regex-translations.ts, compiler/render/html/minify-script.ts,
      // compiler/emit/feedback-validator.ts), as is the frontmatter validator (a .js file).
      (file) =>
        !/^(package\.json|README\.md|bin\/docs\.js|lib\/.+\.(js|d\.ts|css)|lib\/templates\/init\/.+|lib\/compiler\/markdown\/regex-translations\.json|lib\/compiler\/render\/html\/minified-scripts\.json|lib\/compiler\/emit\/feedback-validators\.json)$/.test(
          file,
        ),
    );
    expect(unexpected).toEqual([]);
    expect(files.filter((file) => /\.test\.|fixtures\/|snapshots\//.test(file))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining([
        "lib/bin/cli.js",
        "lib/compiler/model/page-worker.js",
        "lib/compiler/markdown/regex-translations.json",
        "lib/compiler/render/html/minified-scripts.json",
        "lib/compiler/emit/feedback-validators.json",
        "lib/compiler/content/frontmatter-validator.generated.js",
        "lib/templates/quire.css",
        "lib/templates/quire.js",
      ]),
    );
  });

  it("installs without tsx: the compiled package needs no TypeScript loader", () => {
    expect(existsSync(path.join(project, "node_modules", "quire", "lib", "bin", "cli.js"))).toBe(true);
    expect(existsSync(path.join(project, "node_modules", "tsx"))).toBe(false);
  });

  it("finds what the package build made ahead, for the installed ajv, esbuild and schema", async () => {
    const lib = path.join(project, "node_modules", "quire", "lib", "compiler");
    const module = (file: string) => JSON.stringify(pathToFileURL(path.join(lib, file)).href);
    const script = [
      `const { frontmatterValidator } = await import(${module("content/frontmatter-validator.js")});`,
      `const { shippedMinifiedScripts } = await import(${module("render/html/minify-script.js")});`,
      `const { clientScriptSources } = await import(${module("render/html/assets.js")});`,
      `const { shippedFeedbackValidators } = await import(${module("emit/feedback-validator.js")});`,
      `const { shippedTranslations } = await import(${module("markdown/regex-translations.js")});`,
      `const scripts = shippedMinifiedScripts()?.outputs ?? {};`,
      `const { createHash } = await import("node:crypto");`,
      `const hash = (text) => createHash("sha256").update(text).digest("hex");`,
      `console.log(JSON.stringify({`,
      `  frontmatterCompiled: "schemaEnv" in (await frontmatterValidator()),`,
      `  scriptsMissing: clientScriptSources().filter((source) => !(hash(source) in scripts)).length,`,
      `  feedbackValidators: Object.keys(shippedFeedbackValidators()?.outputs ?? {}).length,`,
      `  translations: shippedTranslations() !== undefined,`,
      `  oneByteClasses: Object.keys(shippedTranslations()?.oneByteClasses ?? {}).length > 50,`,
      `}));`,
    ].join("\n");
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: project, env });
    expect(JSON.parse(stdout)).toEqual({
      frontmatterCompiled: false,
      scriptsMissing: 0,
      feedbackValidators: 1,
      translations: true,
      oneByteClasses: true,
    });
  });

  it("`npx docs build` builds the site, page workers, MDX components, theme assets and OG cards included", async () => {
    const { stdout } = await run("npx", ["--no-install", "docs", "build", "--no-git"], { cwd: project, env });
    expect(stdout).toContain(`built ${PAGES_FOR_WORKERS + 2} pages`);
    const dist = path.join(project, "dist");
    const guide = await readFile(path.join(dist, "docs", "guide", "index.html"), "utf8");
    expect(guide).toContain('class="q-callout"');
    const css = /href="\/(_quire\/quire\.[0-9a-f]+\.css)"/.exec(guide)?.[1];
    expect(css && (await readFile(path.join(dist, css), "utf8")).length).toBeGreaterThan(1000);
    expect(existsSync(path.join(dist, "docs", "many", `p${PAGES_FOR_WORKERS}`, "index.html"))).toBe(true);
    expect(existsSync(path.join(dist, "_quire", "og", "docs", "guide.png"))).toBe(true);
  }, 300_000);

  it("builds fixtures/tsx-config (JSX in docs.config.tsx) byte-identical to the checkout's build", async () => {
    const site = path.join(project, "tsx-config");
    await cp(path.join(repo, "fixtures", "tsx-config"), site, { recursive: true });
    const installed = path.join(scratch, "tsx-installed");
    const checkout = path.join(scratch, "tsx-checkout");
    await run("npx", ["--no-install", "docs", "build", "--root", site, "--out", installed, "--no-git"], {
      cwd: project,
      env,
    });
    await run(process.execPath, ["bin/docs.js", "build", "--root", site, "--out", checkout, "--no-git"], {
      cwd: repo,
      env,
    });
    const [a, b] = await Promise.all([treeOf(installed), treeOf(checkout)]);
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(a).toEqual(b);
    expect(await readFile(path.join(installed, "docs", "index.html"), "utf8")).toContain('class="custom-callout"');
  }, 300_000);

  it("imports every pinned subpath (quire, quire/runtime, …) in plain Node with the pinned names, and serves the build", async () => {
    const { stdout } = await run(process.execPath, ["check-runtime.mjs"], { cwd: project, env });
    const result = JSON.parse(stdout) as {
      names: Record<string, string[]>;
      status: number;
      type: string;
      body: string;
    };
    expect(result.names).toEqual(PUBLIC_API);
    expect([result.status, result.type]).toEqual([200, "text/markdown; charset=utf-8"]);
    expect(result.body).toContain("# Guide");
  }, 120_000);

  it("bundles quire/runtime for an edge worker (workerd conditions, neutral platform) with no Node built-ins", async () => {
    const { stdout } = await run(process.execPath, ["bundle-edge.mjs"], { cwd: project, env });
    const result = JSON.parse(stdout) as { imports: string[]; nodeSpecifiers: string[] };
    expect(result).toEqual({ imports: [], nodeSpecifiers: [] });
  }, 120_000);

  it("type-checks a user's docs.config.ts against the installed declarations, and rejects a mistyped field", async () => {
    const checked = await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: project, env }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(checked).toEqual({ code: 0, output: "" });
  }, 120_000);
});

/** Every file under `dir` (relative path → contents), in a stable order. */
async function treeOf(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  return Object.fromEntries(
    await Promise.all(
      files.map(async (file) => [file, (await readFile(path.join(dir, file))).toString("base64")] as const),
    ),
  );
}

/** A user's project: docs.config.ts, two content pages plus enough to use page workers, and the checks' files. */
async function writeSite(root: string): Promise<void> {
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  };
  await write("package.json", `${JSON.stringify({ name: "packed-site", private: true, type: "module" }, null, 2)}\n`);
  await write(
    "docs.config.ts",
    [
      `import { defineDocs } from "quire";`,
      ``,
      `export default defineDocs({`,
      `  entry: "docs",`,
      `  nav: { title: "Packed Site" },`,
      `  sitemap: { baseUrl: "https://packed.test" },`,
      `  og: { enabled: true },`,
      `});`,
      ``,
    ].join("\n"),
  );
  await write(
    "docs/page.md",
    "---\ntitle: Home\ndescription: A site built from the installed package.\n---\n\n# Home\n\n```ts\nconst answer = 42;\n```\n",
  );
  await write(
    "docs/guide/page.mdx",
    '---\ntitle: Guide\n---\n\n# Guide\n\n<Callout type="note">Rendered by a compiled component.</Callout>\n',
  );
  for (let n = 1; n <= PAGES_FOR_WORKERS; n++) {
    // An author ogImage skips the card, so only the two pages above pay for OG rendering.
    await write(
      `docs/many/p${n}/page.md`,
      `---\ntitle: Page ${n}\nogImage: /card.png\n---\n\n# Page ${n}\n\nText ${n}.\n`,
    );
  }
  await write(
    "check-runtime.mjs",
    [
      `import { createDocsHandler } from "quire/runtime";`,
      `import { createDirectoryStore } from "quire/runtime/node";`,
      ``,
      // Every pinned subpath, so a new export is imported from the installed package too.
      `const names = {};`,
      `for (const specifier of ${JSON.stringify(Object.keys(PUBLIC_API))}) {`,
      `  names[specifier] = Object.keys(await import(specifier)).sort();`,
      `}`,
      `const response = await createDocsHandler({ store: createDirectoryStore("dist") })(new Request("http://localhost/docs/guide.md"));`,
      `const body = await response.text();`,
      `console.log(JSON.stringify({ names, status: response.status, type: response.headers.get("content-type"), body }));`,
      ``,
    ].join("\n"),
  );
  await write(
    "edge-worker.mjs",
    [
      `import { createAssetsStore, createDocsHandler } from "quire/runtime";`,
      ``,
      `export default { fetch: (request, env) => createDocsHandler({ store: createAssetsStore(env.ASSETS) })(request) };`,
      ``,
    ].join("\n"),
  );
  // esbuild is one of quire's dependencies, so the installed package brought it.
  await write(
    "bundle-edge.mjs",
    [
      `import { build } from "esbuild";`,
      ``,
      `const result = await build({`,
      `  entryPoints: ["edge-worker.mjs"], bundle: true, write: false, format: "esm", platform: "neutral",`,
      `  conditions: ["workerd", "worker", "browser"], mainFields: ["module", "main"], metafile: true, logLevel: "silent",`,
      `});`,
      `const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((entry) => entry.path));`,
      `const nodeSpecifiers = [...result.outputFiles[0].text.matchAll(/(?:from\\s*|import\\s*\\(\\s*|require\\s*\\(\\s*)["'](node:[^"']+)["']/g)]`,
      `  .map((match) => match[1]);`,
      `console.log(JSON.stringify({ imports, nodeSpecifiers }));`,
      ``,
    ].join("\n"),
  );
  await write(
    "tsconfig.json",
    `${JSON.stringify(
      {
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        include: ["docs.config.ts", "mistyped.ts"],
      },
      null,
      2,
    )}\n`,
  );
  // The expect-error directive fails the check when no error is found, i.e. when `quire` resolved to untyped code.
  await write(
    "mistyped.ts",
    `import { defineDocs } from "quire";\n\n// @ts-expect-error entry is a string\ndefineDocs({ entry: 42 });\n`,
  );
}
