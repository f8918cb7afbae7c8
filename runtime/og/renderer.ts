/**
 * Card → SVG (satori's standalone build) → PNG (the WebAssembly build of resvg): the dynamic Open Graph renderer.
 * Only WebAssembly and Web APIs, so it runs wherever the handler does, workerd included. The platform hands over the
 * two compiled modules (workerd cannot compile WebAssembly from bytes at run time): `quire/runtime/node` loads them
 * from node_modules, a worker imports them as wasm modules (runtime/workerd/worker.ts).
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { init as initSatori, type Font } from "satori/standalone";
import { type CardInputs, cardElement, OG_CARD_SIZE } from "./card.ts";

export interface OgWasmModules {
  /** satori's `yoga.wasm` (the layout engine). */
  yoga: WebAssembly.Module | BufferSource;
  /** `@resvg/resvg-wasm/index_bg.wasm`. */
  resvg: WebAssembly.Module | BufferSource;
}

export interface OgFont {
  name: string;
  weight: number;
  data: ArrayBuffer | Uint8Array;
}

/** Draws one 1200×630 card. `fonts` should be the same array on every call: satori caches parsed fonts by identity. */
export type OgImageRenderer = (card: CardInputs, fonts: readonly OgFont[]) => Promise<Uint8Array>;

// Both WebAssembly instances are process-wide: resvg refuses a second initWasm, satori keeps one layout engine.
let ready: Promise<void> | undefined;

export function createOgImageRenderer(modules: OgWasmModules | (() => Promise<OgWasmModules>)): OgImageRenderer {
  const init = () => {
    ready ??= (async () => {
      const wasm = typeof modules === "function" ? await modules() : modules;
      await Promise.all([initSatori(wasm.yoga), initWasm(wasm.resvg)]);
    })().catch((error) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return async (card, fonts) => {
    await init();
    const svg = await satori(cardElement(card) as never, {
      ...OG_CARD_SIZE,
      fonts: fonts.map((font) => ({ ...font, style: "normal" })) as Font[],
    });
    // Satori has turned all text into paths: no fonts for resvg to load.
    const resvg = new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
    try {
      const image = resvg.render();
      try {
        return image.asPng();
      } finally {
        image.free();
      }
    } finally {
      resvg.free();
    }
  };
}
