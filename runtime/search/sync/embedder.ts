/**
 * The local embeddings provider of `search.embeddings` (SPEC 2.14: `provider`, `model`, `baseUrl`, default loopback
 * port 11434), through the Ollama embeddings API: `POST {baseUrl}/api/embed` with `{model, input: [texts]}` answers
 * `{embeddings: [[…], …]}`, one vector per input, in order. Used by `docs search sync` for documents and by the
 * Typesense provider for queries in `hybrid` mode.
 */
import type { SearchTransport } from "../providers/config.ts";
import { SearchProviderError } from "../providers/provider-error.ts";
import { adminRequest, parseAnswer } from "./admin-request.ts";
import { batches } from "./sync-documents.ts";

export const EMBEDDINGS_ENGINE = "embeddings";
/** Inputs per request: small enough for a CPU-bound local server to answer within the timeout. */
const INPUTS_PER_REQUEST = 32;

export interface EmbeddingsSettings {
  model: string;
  baseUrl: string;
}

/** One vector per text, in order; every vector has the same length. */
export async function embedTexts(
  settings: EmbeddingsSettings,
  transport: SearchTransport,
  texts: readonly string[],
  /** Query time passes 0: a search waits for no backoff. @default 2 */
  retries = 2,
): Promise<number[][]> {
  const call = { engine: EMBEDDINGS_ENGINE, transport, retries };
  const vectors: number[][] = [];
  for (const batch of batches(texts, INPUTS_PER_REQUEST)) {
    const answer = await adminRequest(call, `${settings.baseUrl}/api/embed`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ model: settings.model, input: batch }),
    });
    const got = parseAnswer<{ embeddings?: unknown }>(EMBEDDINGS_ENGINE, answer).embeddings;
    if (!Array.isArray(got) || got.length !== batch.length || !got.every(isVector))
      throw invalid(`${batch.length} embeddings`, Array.isArray(got) ? `${got.length} entries` : "none");
    vectors.push(...(got as number[][]));
  }
  if (vectors.some((vector) => vector.length !== vectors[0].length))
    throw invalid("vectors of one length", "vectors of several lengths");
  return vectors;
}

/** The text a document is embedded from: its title, section heading and content. */
export function embeddingText(document: { title: string; section: string; content: string }): string {
  return [document.title, document.section, document.content].filter(Boolean).join("\n");
}

function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === "number" && Number.isFinite(x));
}

const invalid = (wanted: string, got: string) =>
  new SearchProviderError(
    EMBEDDINGS_ENGINE,
    "invalid_response",
    `The embeddings server was asked for ${wanted} and answered ${got}.`,
  );
