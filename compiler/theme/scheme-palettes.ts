/**
 * The page's colours per scheme (SPEC 2.17 ColorsConfig): the built-in light and dark palettes, the tokens a theme
 * writes over them, made accessible by palette.ts. theme-css.ts writes them as custom properties; the highlighter
 * reads the brand tints code lines are drawn on. One place computes them, so both see the same colours.
 */
import type { ColorsConfig } from "../config/types.ts";
import { type Palette, accessiblePalette } from "./palette.ts";

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
export const SAFE_VALUE = /^[^;{}<>]+$/;

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

/** Light and dark palettes of a resolved theme (`colors` for light; `darkColors`, the brand tokens, for dark). */
export function schemePalettes(theme: { colors: ColorsConfig; darkColors: ColorsConfig }): {
  light: Palette;
  dark: Palette;
} {
  return {
    light: accessiblePalette(LIGHT, writtenTokens(theme.colors)),
    dark: accessiblePalette(DARK, writtenTokens(theme.darkColors)),
  };
}
