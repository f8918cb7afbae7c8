/**
 * The answer as the reader receives it (SPEC 4.1, 2.18). Streaming: `text/event-stream` with `delta` events
 * (`{text}`), then `sources` (`{sources: [{id, url, title, section}]}`), then `followups` (`{questions}`, see
 * follow-ups.ts), then `done` (`{id, model, finishReason, usage}`); a failure after the first byte is one `error`
 * event (`{code, message}`) and the stream closes — never a hung connection. Non-streaming (`"stream": false`): one
 * JSON object `{id, answer, sources, followUps, model, finishReason, usage}`, or the usual error body.
 */
import { errorResponse, jsonResponse } from "../http/responses.ts";
import { ModelCallError, type ModelAnswer } from "./completions.ts";
import type { RetrievedSource } from "./retrieve.ts";

export interface AnswerOutcome {
  ok: boolean;
  /** The status the reader got (200 for a stream, whatever happened inside it). */
  status: number;
  error?: string;
  upstreamStatus: number;
  answerLength: number;
}

export interface AnswerContext {
  answer: ModelAnswer;
  sources: RetrievedSource[];
  model: string;
  answerId: string;
  /** Questions offered after the answer (follow-ups.ts). */
  followUps: string[];
  /** Extra response headers (`X-Docs-Search-Fallback` when retrieval fell back to the built-in index). */
  headers?: Record<string, string>;
  /** Called once when the answer ended, failed or the reader left. */
  onEnd(outcome: AnswerOutcome): void;
}

const encoder = new TextEncoder();
const sse = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
const citations = (sources: RetrievedSource[]) =>
  sources.map(({ id, url, title, section }) => ({ id, url, title, section }));

export function streamAnswer(context: AnswerContext): Response {
  const { answer } = context;
  const pieces = answer.text();
  let length = 0;
  let ended = false;
  const end = (outcome: Omit<AnswerOutcome, "upstreamStatus" | "answerLength" | "status">) => {
    if (ended) return;
    ended = true;
    context.onEnd({ ...outcome, status: 200, upstreamStatus: answer.upstreamStatus, answerLength: length });
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const next = await pieces.next();
          if (next.done) break;
          if (!next.value) continue;
          length += next.value.length;
          controller.enqueue(sse("delta", { text: next.value }));
          return;
        }
        controller.enqueue(sse("sources", { sources: citations(context.sources) }));
        controller.enqueue(sse("followups", { questions: context.followUps }));
        controller.enqueue(
          sse("done", {
            id: context.answerId,
            model: context.model,
            finishReason: answer.finish.reason,
            usage: answer.finish.usage,
          }),
        );
        controller.close();
        end({ ok: true });
      } catch (error) {
        // The reader already left (cancel ran first): nothing to tell, the stream is gone.
        if (ended) return;
        const failure = asModelError(error);
        controller.enqueue(sse("error", { code: failure.code, message: failure.message }));
        controller.close();
        end({ ok: false, error: failure.code });
      }
    },
    async cancel() {
      end({ ok: false, error: "client_closed" });
      await pieces.return(undefined).catch(() => {});
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
      ...context.headers,
    },
  });
}

export async function collectAnswer(context: AnswerContext): Promise<Response> {
  const { answer } = context;
  let text = "";
  try {
    for await (const piece of answer.text()) text += piece;
  } catch (error) {
    const failure = asModelError(error);
    context.onEnd({
      ok: false,
      status: failure.status,
      error: failure.code,
      upstreamStatus: answer.upstreamStatus,
      answerLength: text.length,
    });
    return modelErrorResponse(failure);
  }
  context.onEnd({ ok: true, status: 200, upstreamStatus: answer.upstreamStatus, answerLength: text.length });
  return jsonResponse(
    {
      id: context.answerId,
      answer: text,
      sources: citations(context.sources),
      followUps: context.followUps,
      model: context.model,
      finishReason: answer.finish.reason,
      usage: answer.finish.usage,
    },
    200,
    { "cache-control": "no-store", ...context.headers },
  );
}

export function modelErrorResponse(failure: ModelCallError): Response {
  return errorResponse(
    failure.status,
    failure.code,
    failure.message,
    failure.retryAfter ? { "retry-after": failure.retryAfter } : {},
  );
}

export function asModelError(error: unknown): ModelCallError {
  if (error instanceof ModelCallError) return error;
  console.error("[quire] Ask AI answer failed:", error instanceof Error ? error.message : String(error));
  return new ModelCallError("ai_upstream_failed", 502, "The answer could not be completed.");
}
