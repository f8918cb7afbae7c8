// Everything else the docs own: /api/docs (search, feedback, Ask AI), MCP on /api/docs/mcp, /mcp and
// /.well-known/mcp, llms.txt, sitemaps, discovery files, /robots.txt, the built stylesheets and scripts.
import { createFileRoute } from "@tanstack/react-router";
import { docs } from "../docs.server";

export const Route = createFileRoute("/$")({ server: { handlers: docs.handlers } });
