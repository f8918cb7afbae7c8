/** The wire contract between `compiler/` (writes) and `runtime/` (reads). Nothing else declares these values. */
export * from "./data.ts";
export * from "./files.ts";
export * from "./formats.ts";
export * from "./mcp-tools.ts";
export * from "./routes.ts";
export * from "./static-search.ts";
export * from "./search-index.ts";
export * from "./locales.ts";
