/**
 * Card → SVG (satori) → PNG (resvg). The only place that runs the renderers; the cache decides whether to call it.
 * Both load on the first card a build renders: satori's layout engine holds a 16 MB WebAssembly memory from the
 * moment it is imported, which a build whose cards are all cached, or that makes none, never needs.
 */
import { cardElement, type CardInputs, OG_CARD_SIZE } from "../../../runtime/og/card.ts";
import type { CardFonts } from "./fonts.ts";

const renderers = () => Promise.all([import("satori"), import("@resvg/resvg-js")]);
let loaded: ReturnType<typeof renderers> | undefined;

export async function renderCardPng(card: CardInputs, fonts: CardFonts): Promise<Uint8Array> {
  const [{ default: satori }, { renderAsync }] = await (loaded ??= renderers());
  const svg = await satori(cardElement(card), { ...OG_CARD_SIZE, fonts: fonts.fonts });
  // The SVG is already 1200×630 and "original" keeps it so. System fonts stay off: satori turned all text into paths,
  // and loading them would only cost time. renderAsync rasterizes off the main thread, so the next layout can start.
  const image = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return image.asPng();
}
