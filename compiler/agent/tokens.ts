/**
 * SPEC 2.6 `agent.tokenBudget`, 1.5 `docs agent compact`: tokens are counted with a real BPE tokenizer, gpt-tokenizer's
 * `o200k_base` encoding (the GPT-4o / GPT-5 family vocabulary), locally and deterministically. Special-token text
 * in docs (`<|endoftext|>`) is counted as ordinary text, never refused.
 */
import { encode } from "gpt-tokenizer/encoding/o200k_base";

export const TOKENIZER = "o200k_base (gpt-tokenizer)";

export function countTokens(text: string): number {
  return encode(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() }).length;
}
