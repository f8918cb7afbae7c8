/** The package entry a site imports: `import { defineDocs } from "quire"`. Kept free of runtime imports. */
import type { DocsConfig } from "./config/types.ts";

export type { DocsConfig } from "./config/types.ts";

/**
 * Declares the site config; returns it unchanged so the compiler can validate it with positions. Not generic on
 * purpose: the argument is typed as `DocsConfig` itself, so hovering a key shows that key's documentation.
 */
export function defineDocs(config: DocsConfig): DocsConfig {
  return config;
}

export { createTheme, extendTheme, type DocsTheme, type ThemeOptions } from "./theme/create-theme.ts";
export { presets } from "./theme/presets.ts";
