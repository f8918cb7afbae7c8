/** A `.wasm` import in a worker is a compiled WebAssembly.Module (wrangler's CompiledWasm rule, workerd `wasm` modules). */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
