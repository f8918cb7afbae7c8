/**
 * CSS from the resolved theme (SPEC 2.17 DocsTheme), appended after quire.css: custom properties for colours (made
 * accessible by compiler/theme/palette.ts), layout and fonts, then rules only for what the theme sets (typography,
 * sidebar colours). The built-in palettes live here so default and configured colours merge once.
 */
import type { ColorsConfig, ResolvedConfig } from "../../config/types.ts";
import { type Palette, accessiblePalette } from "../../theme/palette.ts";
import { sidebarCss } from "../../theme/sidebar-css.ts";
import { typographyCss } from "../../theme/typography-css.ts";

type Theme = ResolvedConfig["theme"];

const LIGHT: Palette = {
  primary: "#4f46e5",
  "primary-foreground": "#fff",
  background: "#fff",
  foreground: "#0f1117",
  muted: "#f5f6f8",
  "muted-foreground": "#5d6470",
  border: "#e6e8ec",
  card: "#fff",
  "card-foreground": "#0f1117",
  accent: "#eef0fe",
  "accent-foreground": "#3730a3",
  secondary: "#f2f3f5",
  "secondary-foreground": "#111827",
  popover: "#fff",
  "popover-foreground": "#0f1117",
  ring: "#6366f1",
  // Callout tones; not part of ColorsConfig.
  note: "#64748b",
  info: "#2563eb",
  tip: "#16a34a",
  warn: "#d97706",
  error: "#dc2626",
  success: "#059669",
  shadow: "0 1px 2px rgb(15 17 23 / .04), 0 8px 24px rgb(15 17 23 / .08)",
};

const DARK: Palette = {
  primary: "#8b8cf8",
  "primary-foreground": "#0b0d12",
  background: "#0b0d12",
  foreground: "#e8eaef",
  muted: "#151821",
  "muted-foreground": "#9aa2b1",
  border: "#242836",
  card: "#10131a",
  "card-foreground": "#e8eaef",
  accent: "#1c1f3a",
  "accent-foreground": "#c7c8fd",
  secondary: "#1a1d26",
  "secondary-foreground": "#e8eaef",
  popover: "#12151d",
  "popover-foreground": "#e8eaef",
  ring: "#8b8cf8",
  note: "#94a3b8",
  info: "#60a5fa",
  tip: "#4ade80",
  warn: "#fbbf24",
  error: "#f87171",
  success: "#34d399",
  shadow: "0 1px 2px rgb(0 0 0 / .3), 0 8px 24px rgb(0 0 0 / .4)",
};

// Values come from the site's own config, but one stray `;` or `}` would break every later rule.
const SAFE_VALUE = /^[^;{}<>]+$/;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Written tokens by custom property name; values that could break the stylesheet are dropped. */
function writtenTokens(colors: ColorsConfig): Palette {
  const written: Palette = {};
  for (const [name, value] of Object.entries(colors)) {
    if (typeof value === "string" && SAFE_VALUE.test(value)) written[kebab(name)] = value.trim();
  }
  return written;
}

function declarations(palette: Palette, colorScheme: "light" | "dark"): string {
  const properties = Object.entries(palette).map(([name, value]) => `--q-${name}:${value}`);
  return [...properties, `color-scheme:${colorScheme}`].join(";");
}

function optional(name: string, value: string | undefined): string[] {
  return value !== undefined && SAFE_VALUE.test(value) ? [`${name}:${value.trim()}`] : [];
}

export function themeCss(theme: Theme): string {
  const { layout } = theme;
  const structure = [
    ...optional("--q-radius", theme.radius),
    ...optional("--q-font-sans", theme.fonts.sans),
    ...optional("--q-font-mono", theme.fonts.mono),
    `--q-content-width:${layout.contentWidth}px`,
    `--q-sidebar-width:${layout.sidebarWidth}px`,
    `--q-toc-width:${layout.tocWidth}px`,
    `--q-header-height:${layout.headerHeight}px`,
    `--q-header-position:${layout.headerSticky ? "sticky" : "relative"}`,
    `--q-sticky-top:${layout.headerSticky ? "var(--q-header-height)" : "0px"}`,
  ].join(";");
  const lightPalette = accessiblePalette(LIGHT, writtenTokens(theme.colors));
  const darkPalette = accessiblePalette(DARK, writtenTokens(theme.darkColors));
  const light = declarations(lightPalette, "light");
  const dark = declarations(darkPalette, "dark");
  // With no data-theme (no JavaScript, or a disabled toggle defaulting to system) the OS preference decides.
  return (
    `/* theme: ${theme.name.replace(/\*\//g, "")} */\n` +
    `:root{${structure};${light}}\n` +
    `:root[data-theme=dark]{${dark}}\n` +
    `@media (prefers-color-scheme:dark){:root:not([data-theme]){${dark}}}\n` +
    typographyCss(theme.typography, SAFE_VALUE) +
    sidebarCss(theme, { light: lightPalette, dark: darkPalette }, SAFE_VALUE)
  );
}
