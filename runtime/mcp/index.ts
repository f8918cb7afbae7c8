/** The built-in MCP server (SPEC 4.4): the HTTP endpoint the runtime mounts, and the server `docs mcp` runs over stdio. */
export { createMcpEndpoint, type McpEndpoint } from "./http-endpoint.ts";
export { createMcpServer, DOCS_TOOLS, type McpServerOptions, type McpToolEvent } from "./server.ts";
export type { McpSearch } from "./tool.ts";
