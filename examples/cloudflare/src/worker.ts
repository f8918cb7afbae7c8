// The Worker: the docs runtime over the static-assets binding. Add `config` (analytics, onFeedback, MCP auth) here.
import { createWorker } from "quire/runtime";
// An alias (wrangler.toml) for the validator `docs build` compiled: a Worker cannot compile code at run time.
import validateFeedback from "quire-feedback-validator";

export default createWorker({ validateFeedback });
