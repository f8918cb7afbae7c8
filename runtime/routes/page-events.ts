/**
 * What the page's scripts report (issue 13; SPEC 2.8 human feedback, 2.17 `onCopyClick`, 2.19 page actions, 6.1):
 * `GET /api/docs/events` says which reports the runtime takes; `POST` takes one `{ type, route, … }`:
 *
 * - `page_view`: analytics `page_view { path, route, locale }`.
 * - `page_action { action: copy_page | open_docs, detail? }`: analytics `page_action` (the format or provider id).
 * - `code_copy { content, language?, title? }`: `onCopyClick(CodeBlockCopyData)`, analytics `code_copy` (the copied
 *   text only under `includeInputs`).
 * - `feedback { value: positive | negative, comment? }`: `feedback.onFeedback(DocsFeedbackData)`, analytics
 *   `feedback` (the comment only under `includeInputs`).
 *
 * `route` must be a page of this build. A supplied Origin must pass `mcp.security.allowedOrigins` (same-origin by
 * default: no cross-site votes). Search is not reported here: the runtime's search route emits `search` itself.
 */
import type { CodeBlockCopyData, DocsFeedbackData } from "../contract/config-callbacks.ts";
import {
  PAGE_ACTIONS,
  PAGE_EVENT_TYPES,
  PAGE_EVENTS_ROUTE,
  type PageEntry,
  type PageEventsCapabilities,
  type PageEventType,
} from "../contract/index.ts";
import { readBodyCapped } from "../http/body.ts";
import { errorResponse, jsonResponse, methodNotAllowed } from "../http/responses.ts";
import { isOriginAllowed } from "../security/origin.ts";
import { isRead, type RouteContext } from "./context.ts";

const MAX_COMMENT = 4000;
const MAX_LABEL = 200;
const NO_STORE = { "cache-control": "no-store" };

export async function pageEventsRoute(context: RouteContext): Promise<Response | null> {
  if (context.url.pathname !== PAGE_EVENTS_ROUTE) return null;
  if (context.site.data.settings.staticExport)
    return errorResponse(404, "events_unavailable", "This build is a static export; the page reports nothing.");
  if (isRead(context)) return jsonResponse(pageEventsCapabilities(context), 200, NO_STORE);
  if (context.method !== "POST") return methodNotAllowed(["GET", "HEAD", "POST"]);
  return receivePageEvent(context);
}

export function pageEventsCapabilities(context: RouteContext): PageEventsCapabilities {
  const { config, events } = context;
  return {
    analytics: events.analyticsEnabled,
    feedback: config.humanFeedback !== null,
    requireComment: config.humanFeedback?.requireComment ?? false,
    codeCopy: events.analyticsEnabled || config.onCopyClick !== undefined,
  };
}

async function receivePageEvent(context: RouteContext): Promise<Response> {
  // The same origin policy as Ask AI: this site's own pages, or what `mcp.security.allowedOrigins` lists (a site
  // behind a proxy whose public origin differs from the request URL the handler sees).
  const origin = context.request.headers.get("origin");
  const request = { request: context.request, pathname: context.url.pathname };
  if (origin !== null && !(await isOriginAllowed(origin, context.config.security.allowedOrigins, request)))
    return errorResponse(403, "origin_not_allowed", "Page events are accepted from this site's own pages only.");
  const body = await readJsonBody(context);
  if (body instanceof Response) return body;
  const type = body.type as PageEventType;
  if (!PAGE_EVENT_TYPES.includes(type))
    return errorResponse(400, "invalid_event", `"type" must be one of ${PAGE_EVENT_TYPES.join(", ")}.`);
  const page = typeof body.route === "string" ? context.site.pageByRoute.get(body.route) : undefined;
  if (!page) return errorResponse(400, "unknown_page", '"route" must be the route of a page of this site.');
  if (type === "feedback") return receiveFeedback(context, body, page);
  if (type === "code_copy") return receiveCodeCopy(context, body, page);
  if (type === "page_action") {
    const detail = optionalString(body.detail, MAX_LABEL);
    if (!(PAGE_ACTIONS as readonly unknown[]).includes(body.action) || detail === false)
      return errorResponse(400, "invalid_event", `"action" must be one of ${PAGE_ACTIONS.join(", ")}.`);
    context.events.analytics("page_action", { ...pageProperties(page), action: body.action, detail: detail ?? null });
  } else {
    context.events.analytics("page_view", pageProperties(page));
  }
  return accepted(false);
}

async function receiveCodeCopy(context: RouteContext, body: Record<string, unknown>, page: PageEntry) {
  const language = optionalString(body.language, MAX_LABEL);
  const title = optionalString(body.title, MAX_LABEL);
  if (typeof body.content !== "string" || language === false || title === false)
    return errorResponse(400, "invalid_event", '"content" must be a string; "language" and "title" short strings.');
  const data: CodeBlockCopyData = {
    content: body.content,
    url: new URL(page.route, context.url).href,
    ...(title && { title }),
    ...(language && { language }),
  };
  const handled = await runCallback(context.config.onCopyClick, data, "onCopyClick");
  if (handled instanceof Response) return handled;
  context.events.analytics(
    "code_copy",
    {
      ...pageProperties(page),
      language: language ?? null,
      title: title ?? null,
      chars: data.content.length,
      handled: handled === true,
    },
    { content: data.content },
  );
  return accepted(handled);
}

async function receiveFeedback(context: RouteContext, body: Record<string, unknown>, page: PageEntry) {
  const settings = context.config.humanFeedback;
  if (!settings) return errorResponse(404, "feedback_disabled", "Page feedback is turned off for this site.");
  const comment = optionalString(body.comment, MAX_COMMENT);
  if ((body.value !== "positive" && body.value !== "negative") || comment === false)
    return errorResponse(
      400,
      "invalid_feedback",
      `"value" must be positive or negative; "comment" a string of at most ${MAX_COMMENT} characters.`,
    );
  if (settings.requireComment && !comment?.trim())
    return errorResponse(400, "comment_required", "This site asks for a comment with each vote (requireComment).");
  const url = new URL(page.route, context.url);
  const data: DocsFeedbackData = {
    value: body.value,
    title: page.title,
    ...(page.description && { description: page.description }),
    url: url.href,
    pathname: url.pathname,
    path: url.pathname,
    entry: context.site.data.settings.entry,
    slug: page.path,
    ...(page.locale && { locale: page.locale }),
    ...(comment?.trim() && { comment: comment.trim() }),
  };
  const handled = await runCallback(settings.onFeedback, data, "feedback.onFeedback");
  if (handled instanceof Response) return handled;
  context.events.analytics(
    "feedback",
    { ...pageProperties(page), value: data.value, hasComment: Boolean(data.comment), handled },
    { comment: data.comment },
  );
  return accepted(handled);
}

/** Runs the site's callback; false when there is none, a 500 when it throws (the report itself was valid). */
async function runCallback<T>(
  callback: ((data: T) => unknown) | undefined,
  data: T,
  name: string,
): Promise<boolean | Response> {
  if (!callback) return false;
  try {
    await callback(data);
    return true;
  } catch (error) {
    console.error(`[quire] ${name} failed:`, error instanceof Error ? error.message : String(error));
    return errorResponse(500, "callback_failed", `The site's ${name} callback failed; try again later.`);
  }
}

async function readJsonBody(context: RouteContext): Promise<Record<string, unknown> | Response> {
  // text/plain too: `navigator.sendBeacon` with a string sends it, and it is what a page sends as it unloads.
  const type = (context.request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && type !== "text/plain")
    return errorResponse(415, "unsupported_media_type", "Send the event as JSON (`content-type: application/json`).");
  const limit = context.config.security.maxBodyBytes;
  const body = await readBodyCapped(context.request, limit);
  if (!body.ok)
    return body.reason === "too_large"
      ? errorResponse(413, "payload_too_large", `The request body is larger than ${limit} bytes.`)
      : errorResponse(400, "unreadable_body", "The request body could not be read.");
  try {
    const parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body.bytes));
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Answered below with the same message as a non-object.
  }
  return errorResponse(400, "invalid_json", "The body must be a JSON object { type, route, … }.");
}

function pageProperties(page: PageEntry): Record<string, unknown> {
  return { path: page.path, route: page.route, locale: page.locale };
}

/** undefined when absent, false when present but not a string of at most `max` characters. */
function optionalString(value: unknown, max: number): string | undefined | false {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" && value.length <= max ? value : false;
}

const accepted = (handled: boolean) => jsonResponse({ ok: true, handled }, 200, NO_STORE);
