// Everything else the docs own: /api/docs (search, feedback, Ask AI), MCP on /api/docs/mcp, /mcp and
// /.well-known/mcp, llms.txt, sitemaps, discovery files, /robots.txt (unless static/robots.txt owns it), built assets.
import { docs } from "#lib/server/docs.ts";

export const { GET, POST, fallback } = docs;
