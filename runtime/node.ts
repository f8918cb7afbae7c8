/** Node-only runtime pieces: the filesystem store and the `docs serve` server. Intended package subpath: `quire/runtime/node`. */
export {
  startNodeServer,
  loadFeedbackValidator,
  type NodeServerOptions,
  type RunningServer,
} from "./adapters/node-server.ts";
export { createDirectoryStore } from "./store/directory.ts";
export { createNodeOgImageRenderer } from "./og/node-wasm.ts";
export { createNodeListener, type NodeListener } from "./adapters/node-listener.ts";
export { createStaticFiles } from "./adapters/node-static.ts";
