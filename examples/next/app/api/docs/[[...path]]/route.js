// /api/docs (search, Ask AI, feedback), the MCP route, and what withDocs() forwards here (.md, Markdown
// negotiation, llms.txt, discovery, /_quire assets).
import { docs } from "../../../../lib/docs.js";

export const dynamic = "force-dynamic";
export const GET = docs.GET;
export const HEAD = docs.HEAD;
export const POST = docs.POST;
export const OPTIONS = docs.OPTIONS;
export const DELETE = docs.DELETE;
