// One docs server for the app, over the build in ./dist (the directory `next start` runs in). Pass the site's
// runtime config here (analytics.onEvent, feedback.agent.onFeedback, mcp.security) when it has callbacks.
import { createDocsLayout } from "quire/next";
// The payload validator `docs build` compiled (withDocs builds the docs before Next bundles this file).
import validateFeedback from "../dist/_docs/feedback-validator.mjs";

export const docs = createDocsLayout({ rootDir: process.cwd(), validateFeedback });
