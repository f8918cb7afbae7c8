// A Nuxt app with Quire docs through quire/nuxt (issue 18). The docs build (dist/) is bundled as a Nitro server asset,
// so the production server reads no dist/ folder; its /_quire styles and scripts are copied to public/ by `npm run build`.
import { fileURLToPath } from "node:url";

const docs = fileURLToPath(new URL("./server/docs.ts", import.meta.url));
// The URLs the docs answer: pages (HTML, .md, Markdown negotiation), the API and MCP, llms and discovery files.
const docsRoutes = ["/docs", "/docs/**", "/api/docs", "/api/docs/**", "/mcp", "/.well-known/**", "/llms.txt"];

export default defineNuxtConfig({
  compatibilityDate: "2026-01-01",
  telemetry: false,
  serverHandlers: docsRoutes.map((route) => ({ route, handler: docs })),
  nitro: {
    serverAssets: [{ baseName: "docs", dir: fileURLToPath(new URL("./dist", import.meta.url)) }],
  },
});
