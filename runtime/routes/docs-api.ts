/**
 * The shared docs API route `/api/docs` (SPEC 4.1). One URL, modes chosen by query parameters, checked in this
 * order: `feedback=agent`, `audience=agent&response=changes`, `format=…`, `query=…`.
 */
import { ASK_AI_ACTION_QUERY, DOCS_API_ROUTE } from "../contract/index.ts";
import { errorResponse, methodNotAllowed } from "../http/responses.ts";
import { changesMode } from "./changes.ts";
import { isRead, type RouteContext } from "./context.ts";
import { feedbackSchema, submitFeedback } from "./feedback.ts";
import { formatMode } from "./formats.ts";
import { searchMode } from "./search.ts";
import { askAiMode } from "./ask-ai.ts";
import { askAiAction } from "./ask-ai-actions.ts";

const USAGE =
  "Use query=<text> (search), format=markdown&path=<page>, format=config|diagnostics|agents|skill|openapi, " +
  "audience=agent&response=changes[&since=<generation>], or feedback=agent&schema=1.";

export async function docsApiRoute(context: RouteContext): Promise<Response | null> {
  const { pathname, searchParams } = context.url;
  if (pathname !== DOCS_API_ROUTE && pathname !== `${DOCS_API_ROUTE}/`) return null;
  const feedback = searchParams.get("feedback");

  if (context.method === "POST") {
    if (feedback === "agent") return submitFeedback(context);
    if (feedback !== null) return errorResponse(400, "unknown_feedback", "Only feedback=agent is accepted here.");
    const ai = searchParams.get(ASK_AI_ACTION_QUERY.name);
    if (ai === ASK_AI_ACTION_QUERY.value) return askAiAction(context);
    if (ai !== null)
      return errorResponse(400, "bad_request", "Only ai=action is accepted here (the Ask AI copy/like/dislike row).");
    // SPEC 4.1: a POST without a mode is the Ask AI chat.
    return askAiMode(context);
  }
  if (!isRead(context)) return methodNotAllowed(["GET", "HEAD", "POST"]);

  if (feedback !== null) {
    if (feedback !== "agent") return errorResponse(400, "unknown_feedback", "Only feedback=agent is accepted here.");
    const schema = searchParams.get("schema");
    if (schema === "1" || schema === "true") return feedbackSchema(context);
    return errorResponse(
      400,
      "bad_request",
      "Fetch the payload schema with feedback=agent&schema=1, then POST { context?, payload } to submit.",
    );
  }
  if (searchParams.get("response") === "changes") {
    if (searchParams.get("audience") !== "agent") {
      return errorResponse(
        400,
        "bad_request",
        "The content-changes feed is audience=agent&response=changes[&since=<indexGeneration>].",
      );
    }
    return changesMode(context);
  }
  const format = searchParams.get("format");
  if (format !== null) return formatMode(context, format);
  if (searchParams.has("query")) return searchMode(context);
  return errorResponse(400, "bad_request", USAGE);
}
