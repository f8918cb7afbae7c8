/**
 * `get_context` packing (SPEC 4.4, 8): ranked chunks laid out in order until a byte ceiling. Pure and deterministic:
 * the same chunks and limits always give byte-identical text.
 */

/** SPEC 8: the evaluation context ceiling, also `get_context`'s default. */
export const DEFAULT_CONTEXT_BYTES = 4000;
/** Token estimate: one token per 3 UTF-8 bytes, rounded up. English runs near 4 bytes a token, so this overestimates. */
export const BYTES_PER_TOKEN = 3;
/** A chunk cut shorter than this is noise rather than context: packing stops instead. */
const MIN_PARTIAL_BYTES = 160;
const ELLIPSIS = "…";

export interface ContextChunk {
  id: string;
  url: string;
  title: string;
  section: string | null;
  content: string;
}

export interface ContextSource {
  id: string;
  url: string;
  title: string;
  section: string | null;
  /** Bytes this chunk's block adds to the context, separator included. */
  bytes: number;
  /** True when the block was cut to fit the ceiling. */
  truncated: boolean;
}

export interface PackedContext {
  text: string;
  bytes: number;
  tokens: number;
  sources: ContextSource[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

/** The longest prefix of `text` that fits in `maxBytes` UTF-8 bytes, never splitting a code point. */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // Step back over continuation bytes (10xxxxxx) to the start of the code point that would be cut.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return decoder.decode(bytes.subarray(0, end));
}

function renderBlock(chunk: ContextChunk): string {
  const heading = chunk.section ? `${chunk.title} › ${chunk.section}` : chunk.title;
  return `## ${heading}\nSource: ${chunk.url}\n\n${chunk.content.trim()}`;
}

/**
 * Lays chunks out in the given order. A chunk that does not fit whole is cut at a UTF-8 boundary (ending in "…")
 * when enough room is left for it to be useful, and packing stops there, so the context never exceeds `maxBytes`.
 */
export function packContext(chunks: ContextChunk[], maxBytes: number): PackedContext {
  const parts: string[] = [];
  const sources: ContextSource[] = [];
  let used = 0;
  for (const chunk of chunks) {
    const separator = parts.length ? "\n\n" : "";
    const block = separator + renderBlock(chunk);
    const size = utf8Length(block);
    const source = { id: chunk.id, url: chunk.url, title: chunk.title, section: chunk.section };
    if (used + size <= maxBytes) {
      parts.push(block);
      sources.push({ ...source, bytes: size, truncated: false });
      used += size;
      continue;
    }
    const room = maxBytes - used - utf8Length(ELLIPSIS);
    if (room >= MIN_PARTIAL_BYTES || (parts.length === 0 && room > 0)) {
      const cut = truncateUtf8(block, room).trimEnd() + ELLIPSIS;
      const cutSize = utf8Length(cut);
      parts.push(cut);
      sources.push({ ...source, bytes: cutSize, truncated: true });
      used += cutSize;
    }
    break;
  }
  const text = parts.join("");
  return { text, bytes: used, tokens: estimateTokens(used), sources };
}
