/** Card → SVG (satori) → PNG (resvg). The only place that runs the renderers; the cache decides whether to call it. */
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { cardElement, type CardInputs, OG_CARD_SIZE } from "../../../runtime/og/card.ts";
import type { CardFonts } from "./fonts.ts";

export async function renderCardPng(card: CardInputs, fonts: CardFonts): Promise<Uint8Array> {
  const svg = await satori(cardElement(card), { ...OG_CARD_SIZE, fonts: fonts.fonts });
  // The SVG is already 1200×630 and "original" keeps it so. System fonts stay off: satori turned all text into paths,
  // and loading them would only cost time. renderAsync rasterizes off the main thread, so the next layout can start.
  const image = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return image.asPng();
}
