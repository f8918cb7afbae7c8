// One docs server for the app, built the serverless way (SPEC 4.7 `_preloadedContent`): the whole docs build is
// bundled into the server code by Vite, so the deployed function reads no files. Pass the site's runtime config here
// (analytics.onEvent, feedback.agent.onFeedback, mcp.security) when it has callbacks.
import { createDocsServer } from "quire/sveltekit";
// The payload validator `docs build` compiled (functions cannot compile code at run time).
import validateFeedback from "../../../dist/_docs/feedback-validator.mjs";

// Every text file of the build (images and fonts are static files, not docs data); `exhaustive` takes in the
// dot folder `.well-known/` (discovery files, llms.txt aliases, agent skills).
const content = import.meta.glob<string>(["/dist/**/*", "!**/*.{png,jpg,ico,woff2}"], {
  query: "?raw",
  import: "default",
  eager: true,
  exhaustive: true,
});

export const docs = createDocsServer({ _preloadedContent: content, validateFeedback });
