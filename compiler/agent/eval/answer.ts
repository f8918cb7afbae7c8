/**
 * SPEC 2.11 / 7.1 answer providers: a callback (`{ provider: "callback", run }`, given an abort signal) or HTTP
 * (`{ provider: "http", endpoint, headers?, timeoutMs? }`, refused without `allowNetwork`). Transient failures
 * (timeouts, fetch failures, 429, 5xx) are retried twice with bounded backoff; a provider failure fails the task and
 * never falls back to another surface. Header values never appear in messages.
 */

export interface AnswerInput {
  taskId: string;
  query: string;
  filters: Record<string, string | undefined>;
  surface: string;
  context: string;
  sources: string[];
}

export interface AnswerConfig {
  provider?: unknown;
  run?: (input: AnswerInput & { signal: AbortSignal }) => unknown;
  endpoint?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export type Answer = { text: string; citations: string[] };

class TransientFailure extends Error {}

const RETRIES = 2;
const BACKOFF_MS = [250, 1000];

export async function askProvider(
  config: AnswerConfig,
  input: AnswerInput,
  options: { allowNetwork: boolean; timeoutMs: number },
): Promise<Answer> {
  const timeoutMs = config.timeoutMs ?? options.timeoutMs;
  const once =
    config.provider === "callback"
      ? () => callbackOnce(config, input, timeoutMs)
      : config.provider === "http"
        ? () => httpOnce(config, input, timeoutMs, options.allowNetwork)
        : () => {
            throw new Error(`answer.provider must be "callback" or "http", got ${JSON.stringify(config.provider)}`);
          };
  for (let attempt = 0; ; attempt++) {
    try {
      return await once();
    } catch (error) {
      if (!(error instanceof TransientFailure) || attempt >= RETRIES)
        throw new Error(
          redact(`${(error as Error).message}${attempt ? ` (after ${attempt + 1} attempts)` : ""}`, config.headers),
        );
      await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS[attempt]));
    }
  }
}

async function callbackOnce(config: AnswerConfig, input: AnswerInput, timeoutMs: number): Promise<Answer> {
  if (typeof config.run !== "function") throw new Error("answer.run must be a function for the callback provider");
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  try {
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener("abort", () =>
        reject(new TransientFailure(`answer callback timed out after ${timeoutMs} ms`)),
      ),
    );
    return toAnswer(
      await Promise.race([Promise.resolve(config.run({ ...input, signal: controller.signal })), aborted]),
    );
  } finally {
    clearTimeout(timer);
  }
}

async function httpOnce(
  config: AnswerConfig,
  input: AnswerInput,
  timeoutMs: number,
  allowNetwork: boolean,
): Promise<Answer> {
  if (!allowNetwork)
    throw new Error("the HTTP answer provider is refused without agent.evaluations.allowNetwork: true");
  if (!config.endpoint) throw new Error("answer.endpoint is required for the HTTP provider");
  let response: Response;
  try {
    response = await fetch(config.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", ...config.headers },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new TransientFailure(
      `answer endpoint ${(error as Error).name === "TimeoutError" ? `timed out after ${timeoutMs} ms` : "could not be reached"}`,
    );
  }
  if (response.status === 429 || response.status >= 500)
    throw new TransientFailure(`answer endpoint answered ${response.status}`);
  if (!response.ok) throw new Error(`answer endpoint answered ${response.status}`);
  return toAnswer(await response.json().catch(() => undefined));
}

function toAnswer(value: unknown): Answer {
  const v = value as { text?: unknown; citations?: unknown } | undefined;
  if (!v || typeof v.text !== "string") throw new Error("the answer provider must return { text, citations? }");
  return {
    text: v.text,
    citations: Array.isArray(v.citations) ? v.citations.filter((c): c is string => typeof c === "string") : [],
  };
}

function redact(message: string, headers: Record<string, string> | undefined): string {
  let out = message;
  for (const value of Object.values(headers ?? {})) if (value) out = out.split(value).join("[redacted]");
  return out;
}
