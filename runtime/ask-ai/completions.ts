/**
 * The OpenAI-compatible Chat Completions call (SPEC 2.18): `POST {baseUrl}/chat/completions` with
 * `Authorization: Bearer <key>` and `stream: true`, read as Server-Sent Events (`data: {chunk}` lines, `data: [DONE]`
 * at the end, a last chunk with `usage`). A server that answers plain JSON instead is read as one chunk.
 *
 * Every failure becomes a ModelCallError with a status and a message safe for clients: upstream bodies are never
 * passed on (a 401 body may echo part of the key), and the call can never hang — response headers within
 * `timeoutMs`, each next chunk within `idleTimeoutMs`, and the reader's disconnect aborts it.
 */
import type { ModelMessage } from "./prompt.ts";
import type { AiTransport } from "./settings.ts";

export type ModelFailure =
  | "ai_rate_limited"
  | "ai_upstream_rejected"
  | "ai_upstream_failed"
  | "ai_upstream_unreachable"
  | "ai_upstream_timeout"
  | "ai_upstream_garbled"
  | "ai_stream_interrupted"
  | "client_closed";

export class ModelCallError extends Error {
  readonly code: ModelFailure;
  /** The status this runtime answers with (when nothing was streamed yet). */
  readonly status: number;
  readonly upstreamStatus?: number;
  readonly retryAfter?: string;
  constructor(
    code: ModelFailure,
    status: number,
    message: string,
    extra: { upstreamStatus?: number; retryAfter?: string } = {},
  ) {
    super(message);
    this.name = "ModelCallError";
    this.code = code;
    this.status = status;
    this.upstreamStatus = extra.upstreamStatus;
    this.retryAfter = extra.retryAfter;
  }
}

export interface Usage {
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
}

/** An answer being read: `text()` yields each piece as it arrives; `finish` holds what the end said. */
export interface ModelAnswer {
  upstreamStatus: number;
  text(): AsyncGenerator<string>;
  readonly finish: { reason: string | null; usage: Usage | null };
}

export interface ModelCall {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: ModelMessage[];
  transport: AiTransport;
  /** The reader's request signal: a closed connection aborts the upstream call. */
  signal?: AbortSignal;
}

export async function callModel(call: ModelCall): Promise<ModelAnswer> {
  const controller = new AbortController();
  const onClientGone = () =>
    controller.abort(new ModelCallError("client_closed", 499, "The reader closed the connection."));
  if (call.signal?.aborted) onClientGone();
  call.signal?.addEventListener("abort", onClientGone, { once: true });
  const headersTimer = setTimeout(() => controller.abort(timeout(call.transport.timeoutMs)), call.transport.timeoutMs);
  let response: Response;
  try {
    response = await call.transport.fetch(`${call.baseUrl}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream, application/json",
        authorization: `Bearer ${call.apiKey}`,
      },
      body: JSON.stringify({
        model: call.model,
        messages: call.messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
      signal: controller.signal,
      // The key travels in Authorization; a redirect is refused rather than followed to a host the config never named.
      redirect: "manual",
    });
  } catch (error) {
    throw failureOf(error, controller.signal, "ai_upstream_unreachable", "The model API could not be reached.");
  } finally {
    clearTimeout(headersTimer);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    call.signal?.removeEventListener("abort", onClientGone);
    throw statusFailure(response);
  }
  const finish: ModelAnswer["finish"] = { reason: null, usage: null };
  const isJson = (response.headers.get("content-type") ?? "").includes("application/json");
  return {
    upstreamStatus: response.status,
    finish,
    async *text() {
      try {
        yield* isJson
          ? readJsonAnswer(response, finish, controller, call)
          : readStream(response, finish, controller, call);
      } finally {
        call.signal?.removeEventListener("abort", onClientGone);
      }
    },
  };
}

async function* readStream(
  response: Response,
  finish: ModelAnswer["finish"],
  controller: AbortController,
  call: ModelCall,
): AsyncGenerator<string> {
  const lines = readLines(response, controller, call.transport.idleTimeoutMs);
  let data: string[] = [];
  let done = false;
  try {
    for await (const line of lines) {
      if (line.startsWith(":")) continue;
      if (line.startsWith("data:")) {
        data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        continue;
      }
      if (line !== "" || data.length === 0) continue;
      const payload = data.join("\n");
      data = [];
      if (payload.trim() === "[DONE]") {
        done = true;
        break;
      }
      const piece = readChunk(payload, finish);
      if (piece) yield piece;
    }
  } finally {
    if (!done) controller.abort();
  }
  if (!done && finish.reason === null) {
    throw new ModelCallError(
      "ai_stream_interrupted",
      502,
      "The model API closed the stream before the answer was complete.",
    );
  }
}

/** One `data:` payload: text of the first choice's delta; `finish_reason` and `usage` are recorded. */
function readChunk(payload: string, finish: ModelAnswer["finish"]): string {
  let chunk: Record<string, any>;
  try {
    chunk = JSON.parse(payload);
  } catch {
    throw new ModelCallError("ai_upstream_garbled", 502, "The model API sent a stream this runtime cannot read.");
  }
  if (!chunk || typeof chunk !== "object")
    throw new ModelCallError("ai_upstream_garbled", 502, "The model API sent a stream this runtime cannot read.");
  if (chunk.error)
    throw new ModelCallError("ai_upstream_failed", 502, "The model API reported an error while answering.");
  if (chunk.usage && typeof chunk.usage === "object") finish.usage = usageOf(chunk.usage);
  const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  if (typeof choice?.finish_reason === "string") finish.reason = choice.finish_reason;
  const content = choice?.delta?.content;
  return typeof content === "string" ? content : "";
}

async function* readJsonAnswer(
  response: Response,
  finish: ModelAnswer["finish"],
  controller: AbortController,
  call: ModelCall,
): AsyncGenerator<string> {
  let text = "";
  for await (const line of readLines(response, controller, call.transport.idleTimeoutMs)) text += `${line}\n`;
  let body: Record<string, any>;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ModelCallError("ai_upstream_garbled", 502, "The model API answered something this runtime cannot read.");
  }
  const choice = Array.isArray(body?.choices) ? body.choices[0] : undefined;
  const content = choice?.message?.content;
  if (typeof content !== "string")
    throw new ModelCallError("ai_upstream_garbled", 502, "The model API answered without a message.");
  finish.reason = typeof choice.finish_reason === "string" ? choice.finish_reason : "stop";
  if (body.usage && typeof body.usage === "object") finish.usage = usageOf(body.usage);
  yield content;
}

/** Lines of the body as they arrive, each read bounded by the idle timeout. */
async function* readLines(
  response: Response,
  controller: AbortController,
  idleTimeoutMs: number,
): AsyncGenerator<string> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = timeout(idleTimeoutMs);
          controller.abort(error);
          reject(error);
        }, idleTimeoutMs);
      });
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await Promise.race([reader.read(), idle]);
      } catch (error) {
        throw failureOf(
          error,
          controller.signal,
          "ai_stream_interrupted",
          "The model API connection broke while answering.",
        );
      } finally {
        clearTimeout(timer);
      }
      if (read.done) break;
      buffer += decoder.decode(read.value, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        yield buffer.slice(0, newline).replace(/\r$/, "");
        buffer = buffer.slice(newline + 1);
      }
    }
    buffer += decoder.decode();
    if (buffer) yield buffer.replace(/\r$/, "");
    yield "";
  } finally {
    reader.cancel().catch(() => {});
  }
}

function statusFailure(response: Response): ModelCallError {
  const status = response.status;
  if (status === 429) {
    const retryAfter = response.headers.get("retry-after") ?? undefined;
    return new ModelCallError("ai_rate_limited", 429, "The model API is rate-limiting requests; try again shortly.", {
      upstreamStatus: status,
      retryAfter: retryAfter && /^\d{1,6}$/.test(retryAfter) ? retryAfter : undefined,
    });
  }
  if (status >= 300 && status < 500) {
    const hint =
      status === 401 || status === 403
        ? " Check the API key (ai.apiKey or DOCS_AI_API_KEY)."
        : status === 404
          ? " Check ai.baseUrl and ai.model."
          : "";
    return new ModelCallError(
      "ai_upstream_rejected",
      502,
      `The model API refused the request (HTTP ${status}).${hint}`,
      { upstreamStatus: status },
    );
  }
  return new ModelCallError("ai_upstream_failed", 502, `The model API failed (HTTP ${status}); try again later.`, {
    upstreamStatus: status,
  });
}

function timeout(ms: number): ModelCallError {
  return new ModelCallError("ai_upstream_timeout", 504, `The model API did not answer within ${ms} ms.`);
}

/** The abort reason when we aborted (timeout, reader gone), else the given failure. */
function failureOf(error: unknown, signal: AbortSignal, code: ModelFailure, message: string): ModelCallError {
  if (error instanceof ModelCallError) return error;
  if (signal.aborted && signal.reason instanceof ModelCallError) return signal.reason;
  return new ModelCallError(code, 502, message);
}

function usageOf(usage: Record<string, unknown>): Usage {
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
  return {
    promptTokens: number(usage.prompt_tokens),
    completionTokens: number(usage.completion_tokens),
    totalTokens: number(usage.total_tokens),
  };
}
