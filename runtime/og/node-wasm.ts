/** Node: the dynamic Open Graph renderer with its WebAssembly read from the installed packages (`docs serve`). */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createOgImageRenderer, type OgImageRenderer } from "./renderer.ts";

const require = createRequire(import.meta.url);

export function createNodeOgImageRenderer(): OgImageRenderer {
  return createOgImageRenderer(async () => {
    const [yoga, resvg] = await Promise.all([
      readFile(require.resolve("satori/yoga.wasm")),
      readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")),
    ]);
    return { yoga: await WebAssembly.compile(yoga), resvg: await WebAssembly.compile(resvg) };
  });
}
