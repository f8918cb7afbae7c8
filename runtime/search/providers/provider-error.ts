/**
 * Failures of a configured search provider. `message` is safe to send to clients (no upstream body, URL or
 * credential); `detail` is for the operator's log and has every configured secret scrubbed out.
 */
import { REDACTED_SECRET } from "./config.ts";

export type SearchFailure = "timeout" | "unreachable" | "http" | "invalid_response" | "tool_error" | "adapter_failed";

export class SearchProviderError extends Error {
  readonly provider: string;
  readonly reason: SearchFailure;
  readonly detail: string;

  constructor(provider: string, reason: SearchFailure, message: string, detail = message) {
    super(message);
    this.name = "SearchProviderError";
    this.provider = provider;
    this.reason = reason;
    this.detail = detail;
  }
}

/** Any failure below the provider layer, as a SearchProviderError (an adapter may throw anything). */
export function asProviderError(provider: string, error: unknown): SearchProviderError {
  if (error instanceof SearchProviderError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new SearchProviderError(provider, "adapter_failed", `The ${provider} search provider failed.`, detail);
}

/** One log line per failure, without stack traces or credentials. */
export function logProviderFailure(error: SearchProviderError, secrets: readonly string[]): void {
  let detail = error.detail;
  for (const secret of secrets) if (secret) detail = detail.split(secret).join(REDACTED_SECRET);
  console.error(`[quire] search provider ${error.provider} failed (${error.reason}): ${detail}`);
}
