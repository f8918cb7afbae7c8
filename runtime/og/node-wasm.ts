/** Node: the dynamic Open Graph renderer with its WebAssembly read from the installed packages (`docs serve`). */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createOgImageRenderer, type OgImageRenderer } from "./renderer.ts";

const require = createRequire(import.meta.url);

export function createNodeOgImageRenderer(): OgImageRenderer {
  return createOgImageRenderer(async () => {
    const [layout, resvg] = await Promise.all([
      readFile(require.resolve("satori/layout.wasm")),
      readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")),
    ]);
    return { layout: await WebAssembly.compile(layout), resvg: await WebAssembly.compile(resvg) };
  });
}
