/**
 * Reading JSON-RPC answers of a streamable-HTTP MCP server: plain JSON (one message or a batch) or an SSE stream,
 * read only until the answer to our request id arrives. Then the search results inside a `tools/call` result.
 */
import type { SearchTransport } from "./config.ts";
import { resultList } from "./normalize.ts";
import { SearchProviderError } from "./provider-error.ts";
import { networkFailure, readJson } from "./upstream.ts";

export interface RpcMessage {
  id?: unknown;
  result?: unknown;
  error?: { message?: unknown };
}

export async function readRpcAnswer(
  provider: string,
  transport: SearchTransport,
  response: Response,
  id: number,
): Promise<RpcMessage> {
  const type = response.headers.get("content-type") ?? "";
  const answer = type.includes("text/event-stream")
    ? await readEventStream(provider, transport, response, id)
    : [await readJson(provider, transport, response)].flat().find((message) => isAnswer(message, id));
  if (!answer)
    throw new SearchProviderError(
      provider,
      "invalid_response",
      `The ${provider} search provider did not answer the request.`,
    );
  return answer;
}

function isAnswer(message: unknown, id: number): message is RpcMessage {
  const record = message as RpcMessage | null;
  return !!record && typeof record === "object" && record.id === id && ("result" in record || "error" in record);
}

async function readEventStream(
  provider: string,
  transport: SearchTransport,
  response: Response,
  id: number,
): Promise<RpcMessage | undefined> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      const events = buffer.split(/\r?\n\r?\n/);
      buffer = done ? "" : (events.pop() ?? "");
      for (const event of events) {
        const message = parseEvent(event);
        if (isAnswer(message, id)) return message;
      }
      if (done) return undefined;
    }
  } catch (error) {
    throw networkFailure(provider, transport, error);
  } finally {
    // The server may keep the stream open for notifications; we have what we came for.
    reader.cancel().catch(() => {});
  }
}

/** The JSON of an SSE event's `data:` lines (joined by newlines, one optional space after the colon). */
export function parseEvent(event: string): unknown {
  const data = event
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5));
  if (data.length === 0) return undefined;
  try {
    return JSON.parse(data.join("\n"));
  } catch {
    return undefined;
  }
}

/** The results of a `tools/call` answer: `structuredContent`, else the first text block holding JSON. */
export function toolResults(provider: string, answer: RpcMessage): unknown[] {
  if (answer.error) {
    const detail = typeof answer.error.message === "string" ? answer.error.message : "JSON-RPC error";
    throw new SearchProviderError(
      provider,
      "tool_error",
      `The ${provider} search provider refused the search.`,
      detail,
    );
  }
  const result = answer.result as { isError?: unknown; structuredContent?: unknown; content?: unknown } | undefined;
  const blocks = Array.isArray(result?.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
  const texts = blocks
    .filter((block) => block?.type === "text" && typeof block.text === "string")
    .map((block) => block.text as string);
  if (result?.isError) {
    throw new SearchProviderError(
      provider,
      "tool_error",
      `The ${provider} search provider's tool reported an error.`,
      texts.join(" ") || "isError",
    );
  }
  const structured = resultList(result?.structuredContent);
  if (structured) return structured;
  for (const text of texts) {
    try {
      const list = resultList(JSON.parse(text));
      if (list) return list;
    } catch {
      // Not JSON: try the next block.
    }
  }
  throw new SearchProviderError(
    provider,
    "invalid_response",
    `The ${provider} search provider's tool answered without a result list.`,
  );
}
