/**
 * The Node server behind `docs serve`: the docs handler first (API, MCP, discovery, negotiated pages), the
 * built `dist/` as static files otherwise. Bound to loopback by default; then the MCP routes accept only loopback
 * Host headers (DNS-rebinding protection) unless `allowedHosts` says more. Text answers are compressed by
 * `Accept-Encoding`; no request can throw out of the listener: an unexpected failure is a logged 500 for that request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { DocsRuntimeConfig } from "../config.ts";
import { createDocsHandler } from "../handler.ts";
import { createNodeOgImageRenderer } from "../og/node-wasm.ts";
import type { FeedbackValidator } from "../routes/context.ts";
import { LOOPBACK_HOSTS } from "../security/origin.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { readWebRequest, sendWebResponse } from "./node-bridge.ts";
import { compressResponse } from "./node-compress.ts";
import { createStaticFiles } from "./node-static.ts";

export interface NodeServerOptions {
  /** The built output folder. */
  dist: string;
  config?: DocsRuntimeConfig;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Extra Host names the MCP routes accept when bound to loopback (a reverse proxy's public name). */
  allowedHosts?: string[];
  /**
   * Sees every request before the docs handler and may answer it or change what `next` returns (`docs dev`: live
   * reload events, the dev client script in HTML responses). Unset in `docs serve`.
   */
  intercept?: (request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>;
  /** Environment for the Ask AI key (`DOCS_AI_API_KEY`, `OPENAI_API_KEY`); default `process.env`. */
  env?: Record<string, string | undefined>;
}

export interface RunningServer {
  server: Server;
  /** `http://host:port` */
  origin: string;
  close(): Promise<void>;
  /** Reads the build in `dist` again, optionally with a new config (`docs dev` after each rebuild). */
  reload(config?: DocsRuntimeConfig): Promise<void>;
}

export async function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const dist = path.resolve(options.dist);
  const host = options.host ?? "127.0.0.1";
  let config = options.config;
  let generation = 0;
  // One renderer for the server's life: its WebAssembly is compiled on the first dynamic Open Graph request.
  const renderOgImage = createNodeOgImageRenderer();
  // The handler caches what it read from the build; a rebuilt dist/ gets a new handler (and validator module).
  const createHandler = async () =>
    createDocsHandler({
      store: createDirectoryStore(dist),
      config,
      validateFeedback: await loadFeedbackValidator(dist, generation++),
      fallback: createStaticFiles(dist),
      allowedHosts: isLoopback(host) ? [...LOOPBACK_HOSTS, ...(options.allowedHosts ?? [])] : options.allowedHosts,
      env: options.env ?? process.env,
      renderOgImage,
    });
  let handler = await createHandler();
  const server = createServer((req, res) => {
    void answer(req, res).catch((error: unknown) => {
      // Whatever failed, it fails this request only: logged for the operator, a bare 500 for the client.
      console.error("[quire] request failed:", error);
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
        res.end(
          JSON.stringify({
            error: { code: "internal_error", message: "The docs runtime failed to answer this request." },
          }),
        );
      } else {
        res.destroy();
      }
    });
  });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const aborted = new AbortController();
    // The client went away before the answer was complete (after a complete one there is nothing to cancel).
    res.once("close", () => {
      if (!res.writableFinished) aborted.abort();
    });
    // HTTP/1.0 clients may omit Host; the bound address stands in for it.
    const request = await readWebRequest(req, `${host}:${(server.address() as AddressInfo).port}`, aborted.signal);
    const response =
      request instanceof Response
        ? request
        : options.intercept
          ? await options.intercept(request, (forwarded) => handler(forwarded))
          : await handler(request);
    const method = (req.method ?? "GET").toUpperCase();
    const { response: encoded, encoding } = compressResponse(response, {
      method,
      acceptEncoding: req.headers["accept-encoding"] ?? null,
    });
    await sendWebResponse(res, encoded, encoding);
  };
  // CONNECT never reaches the request listener; answer it rather than leave the socket hanging.
  server.on("connect", (_req, socket: Duplex) => {
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, OPTIONS, DELETE\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 3000, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    async reload(next) {
      if (next !== undefined) config = next;
      handler = await createHandler();
    },
  };
}

/** The build's compiled ajv validator (standalone ESM); absent in builds older than the runtime bundle. */
export async function loadFeedbackValidator(dist: string, generation = 0): Promise<FeedbackValidator | undefined> {
  try {
    // A query per generation: the module cache would otherwise keep the first build's validator after a rebuild.
    const url =
      pathToFileURL(path.join(dist, "_docs", "feedback-validator.mjs")).href +
      (generation > 0 ? `?generation=${generation}` : "");
    const module = await import(url);
    return typeof module.default === "function" ? (module.default as FeedbackValidator) : undefined;
  } catch {
    return undefined;
  }
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}
