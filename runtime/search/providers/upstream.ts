/**
 * Calls to external search services: every call has a timeout (`callSignal`) and every failure becomes a
 * SearchProviderError whose message names the provider and the kind of failure, never the URL, body or keys.
 */
import type { SearchTransport } from "./config.ts";
import { SearchProviderError } from "./provider-error.ts";

/**
 * A timeout for this call, joined with the caller's signal (client gone). Not `AbortSignal.any([outer,
 * AbortSignal.timeout(ms)])`: Node holds the sources of `any()` weakly, so a timeout signal nothing else references
 * can be garbage-collected and never fire (nodejs/node#57736) — a slow upstream then held the request far past its
 * timeout under memory pressure. Here the timer's closure keeps the controller alive until it fires.
 */
export function callSignal(transport: SearchTransport, outer?: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const onOuterAbort = () => {
    clearTimeout(timer);
    controller.abort(outer?.reason);
  };
  const timer = setTimeout(() => {
    outer?.removeEventListener("abort", onOuterAbort);
    controller.abort(new DOMException("The operation timed out.", "TimeoutError"));
  }, transport.timeoutMs);
  // A pending deadline must not keep a Node process alive (workerd's timers have no unref).
  (timer as { unref?: () => void }).unref?.();
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  return controller.signal;
}

/** `fetch` with the timeout; a non-2xx answer is a failure unless `accept` says otherwise. */
export async function callUpstream(
  provider: string,
  transport: SearchTransport,
  url: string,
  init: RequestInit,
  options: { signal?: AbortSignal; accept?: (status: number) => boolean } = {},
): Promise<Response> {
  let response: Response;
  try {
    // Redirects are not followed: custom key headers (unlike Authorization) would travel to whatever host they name.
    response = await transport.fetch(url, {
      ...init,
      signal: callSignal(transport, options.signal),
      redirect: "manual",
    });
  } catch (error) {
    throw networkFailure(provider, transport, error);
  }
  if (!response.ok && !options.accept?.(response.status)) {
    await response.body?.cancel().catch(() => {});
    throw new SearchProviderError(
      provider,
      "http",
      `The ${provider} search provider answered HTTP ${response.status}.`,
    );
  }
  return response;
}

/** The body as JSON; a timeout while streaming it counts as a timeout. */
export async function readJson(provider: string, transport: SearchTransport, response: Response): Promise<unknown> {
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    throw networkFailure(provider, transport, error);
  }
  try {
    return JSON.parse(body);
  } catch {
    throw new SearchProviderError(
      provider,
      "invalid_response",
      `The ${provider} search provider answered something other than JSON.`,
    );
  }
}

export function networkFailure(provider: string, transport: SearchTransport, error: unknown): SearchProviderError {
  const name = (error as { name?: string })?.name;
  if (name === "TimeoutError") {
    return new SearchProviderError(
      provider,
      "timeout",
      `The ${provider} search provider did not answer within ${transport.timeoutMs} ms.`,
    );
  }
  const detail =
    error instanceof Error
      ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`
      : String(error);
  return new SearchProviderError(
    provider,
    "unreachable",
    `The ${provider} search provider could not be reached.`,
    detail,
  );
}
