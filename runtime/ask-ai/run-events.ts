/**
 * Events of one Ask AI run (SPEC 6): observability `run.start`, `tool.result` (retrieval), `model.call` and
 * `run.end`, all with one `traceId` and `durationMs`; analytics `api_ai_request` once per run, with the question
 * only under `analytics.includeInputs`. No event carries the key, a header or an upstream body.
 */
import { newTraceId, type RuntimeEvents } from "../events.ts";
import type { Usage } from "./completions.ts";

export interface AskAiRunEvents {
  readonly traceId: string;
  retrieval(result: {
    tool: string;
    provider: string;
    ok: boolean;
    resultCount: number;
    durationMs: number;
    query: string;
  }): void;
  modelCall(result: {
    model: string;
    ok: boolean;
    upstreamStatus?: number;
    durationMs: number;
    usage?: Usage | null;
    finishReason?: string | null;
    error?: string;
  }): void;
  /** Ends the run once (later calls are ignored): `run.end` and `api_ai_request`. */
  end(result: { status: number; ok: boolean; error?: string; sourceCount: number; model: string }): void;
}

export function startAskAiRun(
  events: RuntimeEvents,
  run: { stream: boolean; messageCount: number; question: string },
): AskAiRunEvents {
  const started = performance.now();
  const traceId = events.tracingEnabled || events.analyticsEnabled ? newTraceId() : "";
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  if (events.tracingEnabled) {
    events.trace(
      { type: "run.start", traceId, durationMs: 0, name: "ask-ai", stream: run.stream, messageCount: run.messageCount },
      { question: run.question },
    );
  }
  let ended = false;
  return {
    traceId,
    retrieval({ query, ...result }) {
      if (events.tracingEnabled) events.trace({ type: "tool.result", traceId, name: "ask-ai", ...result }, { query });
    },
    modelCall(result) {
      if (events.tracingEnabled) events.trace({ type: "model.call", traceId, name: "ask-ai", ...result });
    },
    end(result) {
      if (ended) return;
      ended = true;
      const durationMs = elapsed();
      if (events.tracingEnabled)
        events.trace({
          type: "run.end",
          traceId,
          durationMs,
          name: "ask-ai",
          status: result.status,
          ok: result.ok,
          ...(result.error ? { error: result.error } : {}),
        });
      events.analytics(
        "api_ai_request",
        {
          traceId,
          stream: run.stream,
          messageCount: run.messageCount,
          sourceCount: result.sourceCount,
          model: result.model,
          status: result.status,
          ok: result.ok,
          durationMs,
          ...(result.error ? { error: result.error } : {}),
        },
        { question: run.question },
      );
    },
  };
}
