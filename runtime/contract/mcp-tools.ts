/** SPEC 2.10: the MCP tool toggles (`mcp.tools.<key>`) and the snake_case tool each one exposes. */

export const MCP_TOOL_NAMES = {
  listDocs: "list_docs",
  listPages: "list_pages",
  listTasks: "list_tasks",
  readTask: "read_task",
  getNavigation: "get_navigation",
  searchDocs: "search_docs",
  readPage: "read_page",
  getCodeExamples: "get_code_examples",
  getConfigSchema: "get_config_schema",
  getContext: "get_context",
} as const;

export type McpToolKey = keyof typeof MCP_TOOL_NAMES;
export type McpToolName = (typeof MCP_TOOL_NAMES)[McpToolKey];

export const MCP_TOOL_KEYS = Object.keys(MCP_TOOL_NAMES) as McpToolKey[];
