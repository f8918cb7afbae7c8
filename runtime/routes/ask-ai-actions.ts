/**
 * The Ask AI feedback row (SPEC 2.18, 6.4): `POST /api/docs?ai=action` with `{ action: "copy" | "like" | "dislike",
 * answerId?, question?, answer?, sources?, page? }` calls `ai.onActions` with that data and `receivedAt`, and emits
 * analytics `api_ai_action` (question and answer only under `includeInputs`). Same refusals as the chat.
 */
import type { DocsAskAIActionData } from "../contract/config-callbacks.ts";
import { errorResponse, jsonResponse } from "../http/responses.ts";
import { readAskAiBody } from "./ask-ai.ts";
import type { RouteContext } from "./context.ts";

const ACTIONS = ["copy", "like", "dislike"] as const;
const MAX_TEXT = 32_000;

export async function askAiAction(context: RouteContext): Promise<Response> {
  const read = await readAskAiBody(context);
  if (read instanceof Response) return read;
  const data = parseAction(read.body);
  if (typeof data === "string") return errorResponse(400, "invalid_body", data);
  const handler = context.config.ai.onActions;
  let handled = false;
  if (handler) {
    try {
      await handler(data);
      handled = true;
    } catch (error) {
      console.error("[quire] ai.onActions failed:", error instanceof Error ? error.message : String(error));
      return errorResponse(500, "ai_actions_handler_failed", "The site's ai.onActions callback failed.");
    }
  }
  context.events.analytics(
    "api_ai_action",
    { action: data.action, answerId: data.answerId ?? null, sourceCount: data.sources.length, handled },
    { question: data.question, answer: data.answer },
  );
  return jsonResponse({ ok: true, handled }, 200, { "cache-control": "no-store" });
}

function parseAction(body: unknown): DocsAskAIActionData | string {
  if (!body || typeof body !== "object" || Array.isArray(body))
    return "The body must be a JSON object { action, answerId?, question?, answer?, sources?, page? }.";
  const value = body as Record<string, unknown>;
  if (!(ACTIONS as readonly unknown[]).includes(value.action)) return `"action" must be one of ${ACTIONS.join(", ")}.`;
  const data: DocsAskAIActionData = {
    action: value.action as DocsAskAIActionData["action"],
    sources: [],
    receivedAt: new Date().toISOString(),
  };
  for (const key of ["answerId", "question", "answer", "page"] as const) {
    const field = value[key];
    if (field === undefined) continue;
    if (typeof field !== "string" || field.length > MAX_TEXT)
      return `"${key}" must be a string of at most ${MAX_TEXT} characters.`;
    data[key] = field;
  }
  if (value.sources !== undefined) {
    if (
      !Array.isArray(value.sources) ||
      value.sources.length > 20 ||
      !value.sources.every((s) => typeof s === "string" && s.length <= 2048)
    ) {
      return '"sources" must be an array of at most 20 URL strings.';
    }
    data.sources = value.sources as string[];
  }
  return data;
}
