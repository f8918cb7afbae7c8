// One event handler for every docs route (nuxt.config.ts lists them): the build is read from the "docs" server
// asset. Pass the site's runtime config here (analytics.onEvent, feedback.agent.onFeedback, mcp.security) when it
// has callbacks.
import { defineDocsHandler } from "quire/nuxt";
// The payload validator `docs build` compiled, bundled into the server (it cannot compile code at run time).
import validateFeedback from "../dist/_docs/feedback-validator.mjs";

export default defineDocsHandler({ validateFeedback }, useStorage);
