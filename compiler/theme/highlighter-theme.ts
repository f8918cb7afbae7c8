/**
 * Highlighter themes that pass WCAG AA (issue 13: comments in the bundled themes measured 3.0–3.5:1). A configured
 * Shiki theme (SPEC 2.17 CodeBlockConfig `theme`, `darkTheme`) is loaded, and every token colour that reads below
 * 4.5:1 on the theme's own background (which code blocks keep) is moved to its nearest AA shade. The adjusted theme
 * keeps its name, so pages, styles and the highlighter cache key stay as they were.
 */
import { bundledThemes, normalizeTheme, type BundledTheme, type ThemeRegistrationResolved } from "shiki";
import { type Rgba, contrastRatio as contrast, parseColor } from "./color.ts";
import { AA_TEXT, ensureContrast } from "./contrast.ts";

/** The theme `name` with token colours made readable; throws a clear error for a name Shiki does not bundle. */
export async function accessibleHighlighterTheme(name: string): Promise<ThemeRegistrationResolved> {
  const load = bundledThemes[name as BundledTheme];
  if (!load) {
    const known = Object.keys(bundledThemes).sort().join(", ");
    throw new Error(`unknown code block theme "${name}" (theme.ui.codeBlock); Shiki bundles: ${known}`);
  }
  const theme = normalizeTheme((await load()).default);
  return makeReadable(theme);
}

/** A copy of a resolved theme whose foreground and token colours reach AA on its background. */
export function makeReadable(theme: ThemeRegistrationResolved): ThemeRegistrationResolved {
  const background = parseColor(theme.bg);
  if (!background || background.a < 1) return theme;
  const readable = (color: string) => ensureContrast(color, () => [background], AA_TEXT);
  const settings = theme.settings.map((rule) => {
    const foreground = rule.settings?.foreground;
    if (typeof foreground !== "string" || rule.settings.background !== undefined) return rule;
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
