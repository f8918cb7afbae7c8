/**
 * Issue 10: MDX pages may `import` local components (`.tsx`/`.jsx`), JSON and constants, and packages from the
 * site's `node_modules`, resolved relative to the page. The compiled page is bundled with esbuild: JSX compiles
 * against the renderer's own preact (react imports map to preact/compat), so hooks and context are shared with it.
 * The bundle's source map chains to the page's, so a failure maps back to `file:line:col` in the page.
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Program } from "estree";
import type { Message, Plugin } from "esbuild";
import type { Root } from "mdast";
import { assetImports } from "./asset-imports.ts";
import { rawImports } from "./raw-imports.ts";
import { resolveQuireAndPreact } from "../config/load.ts";
import type { BuildMessage } from "../diagnostics.ts";

export interface PageBundle {
  /** URL of the bundled module (a content-addressed file in the temp folder). */
  url?: string;
  /** Raw source map of the bundle; its sources are relative to the bundle's folder. */
  map?: string;
  file: string;
  messages: BuildMessage[];
}

const BUNDLE_DIR = path.join(tmpdir(), "quire-mdx-pages");

/** True when the page's ESM holds an import, so it needs bundling rather than plain evaluation. */
export function hasImports(tree: Root): boolean {
  return tree.children.some(
    (node) => node.type === "mdxjsEsm" && (node.data?.estree?.body ?? []).some((s) => s.type === "ImportDeclaration"),
  );
}

/**
 * Bundles a page compiled to an ES module (`code`, with its source map `map`). `pagePath` is the absolute page file,
 * `sourcePath` its path relative to the site root, `root` the site root.
 */
export async function bundlePage(
  code: string,
  map: unknown,
  paths: {
    pagePath: string;
    sourcePath: string;
    root: string;
    tree: Root;
    assets?: { contentDir: string; docsPath: string };
  },
): Promise<PageBundle> {
  const inlineMap = `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString("base64")}`;
  const outfile = path.join(BUNDLE_DIR, "page.mjs");
  try {
    // Loaded here, not with this module: most sites have no page that imports, and a page worker then needs no esbuild.
    const { build } = await import("esbuild");
    const result = await build({
      stdin: {
        contents: code + inlineMap,
        resolveDir: path.dirname(paths.pagePath),
        sourcefile: paths.pagePath,
        loader: "js",
      },
      absWorkingDir: paths.root,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      jsx: "automatic",
      jsxImportSource: "preact",
      sourcemap: "external",
      outfile,
      write: false,
      logLevel: "silent",
      plugins: [
        resolveQuireAndPreact,
        siteFolderImports(paths.root),
        rawImports(paths.root),
        ...(paths.assets ? [assetImports({ root: paths.root, ...paths.assets })] : []),
      ],
    });
    const js = result.outputFiles.find((f) => f.path.endsWith(".mjs"))!.text;
    const hash = createHash("sha256").update(js).digest("hex").slice(0, 20);
    const file = path.join(BUNDLE_DIR, `${hash}.mjs`);
    await mkdir(BUNDLE_DIR, { recursive: true });
    await writeFile(file, js);
    return {
      url: pathToFileURL(file).href,
      map: result.outputFiles.find((f) => f.path.endsWith(".map"))?.text,
      file,
      messages: [],
    };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors) throw error;
    return { file: outfile, messages: errors.map((e) => messageOf(e, paths)) };
  }
}

/**
 * `@site/…` is a path from the site's folder, as Docusaurus writes imports (`import Chart from
 * "@site/src/components/Chart"`): resolved as esbuild resolves a relative path from that folder.
 */
function siteFolderImports(root: string): Plugin {
  return {
    name: "quire-site-folder",
    setup(build) {
      build.onResolve({ filter: /^@site\// }, async (args) => {
        const resolved = await build.resolve(`./${args.path.slice("@site/".length)}`, {
          kind: args.kind,
          resolveDir: root,
        });
        // Reported as written, so the message points at the page's own import statement (`messageOf`).
        if (resolved.errors.length > 0) return { errors: [{ text: `Could not resolve "${args.path}"` }] };
        return { path: resolved.path, namespace: resolved.namespace, sideEffects: resolved.sideEffects };
      });
    },
  };
}

/** An unresolved import points at its own statement in the page; other errors at their file. */
function messageOf(
  error: Message,
  paths: { pagePath: string; sourcePath: string; root: string; tree: Root },
): BuildMessage {
  const specifier = /Could not resolve "([^"]+)"/.exec(error.text)?.[1];
  const statement = specifier ? importStatement(paths.tree, specifier) : undefined;
  const inPage = !error.location || path.resolve(paths.root, error.location.file) === paths.pagePath;
  const file = inPage
    ? paths.sourcePath
    : path.relative(paths.root, path.resolve(paths.root, error.location!.file)).split(path.sep).join("/");
  return {
    severity: "error",
    rule: "mdx/import",
    file,
    line: statement?.loc?.start.line ?? (inPage ? undefined : error.location?.line),
    column: statement?.loc ? statement.loc.start.column + 1 : inPage ? undefined : (error.location?.column ?? 0) + 1,
    reason: specifier ? `cannot resolve import "${specifier}"` : `cannot bundle the page's imports: ${error.text}`,
    hint: specifier ? "imports resolve relative to the page; packages come from the site's node_modules" : undefined,
  };
}

function importStatement(tree: Root, specifier: string): Program["body"][number] | undefined {
  for (const node of tree.children) {
    if (node.type !== "mdxjsEsm") continue;
    const found = (node.data?.estree?.body ?? []).find(
      (s) => s.type === "ImportDeclaration" && s.source.value === specifier,
    );
    if (found) return found;
  }
  return undefined;
}
