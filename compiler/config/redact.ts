/**
 * Serializable copy of the config with every credential replaced (SPEC 5.4). Used by every artifact that
 * serializes config: the config map, diagnostics, the runtime bundle.
 */

export const REDACTED = "[redacted]";

/** Keys that carry credentials outright, and name patterns that usually do. */
const SECRET_KEYS = new Set(["apiKey", "adminApiKey", "searchApiKey", "headers"]);
// `token` but not token counts: `maxOutputTokens` and `tokenBudget` are limits, not credentials.
const SECRET_PATTERN = /(secret|token(?!s$|budget$)|password|passwd|credential|key$|auth(orization)?$|cookie|session)/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key) || SECRET_PATTERN.test(key);
}

/** JSON-safe value: secrets redacted, functions and elements named by kind, cycles cut. */
export function redactConfig(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === "function") return "[function]";
  if (value === null || typeof value !== "object") return typeof value === "bigint" ? String(value) : value;
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactConfig(item, seen));
  if ("type" in value && "props" in value) return "[element]";
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      isSecretKey(key) && item !== undefined && item !== null && item !== false ? REDACTED : redactConfig(item, seen);
  }
  return out;
}
