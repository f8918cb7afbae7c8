/**
 * Ask AI chat, `POST /api/docs` (SPEC 4.1, 2.18): retrieve `ai.maxResults` pages of the agent projection, build the
 * grounded prompt, call the OpenAI-compatible API, stream the answer with its cited sources.
 *
 * Checks, in order: served by this build (404), JSON content type (415), body cap (413, before any callback),
 * Origin policy as for MCP (403), body and conversation (400/413), a key (503). Then retrieval (502 when a
 * configured provider fails, as for search) and the model call (429/502/504 before the first byte, an `error`
 * event after it). runtime/README.md lists every code.
 */
import { readBodyCapped } from "../http/body.ts";
import { errorResponse } from "../http/responses.ts";
import { asProviderError, logProviderFailure, SearchProviderError } from "../search/providers/index.ts";
import { isOriginAllowed } from "../security/origin.ts";
import { collectAnswer, modelErrorResponse, streamAnswer } from "../ask-ai/answer-response.ts";
import { parseChatRequest } from "../ask-ai/chat-request.ts";
import { callModel, ModelCallError } from "../ask-ai/completions.ts";
import { buildModelMessages } from "../ask-ai/prompt.ts";
import { followUpQuestions } from "../ask-ai/follow-ups.ts";
import { createSimpleProvider } from "../search/providers/simple.ts";
import { SEARCH_FALLBACK_HEADER } from "./search.ts";
import { retrievalProvider, retrievalQueries, retrieveSources, type RetrievedSource } from "../ask-ai/retrieve.ts";
import { startAskAiRun } from "../ask-ai/run-events.ts";
import type { RouteContext } from "./context.ts";

/** Refusals shared by the chat and the actions route: not served, not JSON, too large, not readable, wrong origin. */
export async function readAskAiBody(context: RouteContext): Promise<{ body: unknown } | Response> {
  const { settings } = context.site.data;
  if (settings.staticExport)
    return errorResponse(404, "ask_ai_unavailable", "Ask AI needs the docs runtime; this build is a static export.");
  if (!settings.ai?.enabled || context.config.ai.switchedOff) {
    return errorResponse(
      404,
      "ask_ai_disabled",
      "Ask AI is turned off for this site (set ai.enabled: true in docs.config and rebuild).",
    );
  }
  const type = (context.request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json")
    return errorResponse(
      415,
      "unsupported_media_type",
      "Send the conversation as JSON with `content-type: application/json`.",
    );
  const { security } = context.config;
  const read = await readBodyCapped(context.request, security.maxBodyBytes);
  if (!read.ok) {
    return read.reason === "too_large"
      ? errorResponse(413, "payload_too_large", `Request body larger than ${security.maxBodyBytes} bytes.`)
      : errorResponse(400, "unreadable_body", "The request body could not be read.");
  }
  const origin = context.request.headers.get("origin");
  if (
    origin !== null &&
    !(await isOriginAllowed(origin, security.allowedOrigins, {
      request: context.request,
      pathname: context.url.pathname,
    }))
  ) {
    return errorResponse(403, "origin_not_allowed", "This origin may not use Ask AI (mcp.security.allowedOrigins).");
  }
  try {
    return { body: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(read.bytes)) };
  } catch {
    return errorResponse(400, "invalid_json", "The body is not UTF-8 JSON.");
  }
}

export async function askAiMode(context: RouteContext): Promise<Response> {
  const read = await readAskAiBody(context);
  if (read instanceof Response) return read;
  const chat = parseChatRequest(read.body);
  if ("code" in chat) return errorResponse(chat.status, chat.code, chat.message);
  const { ai, search } = context.config;
  if (!ai.apiKey) {
    return errorResponse(
      503,
      "ai_not_configured",
      "Ask AI has no API key: set ai.apiKey in the runtime config or DOCS_AI_API_KEY in the server's environment.",
    );
  }
  const { data } = context.site;
  const question = chat.messages[chat.messages.length - 1].content;
  const run = startAskAiRun(context.events, { stream: chat.stream, messageCount: chat.messages.length, question });
  const fail = (response: Response, error: string, sourceCount = 0) => {
    run.end({ status: response.status, ok: false, error, sourceCount, model: ai.model });
    return response;
  };

  const provider = retrievalProvider(ai, search, data, context.url);
  const queries = retrievalQueries(chat.messages);
  const locale = context.url.searchParams.get("lang") ?? context.url.searchParams.get("locale");
  const retrievalStarted = performance.now();
  let sources: RetrievedSource[];
  const fallbackHeaders: Record<string, string> = {};
  try {
    sources = await retrieveSources(provider, queries, {
      maxResults: ai.maxResults,
      locale,
      origin: context.url.origin,
      signal: context.request.signal,
    });
  } catch (error) {
    run.retrieval({
      tool: "search_docs",
      provider: provider.name,
      ok: false,
      resultCount: 0,
      durationMs: performance.now() - retrievalStarted,
      query: queries[0],
    });
    // As for public search (routes/search.ts): a broken build is our own failure; a configured provider that fails
    // hands over to the built-in agent index and says so, unless `searchTransport: { fallback: false }` → 502.
    if (provider.name === "simple" && !(error instanceof SearchProviderError)) throw error;
    const failure = asProviderError(provider.name, error);
    logProviderFailure(failure, [...search.secrets, ...ai.secrets]);
    if (!search.transport.fallback) {
      return fail(
        errorResponse(
          502,
          "search_provider_failed",
          `${failure.message} Ask AI could not look up the docs; try again later.`,
        ),
        "search_provider_failed",
      );
    }
    const builtIn = createSimpleProvider(data, "agent");
    sources = await retrieveSources(builtIn, queries, {
      maxResults: ai.maxResults,
      locale,
      origin: context.url.origin,
      signal: context.request.signal,
    });
    fallbackHeaders[SEARCH_FALLBACK_HEADER] = `${provider.name}; reason=${failure.reason}`;
    context.events.analytics("search_fallback", {
      from: provider.name,
      reason: failure.reason,
      provider: builtIn.name,
    });
  }
  run.retrieval({
    tool: "search_docs",
    provider: provider.name,
    ok: true,
    resultCount: sources.length,
    durationMs: performance.now() - retrievalStarted,
    query: queries[0],
  });

  const messages = buildModelMessages({
    site: {
      title: data.settings.title,
      packageName: ai.packageName ?? data.settings.ai?.packageName ?? null,
      docsUrl: ai.docsUrl ?? data.settings.baseUrl,
    },
    systemPrompt: ai.systemPrompt,
    sources,
    conversation: chat.messages,
    page: chat.page,
  });
  const modelStarted = performance.now();
  let answer;
  try {
    answer = await callModel({
      baseUrl: ai.baseUrl,
      apiKey: ai.apiKey,
      model: ai.model,
      messages,
      transport: ai.transport,
      signal: context.request.signal,
    });
  } catch (error) {
    const failure =
      error instanceof ModelCallError
        ? error
        : new ModelCallError("ai_upstream_failed", 502, "The model API call failed.");
    run.modelCall({
      model: ai.model,
      ok: false,
      upstreamStatus: failure.upstreamStatus,
      durationMs: performance.now() - modelStarted,
      error: failure.code,
    });
    console.error(
      `[quire] Ask AI model call failed (${failure.code}${failure.upstreamStatus ? `, HTTP ${failure.upstreamStatus}` : ""})`,
    );
    return fail(modelErrorResponse(failure), failure.code, sources.length);
  }

  const answerId = run.traceId || crypto.randomUUID();
  const answerContext = {
    answer,
    sources,
    model: ai.model,
    answerId,
    headers: fallbackHeaders,
    followUps: followUpQuestions(question, sources, (url) =>
      context.site.pageByRoute.get(new URL(url, context.url).pathname),
    ),
    onEnd(outcome: { ok: boolean; status: number; error?: string; upstreamStatus: number }) {
      run.modelCall({
        model: ai.model,
        ok: outcome.ok,
        upstreamStatus: outcome.upstreamStatus,
        durationMs: performance.now() - modelStarted,
        usage: answer.finish.usage,
        finishReason: answer.finish.reason,
        ...(outcome.error ? { error: outcome.error } : {}),
      });
      if (outcome.error && outcome.error !== "client_closed")
        console.error(`[quire] Ask AI answer failed (${outcome.error})`);
      run.end({
        status: outcome.status,
        ok: outcome.ok,
        error: outcome.error,
        sourceCount: sources.length,
        model: ai.model,
      });
    },
  };
  return chat.stream ? streamAnswer(answerContext) : collectAnswer(answerContext);
}
