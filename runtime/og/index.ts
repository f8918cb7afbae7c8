/**
 * The dynamic Open Graph renderer (SPEC 4.6), its own entry so `quire/runtime` stays small for sites without it.
 * Package subpath: `quire/runtime/og`. Node servers can use `createNodeOgImageRenderer` from `quire/runtime/node`.
 */
export { createOgImageRenderer, type OgFont, type OgImageRenderer, type OgWasmModules } from "./renderer.ts";
