// One docs server for the app. The build is read from ./dist (`docs build --out dist`); pass the site's runtime
// config here (analytics.onEvent, feedback.agent.onFeedback, mcp.security) when it has callbacks.
import { createDocsServer } from "quire/tanstack-start";

export const docs = createDocsServer({});
