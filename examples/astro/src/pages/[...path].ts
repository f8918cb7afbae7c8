// Everything under the app that is not one of its pages: /api/docs (search, Ask AI as SSE, feedback), the MCP route
// and its /mcp and /.well-known/mcp aliases, llms.txt, discovery files, sitemap, and the docs' /_quire assets.
import { docs } from "../docs.ts";

export const { GET, POST, ALL } = docs;
