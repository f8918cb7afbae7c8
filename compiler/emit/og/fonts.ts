/** The card's typeface, read once per process from the installed @fontsource/inter package (no network). */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "satori";

const require = createRequire(import.meta.url);
const FONT_PACKAGE = "@fontsource/inter";
// Satori reads ttf/otf/woff but not woff2; the package ships both. The extra subsets cover European and Vietnamese
// text (Ł, Ő, Ж, Ω, ệ); CJK is not in Inter and draws as empty boxes. Satori falls back per glyph only to fonts of
// *other* families (two "Inter" entries of one weight draw a NO GLYPH box), so each subset gets its own family name.
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"] as const;
const familyOf = (subset: string): string => (subset === "latin" ? "Inter" : `Inter ${subset}`);
const WEIGHTS = [400, 700] as const;

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
  const { version } = require(`${FONT_PACKAGE}/package.json`) as { version: string };
  const fonts = await Promise.all(
    SUBSETS.flatMap((subset) =>
      WEIGHTS.map(
        async (weight): Promise<Font> => ({
          name: familyOf(subset),
          weight,
          style: "normal",
          data: await readFile(require.resolve(`${FONT_PACKAGE}/files/inter-${subset}-${weight}-normal.woff`)),
        }),
      ),
    ),
  );
  return { fonts, id: `${FONT_PACKAGE}@${version}:${SUBSETS.join("+")}:${WEIGHTS.join("+")}` };
}
