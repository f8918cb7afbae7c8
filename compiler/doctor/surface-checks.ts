/**
 * `docs doctor --agent`, served surfaces (SPEC 4.3, 2.13, 4.4, 4.5): a page's `.md` route and `Accept: text/markdown`
 * at its canonical URL give the same Markdown; robots.txt lets (or keeps) the AI crawlers reach the docs as
 * `robots.ai` says; MCP answers `tools/list` with every configured tool and each tool answers a call; the feedback
 * endpoint accepts an example built from its own published schema.
 */
import robotsParserModule from "robots-parser";
import { LLMS_ROUTES, MCP_TOOL_NAMES, ROBOTS_ROUTE, type McpToolKey } from "../../runtime/contract/index.ts";
import { AI_USER_AGENTS } from "../emit/robots.ts";
import { fail, pass, skip, type DoctorCheck, type SiteClient } from "./check.ts";
import type { Manifest } from "./discovery-checks.ts";

// robots-parser is CommonJS: under Node ESM its default import is the function itself.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const MCP_HEADERS = { accept: "application/json, text/event-stream" };

export async function checkMarkdownRoutes(client: SiteClient, markdownUrl: string | undefined): Promise<DoctorCheck> {
  const title = ".md route and Accept: text/markdown negotiation";
  if (!markdownUrl) return skip("markdown", title, "no page .md URL is advertised in llms.txt");
  const md = await client.get(markdownUrl).catch(() => undefined);
  if (!md?.ok || !/markdown/.test(md.headers.get("content-type") ?? "")) {
    return fail(
      "markdown",
      title,
      `${markdownUrl}: ${md?.status ?? "no answer"} ${md?.headers.get("content-type") ?? ""}`.trim(),
      "serve .md files as text/markdown (docs serve and createDocsHandler do)",
    );
  }
  const canonical = markdownUrl.replace(/\/index\.md$/, "/").replace(/\.md$/, "");
  const negotiated = await client.get(canonical, { accept: "text/markdown" }).catch(() => undefined);
  const body = await md.text();
  if (!negotiated?.ok || !/markdown/.test(negotiated.headers.get("content-type") ?? "")) {
    return fail(
      "markdown",
      title,
      `${canonical} with Accept: text/markdown answered ${negotiated?.status ?? "no answer"} ${negotiated?.headers.get("content-type") ?? ""}`.trim(),
      "route page requests through the docs handler (or a host rule) so Accept: text/markdown gets the .md",
    );
  }
  if ((await negotiated.text()) !== body)
    return fail(
      "markdown",
      title,
      `${canonical} negotiated Markdown differs from ${markdownUrl}`,
      "serve one build: the .md file and the handler's Markdown must match",
    );
  return pass("markdown", title, `${markdownUrl} and ${canonical} (Accept: text/markdown) agree`);
}

export async function checkRobots(
  client: SiteClient,
  manifest: Manifest,
  ai: "allow" | "disallow",
  markdownUrl?: string,
): Promise<DoctorCheck> {
  const title = `robots.txt ${ai === "allow" ? "lets" : "keeps"} AI crawlers ${ai === "allow" ? "reach" : "away from"} the docs`;
  if (manifest.robots?.enabled === false) return skip("robots", title, "robots is disabled in the config");
  const response = await client.get(ROBOTS_ROUTE).catch(() => undefined);
  if (!response?.ok)
    return fail(
      "robots",
      title,
      `${ROBOTS_ROUTE} answered ${response?.status ?? "no answer"}`,
      "deploy dist/robots.txt (or run `docs robots generate`)",
    );
  const origin = client.origin;
  const robots = robotsParser(`${origin}${ROBOTS_ROUTE}`, await response.text());
  const docsRoute = typeof manifest.site?.docsRoute === "string" ? manifest.site.docsRoute : "/";
  const paths = [docsRoute, LLMS_ROUTES.index, ...(markdownUrl ? [new URL(markdownUrl, origin).pathname] : [])];
  const wrong: string[] = [];
  for (const agent of AI_USER_AGENTS) {
    for (const path of paths) {
      const allowed = robots.isAllowed(`${origin}${path}`, agent) !== false;
      if (allowed !== (ai === "allow")) wrong.push(`${agent} ${allowed ? "may" : "may not"} fetch ${path}`);
    }
  }
  if (wrong.length > 0)
    return fail(
      "robots",
      title,
      wrong.slice(0, 6).join("; ") + (wrong.length > 6 ? ` and ${wrong.length - 6} more` : ""),
      `regenerate with \`docs robots generate --append\` (robots.ai is "${ai}"), or fix the hand-written rules`,
    );
  return pass("robots", title, `${AI_USER_AGENTS.length} AI user agents × ${paths.length} paths as expected`);
}

export async function checkMcp(client: SiteClient, manifest: Manifest): Promise<DoctorCheck> {
  const title = "MCP answers tools/list and every configured tool";
  const mcp = manifest.mcp;
  if (!mcp?.enabled || typeof mcp.endpoint !== "string") return skip("mcp", title, "MCP is disabled or not advertised");
  const call = async (id: number, method: string, params?: unknown) => {
    const response = await client.post(mcp.endpoint, { jsonrpc: "2.0", id, method, params }, MCP_HEADERS);
    if (!response.ok) throw new Error(`${method} answered ${response.status}`);
    const json = (await response.json()) as { result?: any; error?: { message: string } };
    if (json.error) throw new Error(`${method}: ${json.error.message}`);
    return json.result;
  };
  try {
    const listed = new Set<string>(
      ((await call(1, "tools/list")).tools ?? []).map((tool: { name: string }) => tool.name),
    );
    const configured = Object.entries(mcp.tools ?? {})
      .filter(([, on]) => on === true)
      .map(([key]) => MCP_TOOL_NAMES[key as McpToolKey])
      .filter(Boolean);
    const missing = configured.filter((name) => !listed.has(name));
    if (missing.length > 0)
      return fail(
        "mcp",
        title,
        `tools/list lacks ${missing.join(", ")}`,
        "serve the build's runtime data (_docs/) with the same config that built it",
      );
    const pages = listed.has("list_pages")
      ? JSON.parse((await call(2, "tools/call", { name: "list_pages", arguments: {} })).content[0].text)
      : undefined;
    const path: string = pages?.pages?.[0]?.path ?? "";
    const query = String(manifest.site?.title ?? "docs").split(/\s+/)[0];
    const failed: string[] = [];
    let id = 3;
    for (const name of configured) {
      const args: Record<string, unknown> = /read_page|read_task/.test(name)
        ? { path }
        : /search_docs|get_context/.test(name)
          ? { query }
          : {};
      if (name === "read_task") {
        const tasks =
          JSON.parse((await call(id++, "tools/call", { name: "list_tasks", arguments: {} })).content[0].text).tasks ??
          [];
        if (tasks.length === 0) continue;
        args.path = tasks[0].path;
      }
      const result = await call(id++, "tools/call", { name, arguments: args }).catch((error: Error) => ({
        isError: true,
        content: [{ text: error.message }],
      }));
      if (result.isError) failed.push(`${name}: ${String(result.content?.[0]?.text ?? "error").slice(0, 120)}`);
    }
    if (failed.length > 0)
      return fail("mcp", title, failed.join("; "), "check the runtime data in _docs/ and the MCP route wiring");
    return pass("mcp", title, `${listed.size} tools listed; ${configured.length} configured tools answered`);
  } catch (error) {
    return fail(
      "mcp",
      title,
      `${mcp.endpoint}: ${(error as Error).message}`,
      "route the MCP endpoint (and /mcp, /.well-known/mcp) to the docs handler",
    );
  }
}

export async function checkFeedback(client: SiteClient, manifest: Manifest): Promise<DoctorCheck> {
  const title = "feedback accepts its own schema's example";
  const feedback = manifest.feedback;
  if (!feedback?.enabled || typeof feedback.schema !== "string")
    return skip("feedback", title, "agent feedback is disabled or not advertised");
  const schemaResponse = await client.get(feedback.schema).catch(() => undefined);
  if (!schemaResponse?.ok)
    return fail(
      "feedback",
      title,
      `${feedback.schema} answered ${schemaResponse?.status ?? "no answer"}`,
      "route the feedback schema route to the docs handler",
    );
  const schema = (await schemaResponse.json()) as Record<string, any>;
  const payload = exampleOf(schema);
  const response = await client
    .post(feedback.submit, { context: { source: "docs-doctor" }, payload })
    .catch(() => undefined);
  const body = (await response?.json().catch(() => undefined)) as { ok?: boolean } | undefined;
  if (!response?.ok || body?.ok !== true) {
    return fail(
      "feedback",
      title,
      `POST ${feedback.submit} with ${JSON.stringify(payload)} answered ${response?.status ?? "no answer"}`,
      "serve the schema and the validator from the same build",
    );
  }
  return pass("feedback", title, `POST ${feedback.submit} accepted ${JSON.stringify(payload)}`);
}

/** A value the schema accepts: its first `examples` entry, else one built from properties and types. */
export function exampleOf(schema: Record<string, any>): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type ?? (schema.properties ? "object" : "string")) {
    case "object":
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Record<string, any>>).map(([key, value]) => [
          key,
          exampleOf(value),
        ]),
      );
    case "array":
      return schema.minItems ? Array.from({ length: schema.minItems }, () => exampleOf(schema.items ?? {})) : [];
    case "number":
    case "integer": {
      const low = schema.minimum ?? schema.exclusiveMinimum ?? 0;
      const high = schema.maximum ?? schema.exclusiveMaximum ?? low + 1;
      return type === "integer" ? Math.ceil((low + high) / 2) : (low + high) / 2;
    }
    case "boolean":
      return true;
    default:
      return "checked by docs doctor".padEnd(schema.minLength ?? 0, ".");
  }
}
