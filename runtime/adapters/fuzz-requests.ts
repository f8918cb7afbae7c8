/**
 * Seeded bad-input requests for the fuzz tests (runtime/adapters/fuzz.test.ts) and the long fuzz in bench/: odd
 * methods, paths of every length, traversal and percent-encoding junk, odd Accept/Origin/Host/encoding headers, bad
 * `since=`, broken JSON-RPC, traversal in `read_page`, huge and truncated bodies, unicode junk. The same seed always
 * yields the same requests, so a failure names its seed and index and replays exactly.
 */
import { seededRandom } from "../testing/seeded-random.ts";

export interface FuzzCase {
  index: number;
  method: string;
  /** Request target as sent on the wire (may be unnormalized or invalid). */
  target: string;
  headers: [string, string][];
  body?: Uint8Array;
  /** Send fewer body bytes than Content-Length declares, then half-close (raw sockets only). */
  truncate?: boolean;
  /** Frame the body with `Transfer-Encoding: chunked` (raw sockets only). */
  chunked?: boolean;
}

export interface FuzzSite {
  /** Known page routes such as `/docs/concepts`. */
  routes: string[];
  /** Known page paths such as `concepts`. */
  paths: string[];
}

const JUNK = [
  "\u0000",
  "\u202e",
  "\ud83d\ude00",
  "\ufffd",
  "é",
  "\u00a0",
  "<script>",
  "'\"",
  "%",
  "%%",
  "%00",
  "%ff",
  "%c0%af",
  "%2e%2e",
  "%2f",
  "..",
  ".",
  "~",
  "\\",
  "|",
  "\r\n",
  "*",
  "?",
  "#",
  "&&",
  "=",
  ";",
];
const TRAVERSAL = [
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e/%2e%2e/etc/passwd",
  "....//....//etc/passwd",
  "/etc/passwd",
  "C:\\Windows\\win.ini",
  "..\\..\\..\\etc\\passwd",
  "file:///etc/passwd",
  "_docs/site.json",
  "../_headers",
  ".git/config",
];
const FIXED = [
  "/",
  "/docs",
  "/docs/",
  "/docs.md",
  "/api/docs",
  "/api/docs/mcp",
  "/mcp",
  "/.well-known/mcp",
  "/.well-known/agent.json",
  "/.well-known/agent",
  "/api/docs/agent/spec",
  "/.well-known/api-catalog",
  "/.well-known/agent-skills/index.json",
  "/.well-known/agent-skills/acme-queue-docs/SKILL.md",
  "/llms.txt",
  "/llms-full.txt",
  "/.well-known/llms.txt",
  "/sitemap.xml",
  "/sitemap.md",
  "/robots.txt",
  "/AGENTS.md",
  "/skill.md",
  "/api/docs/agent/feedback",
  "/api/docs/agent/feedback/schema",
  "/_docs/site.json",
  "/_headers",
  "/_redirects",
  "/schemas/docs-agent-manifest.v1.json",
  "/_quire/quire.css",
];
const METHODS = [
  "GET",
  "GET",
  "GET",
  "HEAD",
  "POST",
  "POST",
  "POST",
  "PUT",
  "DELETE",
  "OPTIONS",
  "PATCH",
  "TRACE",
  "PROPFIND",
  "QUERY",
];
/** Only a raw socket can send these: `new Request()` refuses them. */
const RAW_METHODS = ["CONNECT", "TRACK", "FROB", "G E T", "get", ""];
const TOOLS = [
  "list_docs",
  "list_pages",
  "list_tasks",
  "read_task",
  "get_navigation",
  "search_docs",
  "read_page",
  "get_code_examples",
  "get_config_schema",
  "get_context",
  "nope",
  "",
  "__proto__",
];
const ACCEPTS = [
  "text/markdown",
  "text/markdown;q=junk",
  "*/*",
  "text/html;q=0, text/markdown;q=0",
  "application/json, text/event-stream",
  "text/event-stream",
  "",
  ";;;,,,",
  "text/*;q=1.5",
  "x".repeat(9000),
];
const ORIGINS = [
  "null",
  "https://evil.example",
  "http://127.0.0.1",
  "http://localhost.evil.com",
  "garbage",
  "http://[::1",
  "https://app.example.com.evil.com",
  "\u00e9://x",
];
const HOSTS = [
  "evil.example.com",
  "localhost.evil.com",
  "127.0.0.1",
  "",
  "exa mple",
  "[::1",
  "a".repeat(300),
  "127.0.0.1:99999",
  "xn--80ak6aa92e.com",
  "host:port:port",
];

export function fuzzCases(
  seed: number,
  count: number,
  site: FuzzSite,
  options: { raw?: boolean; maxBodyBytes?: number } = {},
): FuzzCase[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  const int = (max: number) => Math.floor(random() * max);
  const junk = (n: number) => Array.from({ length: n }, () => pick(JUNK)).join("");
  const cap = options.maxBodyBytes ?? 4096;

  const path = (): string => {
    switch (int(9)) {
      case 0:
        return `/docs/${"a".repeat(200 + int(4000))}${chance(0.5) ? ".md" : ""}`;
      case 1:
        return `/.well-known/agent-skills/${"s".repeat(250 + int(500))}/SKILL.md`;
      case 2:
        return `/${pick(TRAVERSAL)}`;
      case 3:
        return `${pick(site.routes)}/${encodeURIComponent(junk(1 + int(6)))}`;
      case 4:
        return `${pick(site.routes)}${chance(0.5) ? ".md" : "/"}`;
      case 5:
        return `${pick(FIXED)}${chance(0.3) ? junk(2) : ""}`;
      case 6:
        return `/${Array.from({ length: 1 + int(300) }, () => pick(["x", "..", ".", "", "docs"])).join("/")}`;
      case 7:
        return pick(site.routes);
      default:
        return pick(FIXED);
    }
  };

  const query = (): string => {
    const params: [string, string][] = [];
    const mode = int(8);
    if (mode === 0) params.push(["query", chance(0.2) ? "q".repeat(5000 + int(20000)) : junk(1 + int(20))]);
    if (mode === 1)
      params.push(
        ["format", "markdown"],
        ["path", chance(0.6) ? pick(TRAVERSAL) : pick([...site.paths, junk(3), "a".repeat(600)])],
      );
    if (mode === 2)
      params.push([
        "format",
        pick(["config", "diagnostics", "agents", "skill", "openapi", "markdown", "", junk(4), "__proto__"]),
      ]);
    if (mode === 3)
      params.push(
        ["audience", "agent"],
        ["response", "changes"],
        ["since", pick(["-1", "1e309", "NaN", "0x10", "99999999999999999999999", "", junk(5), "1.5", " 1", "0"])],
      );
    if (mode === 4) params.push(["feedback", pick(["agent", "human", ""])], ["schema", pick(["1", "0", junk(2)])]);
    if (mode === 5)
      params.push([pick(["lang", "locale"]), pick(["en", "", junk(8), "x".repeat(300)])], ["query", "queue"]);
    if (mode === 6) params.push([junk(3), junk(3)]);
    if (params.length === 0) return "";
    return `?${params.map(([k, v]) => `${encodeURIComponent(k)}=${chance(0.15) ? v.replace(/[^\w]/g, "%") : encodeURIComponent(v)}`).join("&")}`;
  };

  const rpc = (): unknown => {
    const id = pick<unknown>([1, "x", null, { a: 1 }, 1.5, -1, "9".repeat(400)]);
    const call = (name: string, args: unknown) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name, arguments: args },
    });
    switch (int(10)) {
      case 0:
        return call("read_page", {
          path: pick([...TRAVERSAL, ...site.paths, "a".repeat(600), junk(5)]),
          section: chance(0.5) ? junk(4) : undefined,
        });
      case 1:
        return call(pick(TOOLS), {
          query: pick(["Port already in use", junk(10), "", "x".repeat(600)]),
          limit: pick([0, -1, 1e9, "5", null, 3]),
        });
      case 2:
        return call("get_context", {
          query: junk(6),
          tokenBudget: pick([0, 1, -5, 1e12, "9", 1.5]),
          maxBytes: pick([1, 0, 3, 2e6]),
        });
      case 3:
        return {
          jsonrpc: pick(["2.0", "1.0", 2, null]),
          id,
          method: pick([
            "initialize",
            "ping",
            "tools/list",
            "resources/read",
            "prompts/get",
            "notifications/initialized",
            "",
            junk(3),
          ]),
          params: pick<unknown>([{}, [], null, "x", { uri: pick(TRAVERSAL) }]),
        };
      case 4:
        return Array.from({ length: int(40) }, () => call(pick(TOOLS), {}));
      case 5:
        return {
          jsonrpc: "2.0",
          id,
          method: "initialize",
          params: {
            protocolVersion: pick(["2025-11-25", "2026-07-28", "1999-01-01", junk(4)]),
            capabilities: pick<unknown>([{}, null, []]),
            clientInfo: pick<unknown>([{ name: "f", version: "1" }, null, "x"]),
          },
        };
      case 6: {
        const depth = 200 + int(2000);
        return JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);
      }
      case 7:
        return {
          context: pick<unknown>([{ page: junk(4), source: "md-route" }, null, 5]),
          payload: pick<unknown>([
            { task: junk(5), outcome: "worked", confidence: pick([2, -1, "x", 0.5]) },
            [],
            "x",
            null,
            { ["__proto__"]: { polluted: true } },
          ]),
        };
      case 8:
        return pick<unknown>([null, 0, "", [], {}, true]);
      default:
        return call(pick(TOOLS), pick<unknown>([{}, null, [], "x", { path: pick(TRAVERSAL) }]));
    }
  };

  const body = (): { bytes: Uint8Array; contentType: string } => {
    const encoder = new TextEncoder();
    switch (int(6)) {
      case 0:
        return { bytes: encoder.encode(JSON.stringify(rpc()).slice(0, 1 + int(40))), contentType: "application/json" };
      case 1:
        return { bytes: new Uint8Array(cap + 1 + int(cap)).fill(0x7b), contentType: "application/json" };
      case 2:
        return {
          bytes: Uint8Array.from({ length: 1 + int(400) }, () => int(256)),
          contentType: pick(["application/json", "application/octet-stream", "", junk(3)]),
        };
      case 3:
        return { bytes: encoder.encode(junk(1 + int(50))), contentType: "application/json; charset=utf-16" };
      default:
        return {
          bytes: encoder.encode(JSON.stringify(rpc())),
          contentType: pick([
            "application/json",
            "application/json; charset=utf-8",
            "text/plain",
            "application/json;;",
          ]),
        };
    }
  };

  const cases: FuzzCase[] = [];
  for (let index = 0; index < count; index++) {
    const method = options.raw && chance(0.06) ? pick(RAW_METHODS) : pick(METHODS);
    const headers: [string, string][] = [];
    if (chance(0.4)) headers.push(["accept", pick(ACCEPTS)]);
    if (chance(0.25)) headers.push(["origin", pick(ORIGINS)]);
    if (options.raw && chance(0.15)) headers.push(["host", pick(HOSTS)]);
    if (chance(0.2))
      headers.push([
        "accept-encoding",
        pick(["gzip", "br", "br;q=junk", "*", "identity;q=0", "gzip, br, zstd", junk(4)]),
      ]);
    if (chance(0.1)) headers.push(["if-none-match", pick(['"x"', "*", 'W/"', junk(6), '"'.repeat(400)])]);
    if (chance(0.1)) headers.push(["signature-agent", pick(['"https://agent.example"', "", junk(3)])]);
    if (chance(0.15)) headers.push(["mcp-protocol-version", pick(["2025-11-25", "2026-07-28", "", junk(3)])]);
    if (chance(0.1)) headers.push(["mcp-session-id", junk(5)]);
    if (chance(0.05)) headers.push([`x-${"h".repeat(1 + int(50))}`, "v".repeat(int(6000))]);
    let target = `${path()}${query()}`;
    const fuzzCase: FuzzCase = { index, method, target, headers };
    if (method !== "GET" && method !== "HEAD" && chance(0.85)) {
      const { bytes, contentType } = body();
      fuzzCase.body = bytes;
      if (contentType) headers.push(["content-type", contentType]);
      if (options.raw) {
        fuzzCase.truncate = chance(0.1);
        fuzzCase.chunked = !fuzzCase.truncate && chance(0.2);
      }
      // Bodies go where they are read: MCP and feedback routes.
      if (chance(0.7))
        fuzzCase.target =
          target = `${pick(["/mcp", "/api/docs/mcp", "/.well-known/mcp", "/api/docs/agent/feedback", "/api/docs?feedback=agent", "/api/docs"])}${chance(0.1) ? query() : ""}`;
    }
    cases.push(fuzzCase);
  }
  return cases;
}

/** A case as a Fetch `Request` on `origin`, or null for what only a raw socket can send. */
export function toFetchRequest(fuzzCase: FuzzCase, origin: string): Request | null {
  let url: URL;
  try {
    url = new URL(fuzzCase.target, origin);
  } catch {
    return null;
  }
  const headers = new Headers();
  for (const [name, value] of fuzzCase.headers) {
    try {
      headers.append(name, value);
    } catch {
      // Values the Fetch API refuses (control characters) only travel over raw sockets.
    }
  }
  try {
    return new Request(url, {
      method: fuzzCase.method,
      headers,
      body:
        fuzzCase.body && fuzzCase.method !== "GET" && fuzzCase.method !== "HEAD"
          ? (fuzzCase.body as BodyInit)
          : undefined,
    });
  } catch {
    return null;
  }
}

/** The bytes of a case on the wire: request line, headers, framing and body (possibly cut short). */
export function toWire(fuzzCase: FuzzCase, host: string): Uint8Array {
  const lines = [`${fuzzCase.method} ${fuzzCase.target.replace(/[\r\n ]/g, (c) => encodeURIComponent(c))} HTTP/1.1`];
  if (!fuzzCase.headers.some(([name]) => name === "host")) lines.push(`Host: ${host}`);
  for (const [name, value] of fuzzCase.headers) lines.push(`${name}: ${value.replace(/[\r\n]/g, " ")}`);
  lines.push("Connection: close");
  const body = fuzzCase.body;
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  if (body && fuzzCase.chunked) {
    lines.push("Transfer-Encoding: chunked");
    parts.push(encoder.encode(`${body.byteLength.toString(16)}\r\n`), body, encoder.encode("\r\n0\r\n\r\n"));
  } else if (body) {
    lines.push(`Content-Length: ${body.byteLength}`);
    parts.push(fuzzCase.truncate ? body.slice(0, Math.floor(body.byteLength / 2)) : body);
  }
  const head = encoder.encode(`${lines.join("\r\n")}\r\n\r\n`);
  const out = new Uint8Array(head.byteLength + parts.reduce((n, p) => n + p.byteLength, 0));
  out.set(head, 0);
  let offset = head.byteLength;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** What no answer may contain: internals of the server or files from outside the build. */
export const LEAK = /root:x?:0:0|\n\s+at [^\n]*:\d+:\d+|node:internal|\.ts:\d+:\d+|ENAMETOOLONG|ENOENT|\[extensions\]/;

/** 5xx other than the deliberate 501/502/503 means the runtime failed on input it should have refused. */
export function isServerFault(status: number): boolean {
  return status >= 500 && status !== 501 && status !== 502 && status !== 503;
}
