/**
 * The docs handler as a Node `(req, res, next?)` listener, for users who mount it in their own `node:http` server or
 * Express/Connect app (issue 18). With `next` (middleware), a URL the docs do not own (the handler's JSON
 * `not_found` or its 404 page) goes on to the app's next middleware, so the app keeps its own pages and 404s; API
 * errors such as `page_not_found` are still sent. Without `next`, every answer is sent. Request and response
 * bodies stream both ways; nothing a client sends can throw out of the listener.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DocsHandler } from "../handler.ts";
import { sendWebResponse, toWebRequest } from "./node-bridge.ts";

export type NodeListener = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

export function createNodeListener(handler: DocsHandler): NodeListener {
  return (req, res, next) => {
    void answer(handler, req, res, next).catch((error: unknown) => {
      if (next) return next(error);
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
  };
}

async function answer(
  handler: DocsHandler,
  req: IncomingMessage,
  res: ServerResponse,
  next: ((error?: unknown) => void) | undefined,
): Promise<void> {
  const aborted = new AbortController();
  // The client went away before the answer was complete (after a complete one there is nothing to cancel).
  res.once("close", () => {
    if (!res.writableFinished) aborted.abort();
  });
  // Express rewrites req.url under a mount path; the docs routes are absolute, so use the original URL.
  const original = (req as IncomingMessage & { originalUrl?: string }).originalUrl;
  if (original) req.url = original;
  const request = toWebRequest(req, req.socket.localAddress ?? "localhost", aborted.signal);
  const response = request instanceof Response ? request : await handler(request);
  if (next && response.status === 404 && (await isPlainNotFound(response))) return next();
  await sendWebResponse(res, response);
}

/** The handler's answer for a URL no docs route owns: the 404 page or JSON `not_found` (not `page_not_found` etc.). */
async function isPlainNotFound(response: Response): Promise<boolean> {
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("text/html")) return true;
  if (!type.includes("application/json")) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === "not_found";
}
