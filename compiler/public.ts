/** The package entry a site imports: `import { defineDocs } from "quire"`. Kept free of runtime imports. */
import type { DocsConfig } from "./config/types.ts";

export type { DocsConfig } from "./config/types.ts";

/** Declares the site config; returns it unchanged so the compiler can validate it with positions. */
export function defineDocs<const T extends DocsConfig>(config: T): T {
  return config;
}
