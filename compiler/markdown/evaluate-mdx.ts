/**
 * Renders an MDX page's human tree (DESIGN: MDX compiled and evaluated against preact with the component map).
 * Issue 10: the page sees its `frontmatter` (`frontmatter-export.ts`), may `export const` and `import` (bundled by
 * `bundle-page.ts`), and a failure while evaluating it is reported at the expression's `file:line:col` through the
 * compiled source map. A page with no code of its own skips the compiling (static-mdx.ts).
 */
import path from "node:path";
import type { createProcessor } from "@mdx-js/mdx";
import type { Root } from "mdast";
import { h, type ComponentType } from "preact";
import * as jsxRuntime from "preact/jsx-runtime";
import { renderToString } from "preact-render-to-string";
import type { Root as HastRoot } from "hast";
import { type PluggableList, type Processor, unified } from "unified";
import type { VFile } from "vfile";
import type { BuildMessage } from "../diagnostics.ts";
import { bundlePage, hasImports } from "./bundle-page.ts";
import { IconRegistry } from "./components/index.ts";
import type { EvaluatedCode } from "./evaluation-error.ts";
import { injectFrontmatterExport } from "./frontmatter-export.ts";
import { importedData, injectImportValuesExport } from "./import-values.ts";

export interface MdxPage {
  /** Page file relative to the site root (for messages). */
  sourcePath: string;
  root: string;
  /** Where imported images are published (asset-imports.ts); without it, importing one fails. */
  assets?: { contentDir: string; docsPath: string };
}

export interface RenderedPage {
  html?: string;
  /** The data the page imports, by local name (`import-values.ts`), for its agent Markdown. */
  imports?: Record<string, unknown>;
  messages: BuildMessage[];
}

type MdxModule = { default: ComponentType<{ components: Record<string, unknown> }> };
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  body: string,
) => (scope: object) => Promise<MdxModule>;

type MdxProcessor = ReturnType<typeof createProcessor>;

interface Processors {
  /** To JavaScript: a function body to evaluate, or a module to bundle (a page with imports). */
  body: MdxProcessor;
  program: MdxProcessor;
  /** A page with no code of its own, rendered from its tree (static-mdx.ts); undefined when MDX's steps are unknown. */
  statically:
    | {
        /** MDX's steps up to JavaScript, its rehype plugins last: the tree such a page renders from. */
        hast: Processor<undefined, Root, HastRoot>;
        fits: typeof import("./static-mdx.ts").staticMdxFits;
        render: typeof import("./static-mdx.ts").renderStaticMdx;
      }
    | undefined;
}

/**
 * The MDX compiler (and static-mdx.ts), loaded at the first MDX page: a site of `.md` pages never needs it, and with
 * the source maps it brings it is ~40–70 ms of a build's start in each thread that builds pages.
 */
async function loadProcessors(rehypePlugins: PluggableList): Promise<Processors> {
  const [{ createProcessor }, { SourceMapGenerator }, { staticMdxFits, renderStaticMdx }] = await Promise.all([
    import("@mdx-js/mdx"),
    import("source-map-js"),
    import("./static-mdx.ts"),
  ]);
  // source-map-js's generator, which the options type (from the `source-map` package) does not know.
  const options = {
    jsxImportSource: "preact",
    rehypePlugins,
    development: false,
    SourceMapGenerator: SourceMapGenerator as never,
  };
  const body = createProcessor({ ...options, outputFormat: "function-body" });
  const hast = untilJavaScript(body);
  return {
    body,
    program: createProcessor({ ...options, outputFormat: "program" }),
    statically: hast && { hast, fits: staticMdxFits, render: renderStaticMdx },
  };
}

/**
 * A processor of `processor`'s steps before its first JavaScript one (rehype-recma), or undefined if it has none: a
 * later MDX that names it otherwise then compiles every page, as before.
 */
function untilJavaScript(processor: MdxProcessor): Processor<undefined, Root, HastRoot> | undefined {
  const attachers = processor.attachers;
  const recma = attachers.findIndex(([plugin]) => plugin.name === "rehypeRecma");
  if (recma < 0) return undefined;
  return unified()
    .use(attachers.slice(0, recma) as PluggableList)
    .freeze() as unknown as Processor<undefined, Root, HastRoot>;
}

export function createMdxEvaluator(rehypePlugins: PluggableList, icons: Record<string, unknown>) {
  let processors: Promise<Processors> | undefined;

  const render = (module: MdxModule, components: Record<string, unknown>) =>
    renderToString(h(IconRegistry.Provider, { value: icons }, h(module.default, { components })));

  const renderStatically = async (
    statically: NonNullable<Processors["statically"]>,
    tree: Root,
    file: VFile,
    components: Record<string, unknown>,
  ) => statically.render(await statically.hast.run(tree, file), components, icons);

  /** Throws unified errors for pages that do not compile (the caller positions them). */
  return async function renderMdx(
    tree: Root,
    file: VFile,
    components: Record<string, unknown>,
    page: MdxPage,
  ): Promise<RenderedPage> {
    processors ??= loadProcessors(rehypePlugins);
    const { statically } = await processors;
    if (statically?.fits(tree, components)) {
      // A page without code imports nothing; its frontmatter export is read by nothing it renders. A tree this cannot
      // render, or a component that throws, is left to the compiled page, which reports the error at its line.
      const html = await renderStatically(statically, tree, file, components).catch(() => undefined);
      if (html !== undefined) return { html, imports: {}, messages: [] };
    }
    injectFrontmatterExport(tree);
    const pagePath = path.resolve(file.path);
    const where = { pagePath, sourcePath: page.sourcePath, root: page.root, assets: page.assets };
    const bundled = hasImports(tree);
    if (bundled) injectImportValuesExport(tree);
    const processor = (await processors)[bundled ? "program" : "body"];
    // The processor's types start at MDX source; handing it the parsed tree skips a second parse.
    const code = String(processor.stringify(await processor.run(tree as never, file), file));
    let evaluated: EvaluatedCode;
    let load: () => Promise<MdxModule>;
    if (bundled) {
      const bundle = await bundlePage(code, file.map, { ...where, tree });
      if (!bundle.url) return { messages: bundle.messages };
      evaluated = { frameName: bundle.file, lineOffset: 0, map: bundle.map, mapDir: path.dirname(bundle.file) };
      load = () => import(bundle.url!) as Promise<MdxModule>;
    } else {
      evaluated = { frameName: "<anonymous>", lineOffset: 2, map: file.map as never, mapDir: path.dirname(pagePath) };
      load = () => new AsyncFunction(code)({ ...jsxRuntime, baseUrl: import.meta.url });
    }
    try {
      const module = await load();
      const html = render(module, components);
      return { html, imports: importedData(module as unknown as Record<string, unknown>), messages: [] };
    } catch (error) {
      // With the source-map reader it needs, loaded only for a page that fails.
      const { evaluationMessage } = await import("./evaluation-error.ts");
      return { messages: [evaluationMessage(error, evaluated, where)] };
    }
  };
}
