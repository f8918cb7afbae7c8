/** What every route handler receives. A route answers with a Response, or null when the URL is not its own. */
import type { ResolvedRuntimeConfig } from "../config.ts";
import type { RuntimeEvents } from "../events.ts";
import type { OgImageRenderer } from "../og/renderer.ts";
import type { ServedSite } from "../served-site.ts";

/** The ajv standalone validator the build writes to `_docs/feedback-validator.mjs` (errors land on `.errors`). */
export interface FeedbackValidator {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

export interface RouteContext {
  request: Request;
  url: URL;
  /** Upper-case method; HEAD is answered as GET and stripped of its body by the handler. */
  method: string;
  site: ServedSite;
  config: ResolvedRuntimeConfig;
  events: RuntimeEvents;
  validateFeedback?: FeedbackValidator;
  /** Host names accepted on the MCP routes (DNS-rebinding guard); empty accepts any. */
  allowedHosts?: string[];
  /** Draws dynamic Open Graph cards (SPEC 4.6); without it the endpoint answers 501. */
  renderOgImage?: OgImageRenderer;
}

export type Route = (context: RouteContext) => Promise<Response | null>;

/** GET and HEAD read the same resource. */
export function isRead(context: RouteContext): boolean {
  return context.method === "GET" || context.method === "HEAD";
}
