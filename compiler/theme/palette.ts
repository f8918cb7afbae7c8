/**
 * The colours a page uses in one scheme (SPEC 2.17 ColorsConfig), made accessible (issue 13). The built-in palette is
 * the base; written tokens replace it. A written `primary` also brands the tokens left unset that the built-in
 * palette ties to its indigo (`ring`, `accent`, `accentForeground`), and every text token is then checked over the
 * surfaces it is drawn on and moved to the nearest shade that reaches WCAG AA (4.5:1; 3:1 for the focus ring).
 */
import { type Rgba, composite, contrastRatio, parseColor, toHex } from "./color.ts";
import { AA_NON_TEXT, AA_TEXT, ensureContrast } from "./contrast.ts";

/** Custom property name (without `--q-`) to CSS value. */
export type Palette = Record<string, string>;

/** Alpha of the brand tints the stylesheet draws brand-coloured text on (active sidebar item, highlighted lines). */
const BRAND_TINT = 0.12;
/** Alpha of the `accent` surface derived from a written primary. */
const ACCENT_TINT = 0.1;
/** How much further than AA the hover shade of brand text goes. */
const HOVER_STEP = 1.6;

/** Text tokens and the surfaces each one is drawn on (names of `Palette` entries). */
const TEXT_ON: Record<string, string[]> = {
  foreground: ["background", "card", "muted"],
  "muted-foreground": ["background", "card", "muted"],
  "card-foreground": ["card"],
  "accent-foreground": ["accent"],
  "secondary-foreground": ["secondary"],
  "popover-foreground": ["popover"],
};

/**
 * `written` holds the tokens the site set, by custom property name (`primary-foreground`); `base` the built-in
 * palette of the scheme. Colours that cannot be parsed are used as written, unchecked.
 */
export function accessiblePalette(base: Palette, written: Palette): Palette {
  const palette = { ...base, ...written };
  const surface = (name: string): Rgba | null => {
    const color = parseColor(palette[name] ?? "");
    return color && color.a === 1 ? color : null;
  };
  const background = surface("background");
  const brand = written.primary === undefined ? null : parseColor(written.primary);
  if (brand && background) {
    if (written.accent === undefined) palette.accent = toHex(composite({ ...brand, a: ACCENT_TINT }, background));
    if (written["accent-foreground"] === undefined) palette["accent-foreground"] = written.primary;
    if (written.ring === undefined) palette.ring = written.primary;
  }
  const surfaces = (names: string[]) => names.map(surface).filter((color): color is Rgba => color !== null);

  // Brand text sits on the page, cards, muted panels and on its own tint over each (the active sidebar item, also in
  // a floating sidebar panel drawn in `card`).
  const brandSurfaces = surfaces(["background", "card", "muted"]);
  if (background && brandSurfaces.length > 0 && palette.primary !== undefined) {
    const onBrandTint = (shade: Rgba) => [
      ...brandSurfaces,
      ...brandSurfaces.map((surface) => composite({ ...shade, a: BRAND_TINT }, surface)),
    ];
    palette.primary = ensureContrast(palette.primary, onBrandTint, AA_TEXT);
    const primary = parseColor(palette.primary);
    if (primary) {
      const reached = Math.min(...onBrandTint(primary).map((b) => contrastRatio(primary, b)));
      palette["primary-hover"] = ensureContrast(palette.primary, onBrandTint, Math.min(reached + HOVER_STEP, 10));
    }
  }
  palette["primary-hover"] ??= palette.primary;
  const primary = surface("primary");
  if (primary && palette["primary-foreground"] !== undefined)
    palette["primary-foreground"] = ensureContrast(palette["primary-foreground"], () => [primary], AA_TEXT);
  for (const [text, on] of Object.entries(TEXT_ON)) {
    const backgrounds = surfaces(on);
    if (backgrounds.length > 0 && palette[text] !== undefined)
      palette[text] = ensureContrast(palette[text], () => backgrounds, AA_TEXT);
  }
  if (background && palette.ring !== undefined)
    palette.ring = ensureContrast(palette.ring, () => [background], AA_NON_TEXT);
  return palette;
}
