/**
 * The card's typeface: Inter from @fontsource/inter, in woff (satori reads ttf/otf/woff, not woff2). The build reads
 * these files from the installed package for static cards, and for the dynamic endpoint copies them into
 * `_docs/og-card.json`, so the runtime (workerd included) needs no file system and no network.
 *
 * The extra subsets cover European and Vietnamese text (Ł, Ő, Ж, Ω, ệ); CJK is not in Inter and draws as empty boxes.
 * Satori falls back per glyph only to fonts of *other* families (two "Inter" entries of one weight draw a NO GLYPH
 * box), so each subset gets its own family name.
 */
export const CARD_FONT_PACKAGE = "@fontsource/inter";
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"] as const;
const WEIGHTS = [400, 700] as const;

export interface CardFontFile {
  /** Family name given to satori. */
  name: string;
  weight: (typeof WEIGHTS)[number];
  /** File name under the package's `files/` folder. */
  file: string;
}

export const CARD_FONT_FILES: readonly CardFontFile[] = SUBSETS.flatMap((subset) =>
  WEIGHTS.map((weight) => ({
    name: subset === "latin" ? "Inter" : `Inter ${subset}`,
    weight,
    file: `inter-${subset}-${weight}-normal.woff`,
  })),
);

/** Part of a rendered card's cache key: a change of subsets or weights re-renders every card. */
export const CARD_FONT_SET_ID = `${SUBSETS.join("+")}:${WEIGHTS.join("+")}`;
