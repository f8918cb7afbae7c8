/**
 * The default Quire worker entry: `export default { fetch(request, env) }` serving a build through `env.ASSETS`.
 * `quire-feedback-validator` is an alias the bundler resolves to the build's `_docs/feedback-validator.mjs`
 * (wrangler.toml `[alias]`, or esbuild `alias`), because a worker cannot compile code at run time.
 * Sites with callbacks (analytics, onFeedback, MCP authenticate) write their own entry with `createWorker`.
 */
import validateFeedback from "quire-feedback-validator";
import { createWorker } from "./create-worker.ts";

export default createWorker({ validateFeedback });
