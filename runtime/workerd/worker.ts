/**
 * The default Quire worker entry: `export default { fetch(request, env) }` serving a build through `env.ASSETS`.
 * `quire-feedback-validator` is an alias the bundler resolves to the build's `_docs/feedback-validator.mjs`
 * (wrangler.toml `[alias]`, or esbuild `alias`), because a worker cannot compile code at run time. For the same
 * reason the Open Graph renderer's two WebAssembly files are imported as compiled modules (wrangler does this for
 * `.wasm` imports; runtime/workerd/bundle-worker.ts lists them for a workerd config).
 * Sites with callbacks (analytics, onFeedback, MCP authenticate) write their own entry with `createWorker`.
 */
import resvg from "@resvg/resvg-wasm/index_bg.wasm";
import validateFeedback from "quire-feedback-validator";
import yoga from "satori/yoga.wasm";
import { createOgImageRenderer } from "../og/renderer.ts";
import { createWorker } from "./create-worker.ts";

export default createWorker({ validateFeedback, renderOgImage: createOgImageRenderer({ yoga, resvg }) });
