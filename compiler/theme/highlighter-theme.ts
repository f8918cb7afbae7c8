/**
 * Highlighter themes that pass WCAG AA (issue 13: comments in the bundled themes measured 3.0–3.5:1). A configured
 * Shiki theme (SPEC 2.17 CodeBlockConfig `theme`, `darkTheme`) is loaded, and every token colour that reads below
 * 4.5:1 on the theme's own background (which code blocks keep) is moved to its nearest AA shade. The adjusted theme
 * keeps its name, so pages, styles and the highlighter cache key stay as they were.
 */
import { bundledThemes, normalizeTheme, type BundledTheme, type ThemeRegistrationResolved } from "shiki";
import { type Rgba, composite, contrastRatio as contrast, parseColor } from "./color.ts";
import { AA_TEXT, ensureContrast } from "./contrast.ts";

/**
 * A translucent colour some code lines are painted with (highlighted lines and characters, diff lines); tokens must
 * stay readable on the code background with it on top. The alphas are quire.css's.
 */
export type LineTint = Rgba;

/** The tints quire.css draws on code lines in one scheme, from that scheme's palette. */
export function lineTints(palette: Record<string, string>): LineTint[] {
  const tint = (name: string, alpha: number) => {
    const color = parseColor(palette[name] ?? "");
    return color ? [{ ...color, a: alpha }] : [];
  };
  // [data-highlighted-chars] 20% primary; highlighted lines 12% primary; diff add 14% success; remove 12% error.
  return [...tint("primary", 0.2), ...tint("primary", 0.12), ...tint("success", 0.14), ...tint("error", 0.12)];
}

/** The theme `name` with token colours made readable; throws a clear error for a name Shiki does not bundle. */
export async function accessibleHighlighterTheme(
  name: string,
  tints: readonly LineTint[] = [],
): Promise<ThemeRegistrationResolved> {
  const load = bundledThemes[name as BundledTheme];
  if (!load) {
    const known = Object.keys(bundledThemes).sort().join(", ");
    throw new Error(`unknown code block theme "${name}" (theme.ui.codeBlock); Shiki bundles: ${known}`);
  }
  const theme = normalizeTheme((await load()).default);
  return makeReadable(theme, tints);
}

/** A copy of a resolved theme whose foreground and token colours reach AA on its background and tinted lines. */
export function makeReadable(
  theme: ThemeRegistrationResolved,
  tints: readonly LineTint[] = [],
): ThemeRegistrationResolved {
  const background = parseColor(theme.bg);
  if (!background || background.a < 1) return theme;
  const backgrounds = [background, ...tints.map((tint) => composite(tint, background))];
  const readable = (color: string) => ensureContrast(color, () => backgrounds, AA_TEXT);
  const settings = theme.settings.map((rule) => {
    const foreground = rule.settings?.foreground;
    if (typeof foreground !== "string") return rule;
    // A rule's own `background` (diff insertions in some themes) never reaches the page: Shiki paints foregrounds only.
    return { ...rule, settings: { ...rule.settings, foreground: readable(foreground) } };
  });
  const colorReplacements = Object.fromEntries(
    Object.entries(theme.colorReplacements ?? {}).map(([from, to]) => [from, readable(to)]),
  );
  return { ...theme, fg: readable(theme.fg), settings, colorReplacements };
}

/** The lowest contrast of any token colour the theme defines over its background (for tests and reports). */
export function lowestTokenContrast(theme: ThemeRegistrationResolved): { color: string; ratio: number } | null {
  const background = parseColor(theme.bg) as Rgba;
  let lowest: { color: string; ratio: number } | null = null;
  for (const color of [theme.fg, ...theme.settings.map((rule) => rule.settings?.foreground)]) {
    const parsed = typeof color === "string" ? parseColor(color) : null;
    if (!parsed || !color) continue;
    const ratio = contrast(parsed, background);
    if (!lowest || ratio < lowest.ratio) lowest = { color, ratio };
  }
  return lowest;
}
