/**
 * Admin calls to an external search engine during `docs search sync` (issue 12, SPEC 2.14): every call has the
 * transport's timeout, 429 and 5xx answers are retried with backoff (a `Retry-After` in seconds is honoured), and a
 * failure becomes a SearchProviderError that carries the engine's own error message but never a URL query, a body
 * or a key.
 */
import type { SearchTransport } from "../providers/config.ts";
import { SearchProviderError } from "../providers/provider-error.ts";
import { callSignal, networkFailure } from "../providers/upstream.ts";

export interface AdminCall {
  /** Label in messages: `typesense`, `algolia`, `embeddings`. */
  engine: string;
  transport: SearchTransport;
  /** Attempts after the first one for 429 and 5xx answers and unreachable hosts. @default 3 */
  retries?: number;
  /** First backoff; doubles on each retry. @default 250 */
  backoffMs?: number;
}

export interface AdminAnswer {
  status: number;
  text: string;
}

/** The answer of a 2xx call, or of a status `accept` allows (a 404 that means "missing"). */
export async function adminRequest(
  call: AdminCall,
  url: string,
  init: RequestInit,
  accept: (status: number) => boolean = () => false,
): Promise<AdminAnswer> {
  const retries = call.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await call.transport.fetch(url, {
        ...init,
        signal: callSignal(call.transport),
        redirect: "manual",
      });
    } catch (error) {
      const failure = networkFailure(call.engine, call.transport, error);
      if (attempt < retries && failure.reason === "unreachable") {
        await pause(backoff(call, attempt, null));
        continue;
      }
      throw failure;
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkFailure(call.engine, call.transport, error);
    }
    if (response.ok || accept(response.status)) return { status: response.status, text };
    const retryable = response.status === 429 || response.status >= 500;
    if (retryable && attempt < retries) {
      await pause(backoff(call, attempt, response.headers.get("retry-after")));
      continue;
    }
    throw new SearchProviderError(
      call.engine,
      "http",
      `The ${call.engine} server answered HTTP ${response.status}${vendorMessage(text)}.`,
    );
  }
}

/** The answer parsed as JSON, or a clear failure. */
export function parseAnswer<T>(engine: string, answer: AdminAnswer): T {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new SearchProviderError(
      engine,
      "invalid_response",
      `The ${engine} server answered something other than JSON.`,
    );
  }
}

/** Typesense says `{"message": …}`, Algolia `{"message": …, "status": …}`, Ollama `{"error": …}`. */
function vendorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    const message = typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : "";
    return message ? `: ${message.slice(0, 300)}` : "";
  } catch {
    return "";
  }
}

function backoff(call: AdminCall, attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter !== null ? Number(retryAfter) : Number.NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 30_000);
  return (call.backoffMs ?? 250) * 2 ** attempt;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
