/**
 * Imports of a file's text: `import source from "!!raw-loader!./retry.py"` (Docusaurus, through webpack) and
 * `import source` of `./retry.py?raw` (Vite, Astro), most often shown in a code component
 * (`<CodeBlock language="py">{source}</CodeBlock>`, `<Code code={source} lang="py" />`). The path is relative to the
 * page, or `@site/…` from the site's folder. The text is known when the page is lowered (foreign-components.ts makes
 * such a code component a fenced block) and when it is bundled (`rawImports`, for any other use).
 */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "esbuild";
import type { Root } from "mdast";

const RAW_IMPORT = /^!!?raw-loader!(.+)$|^(.+)\?raw$/;

/** The file a raw import names (absolute), or undefined for any other import or a file outside the site. */
export function rawImportFile(specifier: string, importerDir: string, root: string): string | undefined {
  const found = RAW_IMPORT.exec(specifier);
  const written = found?.[1] ?? found?.[2];
  if (written === undefined) return undefined;
  const file = written.startsWith("@site/")
    ? path.join(root, written.slice("@site/".length))
    : written.startsWith(".")
      ? path.resolve(importerDir, written)
      : undefined;
  if (file === undefined) return undefined;
  const inSite = path.relative(root, file);
  return inSite.startsWith("..") || path.isAbsolute(inSite) ? undefined : file;
}

/** The text of each raw import of the page, by local name (a file that cannot be read is left out). */
export function rawImportTexts(tree: Root, pageDir: string, root: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const node of tree.children) {
    if (node.type !== "mdxjsEsm") continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== "ImportDeclaration") continue;
      const file = rawImportFile(String(statement.source.value), pageDir, root);
      const local = statement.specifiers.find((s) => s.type === "ImportDefaultSpecifier")?.local.name;
      if (file === undefined || local === undefined) continue;
      try {
        texts[local] = readFileSync(file, "utf8");
      } catch {
        // Reported by the bundler, at the statement, when the page is evaluated.
      }
    }
  }
  return texts;
}

/** An esbuild plugin that loads raw imports as their text. */
export function rawImports(root: string): Plugin {
  return {
    name: "quire-raw-imports",
    setup(build) {
      build.onResolve({ filter: RAW_IMPORT }, (args) => {
        const file = rawImportFile(args.path, args.resolveDir, root);
        if (file === undefined) return { errors: [{ text: `Could not resolve "${args.path}"` }] };
        return { path: file, namespace: "quire-raw" };
      });
      build.onLoad({ filter: /.*/, namespace: "quire-raw" }, async (args) => {
        try {
          return { contents: await readFile(args.path, "utf8"), loader: "text" };
        } catch {
          return { errors: [{ text: `Could not resolve "${path.basename(args.path)}"` }] };
        }
      });
    },
  };
}
