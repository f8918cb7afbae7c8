/**
 * CSS from the resolved theme (SPEC 2.17 DocsTheme), appended after quire.css: custom properties for colours (made
 * accessible by compiler/theme/palette.ts), layout and fonts, then rules only for what the theme sets (typography,
 * sidebar colours). The palettes come from compiler/theme/scheme-palettes.ts.
 */
import type { ResolvedConfig } from "../../config/types.ts";
import type { Palette } from "../../theme/palette.ts";
import { SAFE_VALUE, schemePalettes } from "../../theme/scheme-palettes.ts";
import { sidebarCss } from "../../theme/sidebar-css.ts";
import { typographyCss } from "../../theme/typography-css.ts";

type Theme = ResolvedConfig["theme"];

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
  const palettes = schemePalettes(theme);
  const light = declarations(palettes.light, "light");
  const dark = declarations(palettes.dark, "dark");
  // With no data-theme (no JavaScript, or a disabled toggle defaulting to system) the OS preference decides.
  return (
    `/* theme: ${theme.name.replace(/\*\//g, "")} */\n` +
    `:root{${structure};${light}}\n` +
    `:root[data-theme=dark]{${dark}}\n` +
    `@media (prefers-color-scheme:dark){:root:not([data-theme]){${dark}}}\n` +
    typographyCss(theme.typography, SAFE_VALUE) +
    sidebarCss(theme, palettes, SAFE_VALUE)
  );
}
