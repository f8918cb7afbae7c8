// One docs server for the app. The build is read from ./dist (the working directory `npm start` runs in); a
// serverless deployment passes it as `_preloadedContent` instead (see examples/sveltekit). Pass the site's runtime
// config here (analytics.onEvent, feedback.agent.onFeedback, mcp.security) when it has callbacks.
import { createDocsServer } from "quire/astro";

export const docs = createDocsServer({ rootDir: process.cwd() });
