/**
 * SPEC 2.17 SidebarStyleConfig `background` and `borderColor` as CSS rules after quire.css. The sidebar's text
 * (links, folder labels, the active item) is re-checked over the configured background in each scheme and moved to
 * an AA shade when it falls short, so a brand-coloured sidebar stays readable in light and dark. A light colour applies
 * to the light scheme only; the dark scheme keeps its own sidebar surface and border then.
 */
import { composite, luminance, parseColor, type Rgba } from "./color.ts";
import { AA_TEXT, ensureContrast } from "./contrast.ts";
import type { Palette } from "./palette.ts";

export interface SidebarTheme {
  sidebarStyle: "default" | "bordered" | "floating";
  sidebarColors: { background?: string; borderColor?: string };
}

const SIDEBAR_TEXT = ["foreground", "muted-foreground", "primary"];
/** Relative luminance under which a colour reads as a dark surface (the built-in dark palette's are under 0.02). */
const DARK_SURFACE = 0.1;
/** The active item's tint in quire.css (`color-mix(in srgb, var(--q-primary) 10%, transparent)`). */
const ACTIVE_TINT = 0.1;

export function sidebarCss(theme: SidebarTheme, palettes: { light: Palette; dark: Palette }, safe: RegExp): string {
  const { background, borderColor } = theme.sidebarColors;
  const usable = (value: string | undefined) => (value !== undefined && safe.test(value) ? value.trim() : undefined);
  const fill = usable(background);
  const line = usable(borderColor);
  if (fill === undefined && line === undefined) return "";
  const declarations: string[] = [];
  if (fill !== undefined) declarations.push(`background:${fill}`);
  // The default style draws no line of its own; a border colour asks for one, on the content side (also in RTL).
  if (line !== undefined) {
    declarations.push(
      theme.sidebarStyle === "default" ? `border-inline-end:1px solid ${line}` : `border-color:${line}`,
    );
  }
  // As specific as quire.css's rule for the style, and later, so the theme wins.
  const sidebar = `.q-sidebar[data-style="${theme.sidebarStyle}"]`;
  const panel = theme.sidebarStyle === "floating" ? `${sidebar} .q-nav` : sidebar;
  const rules = [`${panel}{${declarations.join(";")}}`];
  // Beside the article (quire.css turns the sidebar into a menu panel under 768px), a coloured sidebar column runs
  // the height of the window, not just of its links.
  if (fill !== undefined && theme.sidebarStyle !== "floating") {
    rules.push(`@media (min-width:768px){${panel}{min-height:calc(100vh - var(--q-sticky-top))}}`);
  }
  const surface = fill === undefined ? null : parseColor(fill);
  if (surface && surface.a === 1) rules.push(`${panel}{${textOver(surface, palettes.light)}}`);
  // One colour serves both schemes only when it suits the dark one too: a light background or line would be a bright
  // panel on a dark page, so the dark scheme keeps its own surface and border there.
  const dark = darkDeclarations(theme, fill, line, palettes.dark);
  if (dark !== "") {
    rules.push(`:root[data-theme=dark] ${panel}{${dark}}`);
    rules.push(`@media (prefers-color-scheme:dark){:root:not([data-theme]) ${panel}{${dark}}}`);
  }
  return `${rules.join("\n")}\n`;
}

function darkDeclarations(theme: SidebarTheme, fill: string | undefined, line: string | undefined, palette: Palette) {
  const declarations: string[] = [];
  const fillColor = fill === undefined ? null : parseColor(fill);
  if (fill !== undefined && !isDark(fillColor)) {
    // The page's own background: the same as none beside the article, and opaque for the phone menu panel.
    declarations.push(`background:${theme.sidebarStyle === "floating" ? "var(--q-card)" : "var(--q-background)"}`);
    // The light scheme's text shades were set on the panel; the dark page's own come back with its surface.
    declarations.push(...SIDEBAR_TEXT.map((name) => `--q-${name}:${palette[name]}`));
  } else if (fillColor && fillColor.a === 1) {
    declarations.push(textOver(fillColor, palette));
  }
  if (line !== undefined && !isDark(parseColor(line))) declarations.push("border-color:var(--q-border)");
  return declarations.join(";");
}

/** Dark enough to be a surface or line in the dark scheme (unparsed colours are kept as written). */
function isDark(color: Rgba | null): boolean {
  return color === null || luminance(color) < DARK_SURFACE;
}

/**
 * The sidebar's text tokens, each AA over the sidebar background and the active item's tint (a hovered item is drawn
 * in `accentForeground` on `accent`, which palette.ts already pairs).
 */
function textOver(surface: Rgba, palette: Palette): string {
  return SIDEBAR_TEXT.map((name) => {
    const over = (shade: Rgba) => [surface, composite({ ...shade, a: ACTIVE_TINT }, surface)];
    return `--q-${name}:${ensureContrast(palette[name], over, AA_TEXT)}`;
  }).join(";");
}
