// The docs runtime on Deno: `deno run --allow-net --allow-read --allow-env server.ts` after `docs build`.
import { createDocsHandler } from "quire/runtime";
import { createDirectoryStore, createStaticFiles, loadFeedbackValidator } from "quire/runtime/node";

const dist = new URL("./dist", import.meta.url).pathname;
const handler = createDocsHandler({
  store: createDirectoryStore(dist),
  validateFeedback: await loadFeedbackValidator(dist),
  fallback: createStaticFiles(dist), // CSS, scripts, images
  env: Deno.env.toObject(), // DOCS_AI_API_KEY for Ask AI
});

Deno.serve({ hostname: Deno.env.get("HOST") ?? "127.0.0.1", port: Number(Deno.env.get("PORT") ?? 8000) }, (request) =>
  handler(request),
);
