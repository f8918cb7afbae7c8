// The docs runtime on Bun: `bun run server.ts` after `docs build`.
import { createDocsHandler } from "quire/runtime";
import { createDirectoryStore, createStaticFiles, loadFeedbackValidator } from "quire/runtime/node";

const dist = new URL("./dist", import.meta.url).pathname;
const handler = createDocsHandler({
  store: createDirectoryStore(dist),
  validateFeedback: await loadFeedbackValidator(dist),
  fallback: createStaticFiles(dist), // CSS, scripts, images
  env: process.env, // DOCS_AI_API_KEY for Ask AI
});

const server = Bun.serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 3000),
  fetch: (request) => handler(request),
});
console.log(`docs on ${server.url}docs`);
