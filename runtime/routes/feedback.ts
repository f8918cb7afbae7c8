/**
 * Agent feedback (SPEC 2.8, 4.5): the payload schema (GET) and submissions (POST `{context?, payload}`), at
 * `feedback.agent.route` / `schemaRoute` and in the shared API (`/api/docs?feedback=agent[&schema=1]`).
 * The payload is checked by the validator compiled at build time (no code generation here). Feedback goes only
 * to `feedback.agent.onFeedback` and the analytics stream, never into search or Ask AI context.
 */
import { FEEDBACK_VALIDATOR_FILE, runtimeFile } from "../contract/index.ts";
import type { DocsAgentFeedbackContext } from "../config.ts";
import { readBodyCapped } from "../http/body.ts";
import { errorResponse, jsonResponse, methodNotAllowed } from "../http/responses.ts";
import { isRead, type RouteContext } from "./context.ts";
import { serveStoreFile } from "./store-file.ts";

const CONTEXT_STRINGS = ["page", "url", "slug", "locale", "source"];

/** The custom routes; `/api/docs?feedback=agent` is dispatched by the docs API route. */
export async function feedbackRoute(context: RouteContext): Promise<Response | null> {
  const { route, schemaRoute } = context.site.data.settings.feedback.agent;
  const { pathname } = context.url;
  if (pathname === schemaRoute) return isRead(context) ? feedbackSchema(context) : methodNotAllowed(["GET", "HEAD"]);
  if (pathname === route) return context.method === "POST" ? submitFeedback(context) : methodNotAllowed(["POST"]);
  return null;
}

export async function feedbackSchema(context: RouteContext): Promise<Response> {
  const unavailable = feedbackUnavailable(context);
  if (unavailable) return unavailable;
  const response = await serveStoreFile(context, runtimeFile("feedback-schema.json"), {
    publicPath: context.site.data.settings.feedback.agent.schemaRoute,
    headers: { "content-type": "application/schema+json", "cache-control": "public, max-age=0, s-maxage=3600" },
  });
  return (
    response ??
    errorResponse(
      404,
      "feedback_unavailable",
      `This build has no feedback schema (${runtimeFile("feedback-schema.json")}); rebuild with \`docs build\`.`,
    )
  );
}

export async function submitFeedback(context: RouteContext): Promise<Response> {
  const unavailable = feedbackUnavailable(context);
  if (unavailable) return unavailable;
  const type = (context.request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !/^application\/[\w.+-]+\+json$/.test(type)) {
    return errorResponse(
      415,
      "unsupported_media_type",
      "Send the feedback as JSON with `content-type: application/json`.",
    );
  }
  const body = await readBodyCapped(context.request, context.config.security.maxBodyBytes);
  if (!body.ok) {
    return body.reason === "too_large"
      ? errorResponse(
          413,
          "payload_too_large",
          `The request body is larger than ${context.config.security.maxBodyBytes} bytes.`,
        )
      : errorResponse(400, "unreadable_body", "The request body could not be read.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body.bytes));
  } catch {
    return errorResponse(400, "invalid_json", "The body is not valid UTF-8 JSON.");
  }
  if (!isObject(parsed) || !isObject(parsed.payload)) {
    return errorResponse(
      400,
      "invalid_body",
      "The body must be an object `{ context?, payload }` whose payload is an object; fetch the schema first.",
    );
  }
  if (
    parsed.context !== undefined &&
    (!isObject(parsed.context) ||
      CONTEXT_STRINGS.some(
        (key) =>
          isObject(parsed.context) && parsed.context[key] !== undefined && typeof parsed.context[key] !== "string",
      ))
  ) {
    return errorResponse(
      400,
      "invalid_context",
      `context must be an object whose ${CONTEXT_STRINGS.join(", ")} fields are strings.`,
    );
  }
  const validate = context.validateFeedback;
  if (!validate) {
    return errorResponse(
      503,
      "feedback_validator_missing",
      `The server was started without the build's feedback validator (${FEEDBACK_VALIDATOR_FILE}), so submissions cannot be checked.`,
    );
  }
  if (!validate(parsed.payload)) {
    return errorResponse(
      400,
      "invalid_payload",
      "The payload does not match the feedback schema.",
      {},
      validate.errors ?? [],
    );
  }

  const feedbackContext = (parsed.context ?? {}) as DocsAgentFeedbackContext;
  const payload = parsed.payload;
  const onFeedback = context.config.onAgentFeedback;
  if (onFeedback) {
    try {
      await onFeedback({
        payload,
        context: feedbackContext,
        route: context.url.pathname,
        receivedAt: new Date().toISOString(),
      });
    } catch {
      return errorResponse(
        500,
        "feedback_handler_failed",
        "The site's feedback handler failed; the submission was valid. Try again later.",
      );
    }
  }
  context.events.analytics(
    "agent_feedback",
    {
      route: context.url.pathname,
      source: feedbackContext.source ?? null,
      page: feedbackContext.page ?? null,
      handled: Boolean(onFeedback),
    },
    { payload, context: feedbackContext },
  );
  return jsonResponse({ ok: true, handled: Boolean(onFeedback) });
}

function feedbackUnavailable(context: RouteContext): Response | null {
  const { settings } = context.site.data;
  if (!settings.feedback.agent.enabled)
    return errorResponse(
      404,
      "feedback_disabled",
      "Agent feedback is turned off for this site (feedback.agent is false).",
    );
  if (settings.staticExport)
    return errorResponse(
      404,
      "feedback_unavailable",
      "Agent feedback needs the docs runtime; this build is a static export.",
    );
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
