/**
 * WCAG AA for configured colours (issue 13: a brand colour used as-is gave 62 serious contrast failures). A text
 * colour that does not reach the ratio on its backgrounds is moved along its own lightness, keeping hue and
 * saturation, to the nearest shade that does; a colour that already passes is kept exactly as written.
 */
import { type Rgba, contrastRatio, hslToRgb, luminance, parseColor, rgbToHsl, toHex } from "./color.ts";

/** WCAG 2.x 1.4.3: normal text. */
export const AA_TEXT = 4.5;
/** WCAG 2.x 1.4.11: focus rings, borders of controls. */
export const AA_NON_TEXT = 3;
// The search aims a little above the bar so a shade rounded to #rrggbb never falls just under it.
const MARGIN = 0.05;

/** The lowest ratio of `text` over every background. */
export function worstContrast(text: Rgba, backgrounds: readonly Rgba[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(text, background)));
}

/**
 * The shade of `text` nearest to it that reaches `ratio` over every background `backgroundsFor(shade)` returns (a
 * function because a tint of the colour itself, such as the active sidebar item, moves with the shade).
 * Returns the input string when it passes or cannot be parsed.
 */
export function ensureContrast(text: string, backgroundsFor: (shade: Rgba) => readonly Rgba[], ratio: number): string {
  const color = parseColor(text);
  if (!color) return text;
  const passes = (shade: Rgba) => worstContrast(shade, backgroundsFor(shade)) >= ratio;
  if (passes(color)) return text;
  const opaque = { ...color, a: 1 };
  const backgrounds = backgroundsFor(opaque);
  const meanLuminance = backgrounds.reduce((sum, b) => sum + luminance(b), 0) / backgrounds.length;
  // Text goes darker on light surfaces and lighter on dark ones.
  const darken = meanLuminance > 0.18;
  const { h, s, l } = rgbToHsl(opaque);
  const at = (lightness: number): Rgba => ({ ...hslToRgb({ h, s, l: lightness }), a: 1 });
  const target = (shade: Rgba) => worstContrast(shade, backgroundsFor(shade)) >= ratio + MARGIN;
  // Lightness is monotonic in luminance for a fixed hue and saturation, so a binary search finds the nearest shade.
  let near = l;
  let far = darken ? 0 : 1;
  if (!target(at(far))) return toHex(bestOfBlackAndWhite(backgroundsFor));
  for (let step = 0; step < 24; step++) {
    const middle = (near + far) / 2;
    if (target(at(middle))) far = middle;
    else near = middle;
  }
  const shade = parseColor(toHex(at(far))) as Rgba;
  return passes(shade) ? toHex(shade) : toHex(bestOfBlackAndWhite(backgroundsFor));
}

function bestOfBlackAndWhite(backgroundsFor: (shade: Rgba) => readonly Rgba[]): Rgba {
  const black = { r: 0, g: 0, b: 0, a: 1 };
  const white = { r: 255, g: 255, b: 255, a: 1 };
  return worstContrast(black, backgroundsFor(black)) >= worstContrast(white, backgroundsFor(white)) ? black : white;
}
