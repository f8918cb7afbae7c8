/** The card's typeface (runtime/og/fonts.ts), read once per process from the installed package (no network). */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "satori";
import { CARD_FONT_FILES, CARD_FONT_PACKAGE, CARD_FONT_SET_ID } from "../../../runtime/og/fonts.ts";

const require = createRequire(import.meta.url);

export interface CardFonts {
  /** Passed to satori as the same array every time: satori caches parsed fonts by this array's identity. */
  fonts: Font[];
  /** Package, version, subsets and weights: part of the cache key, so a font upgrade re-renders every card. */
  id: string;
}

let loading: Promise<CardFonts> | undefined;

export function loadCardFonts(): Promise<CardFonts> {
  loading ??= readCardFonts();
  return loading;
}

async function readCardFonts(): Promise<CardFonts> {
  const { version } = require(`${CARD_FONT_PACKAGE}/package.json`) as { version: string };
  const fonts = await Promise.all(
    CARD_FONT_FILES.map(
      async (font): Promise<Font> => ({
        name: font.name,
        weight: font.weight,
        style: "normal",
        data: await readFile(require.resolve(`${CARD_FONT_PACKAGE}/files/${font.file}`)),
      }),
    ),
  );
  return { fonts, id: `${CARD_FONT_PACKAGE}@${version}:${CARD_FONT_SET_ID}` };
}
