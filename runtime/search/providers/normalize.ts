/**
 * Result objects from outside the runtime (engines, remote MCP servers, custom adapters) as SearchResultItems.
 * An item without a usable `url` is dropped; other fields get the SPEC 2.14 defaults. Duplicated ids keep the
 * first (best-ranked) item; the list is capped at the limit.
 */
import type { SearchResultItem } from "./types.ts";

export function normalizeResults(items: readonly unknown[], limit: number): SearchResultItem[] {
  const results: SearchResultItem[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (results.length >= limit) break;
    const result = normalizeResult(item);
    if (!result || seen.has(result.id)) continue;
    seen.add(result.id);
    results.push(result);
  }
  return results;
}

export function normalizeResult(item: unknown): SearchResultItem | null {
  if (!item || typeof item !== "object" || Array.isArray(item)) return null;
  const record = item as Record<string, unknown>;
  const url = nonEmpty(record.url);
  if (!url) return null;
  const section = nonEmpty(record.section);
  const id =
    nonEmpty(record.id) ?? (typeof record.id === "number" && Number.isFinite(record.id) ? String(record.id) : url);
  return {
    id,
    url,
    title: nonEmpty(record.title) ?? section ?? url,
    section,
    content: typeof record.content === "string" ? record.content : "",
    description: nonEmpty(record.description),
    type: record.type === "page" || record.type === "section" ? record.type : section ? "section" : "page",
  };
}

/** The result list inside what a provider returned: an array, or `{ results: [...] }`. */
export function resultList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  const results = (value as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results : null;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value : null;
}
