/**
 * The smoke checks every example app must pass (issue 18): given the origin a production server listens on and the
 * docs base path, fetch what a reader and an agent would — a page's HTML, its `.md`, the same URL with
 * `Accept: text/markdown`, `/llms.txt`, `/api/docs?query=`, MCP `tools/list` on the canonical route and on `/mcp`,
 * a same-origin MCP preflight, and the agent feedback POST (SPEC 4.1–4.5). Only `fetch`, so it runs under Node, tsx
 * or a test alike.
 *
 * CLI: `npx tsx examples/smoke/check-site.ts <origin> [--docs /docs] [--page getting-started/installation]`
 * exits 1 when a check fails, after printing every result.
 */

export interface SmokeTarget {
  /** `http://127.0.0.1:4173`: where the app's production server listens. */
  origin: string;
  /** Where the docs are mounted in the app. Default `/docs`. */
  docsPath?: string;
  /** A page under `docsPath`, without slashes around it. Default `getting-started/installation` (fixtures/example). */
  page?: string;
  /** Text the page's HTML and Markdown both contain. Default `Installation` (the page's title). */
  pageText?: string;
  /** A search query that must find `page`. Default `install`. */
  query?: string;
  /** The canonical MCP route. Default `/api/docs/mcp` (SPEC 4.4). */
  mcpRoute?: string;
  /** Per-request time limit. Default 15000 ms. */
  timeoutMs?: number;
  /** The page loads Quire's client (quire/next's `RootProvider`): check its settings, button and script. */
  client?: boolean;
}

export interface SmokeResult {
  name: string;
  ok: boolean;
  /** Why it failed, or a short note of what was seen. */
  detail: string;
}

/** The tools every Quire MCP server lists by default (SPEC 4.4). */
export const EXPECTED_MCP_TOOLS = ["list_docs", "list_pages", "read_page", "search_docs", "get_context"];

type Check = (site: Required<SmokeTarget>) => Promise<string>;

/** Runs every check (never stopping at the first failure) and returns one result per check, in order. */
export async function checkSite(target: SmokeTarget): Promise<SmokeResult[]> {
  const site: Required<SmokeTarget> = {
    docsPath: "/docs",
    page: "getting-started/installation",
    pageText: "Installation",
    query: "install",
    mcpRoute: "/api/docs/mcp",
    timeoutMs: 15_000,
    client: false,
    ...(Object.fromEntries(Object.entries(target).filter(([, value]) => value !== undefined)) as SmokeTarget),
    origin: target.origin.replace(/\/+$/, ""),
  };
  site.docsPath = `/${site.docsPath.replace(/^\/+|\/+$/g, "")}`.replace(/^\/$/, "");
  const results: SmokeResult[] = [];
  for (const [name, check] of site.client ? [...CHECKS, CLIENT_CHECK] : CHECKS) {
    try {
      results.push({ name, ok: true, detail: await check(site) });
    } catch (error) {
      results.push({ name, ok: false, detail: (error as Error).message ?? String(error) });
    }
  }
  return results;
}

const pageUrl = (site: Required<SmokeTarget>) => `${site.origin}${site.docsPath}/${site.page}`;

const CHECKS: [string, Check][] = [
  [
    "page HTML",
    async (site) => {
      const response = await get(site, pageUrl(site), { accept: "text/html" });
      expectType(response, "text/html");
      const html = await response.text();
      if (!/<html[\s>]/i.test(html)) throw new Error("the body is not an HTML document");
      if (!html.includes(site.pageText)) throw new Error(`the HTML does not contain "${site.pageText}"`);
      return `${html.length} bytes`;
    },
  ],
  [
    "page .md",
    async (site) => {
      const response = await get(site, `${pageUrl(site)}.md`);
      expectType(response, "text/markdown");
      const markdown = await response.text();
      expectMarkdown(markdown, site);
      return `${markdown.length} bytes`;
    },
  ],
  [
    "Accept: text/markdown",
    async (site) => {
      const response = await get(site, pageUrl(site), { accept: "text/markdown" });
      expectType(response, "text/markdown");
      const markdown = await response.text();
      expectMarkdown(markdown, site);
      const md = await (await get(site, `${pageUrl(site)}.md`)).text();
      if (markdown !== md) throw new Error("the negotiated Markdown differs from the .md route's");
      return "same bytes as the .md route";
    },
  ],
  [
    "/llms.txt",
    async (site) => {
      const response = await get(site, `${site.origin}/llms.txt`);
      expectType(response, "text/plain");
      const text = await response.text();
      if (!text.startsWith("# ")) throw new Error("llms.txt does not open with a `# ` title");
      if (!text.includes(`${site.docsPath}/${site.page}`)) throw new Error(`llms.txt does not link to ${site.page}`);
      return `${text.split("\n").length} lines`;
    },
  ],
  [
    "/api/docs?query=",
    async (site) => {
      const url = `${site.origin}/api/docs?query=${encodeURIComponent(site.query)}`;
      const response = await get(site, url);
      expectType(response, "application/json");
      const body = (await response.json()) as { results?: { url?: string }[] };
      if (!Array.isArray(body.results) || body.results.length === 0) throw new Error("no search results");
      if (!body.results.some((result) => result.url?.includes(`${site.docsPath}/${site.page}`))) {
        throw new Error(`no result points to ${site.page}`);
      }
      return `${body.results.length} results`;
    },
  ],
  ["MCP tools/list (canonical route)", (site) => mcpToolsList(site, site.mcpRoute)],
  ["MCP tools/list (/mcp)", (site) => mcpToolsList(site, "/mcp")],
  [
    "MCP preflight (same origin)",
    async (site) => {
      // A browser MCP client on the site's own origin: the app must hand the runtime the URL the client used,
      // or the same-origin policy refuses it (SPEC 4.4, 5).
      const response = await request(site, `${site.origin}/mcp`, {
        method: "OPTIONS",
        headers: { origin: site.origin, "access-control-request-method": "POST" },
      });
      await expectStatus(response, 204);
      const allowed = response.headers.get("access-control-allow-origin");
      if (allowed !== site.origin) throw new Error(`Access-Control-Allow-Origin is "${allowed}", not ${site.origin}`);
      return "204, origin echoed";
    },
  ],
  [
    "agent feedback POST",
    async (site) => {
      const schemaResponse = await get(site, `${site.origin}/api/docs/agent/feedback/schema`);
      expectType(schemaResponse, "json");
      const schema = (await schemaResponse.json()) as { required?: string[] };
      const payload = {
        task: "Smoke-test the docs runtime",
        understanding: "clear",
        outcome: "success",
        confidence: 0.9,
      };
      for (const field of schema.required ?? []) {
        if (!(field in payload)) throw new Error(`the schema requires "${field}", which the smoke payload lacks`);
      }
      const response = await request(site, `${site.origin}/api/docs/agent/feedback`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ context: { page: `${site.docsPath}/${site.page}`, source: "smoke" }, payload }),
      });
      await expectStatus(response, 200);
      const body = (await response.json()) as { ok?: boolean };
      if (body.ok !== true) throw new Error(`the answer is ${JSON.stringify(body)}, not { ok: true }`);
      return JSON.stringify(body);
    },
  ],
];

/** A stateless JSON-RPC `tools/list` (MCP 2025-11-25 Streamable HTTP: no session, JSON or SSE answer). */
async function mcpToolsList(site: Required<SmokeTarget>, route: string): Promise<string> {
  const response = await request(site, `${site.origin}${route}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  await expectStatus(response, 200);
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("text/event-stream")
    ? text
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5))
        .join("")
    : text;
  const body = JSON.parse(json) as { result?: { tools?: { name: string }[] }; error?: unknown };
  const names = body.result?.tools?.map((tool) => tool.name) ?? [];
  const missing = EXPECTED_MCP_TOOLS.filter((name) => !names.includes(name));
  if (missing.length) throw new Error(`tools/list lacks ${missing.join(", ")}: ${json.slice(0, 200)}`);
  return `${names.length} tools`;
}

function expectMarkdown(markdown: string, site: Required<SmokeTarget>): void {
  if (/^\s*<(!doctype|html)/i.test(markdown)) throw new Error("the body is HTML, not Markdown");
  if (!markdown.includes(site.pageText)) throw new Error(`the Markdown does not contain "${site.pageText}"`);
}

async function get(site: Required<SmokeTarget>, url: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await request(site, url, { headers });
  await expectStatus(response, 200);
  return response;
}

async function request(site: Required<SmokeTarget>, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(site.timeoutMs) });
  } catch (error) {
    throw new Error(`${init.method ?? "GET"} ${url}: ${(error as Error).message}`);
  }
}

async function expectStatus(response: Response, status: number): Promise<void> {
  if (response.status === status) return;
  const body = (await response.text().catch(() => "")).slice(0, 200).replace(/\s+/g, " ");
  throw new Error(`${response.url}: status ${response.status}, expected ${status}: ${body}`);
}

function expectType(response: Response, type: string): void {
  const actual = response.headers.get("content-type") ?? "";
  if (!actual.includes(type)) throw new Error(`${response.url}: Content-Type "${actual}", expected ${type}`);
}

/** Quire's client in the app's page: the search settings, a search button, and the script, served as JavaScript. */
const CLIENT_CHECK: [string, Check] = [
  "Quire's client",
  async (site) => {
    const html = await (await get(site, pageUrl(site), { accept: "text/html" })).text();
    if (!/<script type="application\/json" id="q-search-config">\{/.test(html))
      throw new Error("the page has no q-search-config settings");
    if (!/<a [^>]*data-q-search/.test(html)) throw new Error("the page has no [data-q-search] button");
    const src = /<script [^>]*src="(\/_quire\/quire\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    if (!src) throw new Error("the page loads no /_quire/quire.<hash>.js");
    const script = await get(site, `${site.origin}${src}`);
    expectType(script, "javascript");
    return `${src}, ${(await script.text()).length} bytes`;
  },
];

/** Prints one line per result; returns whether all passed. */
export function printResults(label: string, results: SmokeResult[]): boolean {
  for (const result of results) {
    console.log(`${result.ok ? "ok  " : "FAIL"} ${label} · ${result.name} — ${result.detail}`);
  }
  return results.every((result) => result.ok);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [origin, ...rest] = process.argv.slice(2);
  if (!origin) {
    console.error("usage: check-site.ts <origin> [--docs /docs] [--page getting-started/installation] [--client]");
    process.exit(2);
  }
  const option = (name: string) => {
    const index = rest.indexOf(name);
    return index >= 0 ? rest[index + 1] : undefined;
  };
  const results = await checkSite({
    origin,
    docsPath: option("--docs"),
    page: option("--page"),
    client: rest.includes("--client"),
  });
  process.exit(printResults(origin, results) ? 0 : 1);
}
