/**
 * The Web `Request` of an h3 event without importing h3: h3 2 events carry it as `event.req`; h3 1 events carry the
 * Node request (`event.node.req`), converted by the Node adapter's own bridge (a request that cannot become a Web
 * Request gets that bridge's error Response).
 */
import type { IncomingMessage } from "node:http";
import { toWebRequest } from "../../adapters/node-bridge.ts";

export interface H3LikeEvent {
  req?: unknown;
  node?: { req: IncomingMessage };
}

export function eventRequest(event: H3LikeEvent): Request | Response {
  if (event.req instanceof Request) return event.req;
  const req = event.node?.req;
  if (!req) throw new Error("defineDocsHandler: not an h3 event (no event.req Request and no event.node.req)");
  return toWebRequest(req, "localhost");
}
