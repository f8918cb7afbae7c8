/**
 * The body of `POST /api/docs` (SPEC 4.1, 2.18): `{ messages: [{ role, content }], stream?, page? }`, checked
 * before anything is retrieved or sent upstream. Roles are `user` and `assistant` only (the system prompt is the
 * site's, never the client's); the last message is the reader's question.
 */

/** Limits of one conversation (runtime/README.md lists them with their status codes). */
export const ASK_AI_LIMITS = {
  messages: 40,
  messageChars: 4000,
  conversationChars: 32_000,
  pageFieldChars: 512,
} as const;

export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** SSE unless the body says `"stream": false`. */
  stream: boolean;
  /** The page the reader asks from (optional context for the prompt). */
  page: { path?: string; url?: string; title?: string } | null;
}

export type ChatRequestProblem = { status: 400 | 413; code: string; message: string };

export function parseChatRequest(body: unknown): ChatRequest | ChatRequestProblem {
  if (!body || typeof body !== "object" || Array.isArray(body))
    return bad("invalid_body", 'The body must be a JSON object: { "messages": [{ "role": "user", "content": "…" }] }.');
  const { messages, stream, page } = body as Record<string, unknown>;
  if (!Array.isArray(messages) || messages.length === 0)
    return bad("invalid_body", '"messages" must be a non-empty array of { role, content }.');
  if (messages.length > ASK_AI_LIMITS.messages) {
    return {
      status: 413,
      code: "too_many_messages",
      message: `A conversation is limited to ${ASK_AI_LIMITS.messages} messages; start a new one.`,
    };
  }
  const parsed: ChatMessage[] = [];
  let total = 0;
  for (const [index, message] of messages.entries()) {
    if (!message || typeof message !== "object" || Array.isArray(message))
      return bad("invalid_message", `messages[${index}] must be an object { role, content }.`);
    const { role, content } = message as Record<string, unknown>;
    if (role !== "user" && role !== "assistant")
      return bad("invalid_message", `messages[${index}].role must be "user" or "assistant".`);
    if (typeof content !== "string" || !content.trim())
      return bad("invalid_message", `messages[${index}].content must be a non-empty string.`);
    if (content.length > ASK_AI_LIMITS.messageChars)
      return bad("message_too_long", `messages[${index}].content is over ${ASK_AI_LIMITS.messageChars} characters.`);
    total += content.length;
    parsed.push({ role, content });
  }
  if (total > ASK_AI_LIMITS.conversationChars) {
    return {
      status: 413,
      code: "conversation_too_long",
      message: `A conversation is limited to ${ASK_AI_LIMITS.conversationChars} characters in all; start a new one.`,
    };
  }
  if (parsed[parsed.length - 1].role !== "user")
    return bad("invalid_message", 'The last message must be the reader\'s question (role "user").');
  if (stream !== undefined && typeof stream !== "boolean")
    return bad("invalid_body", '"stream" must be true or false.');
  const pageContext = parsePage(page);
  if (pageContext === undefined)
    return bad(
      "invalid_body",
      `"page" must be an object of strings (path, url, title) of at most ${ASK_AI_LIMITS.pageFieldChars} characters.`,
    );
  return { messages: parsed, stream: stream !== false, page: pageContext };
}

function parsePage(page: unknown): ChatRequest["page"] | undefined {
  if (page === undefined || page === null) return null;
  if (typeof page !== "object" || Array.isArray(page)) return undefined;
  const result: NonNullable<ChatRequest["page"]> = {};
  for (const key of ["path", "url", "title"] as const) {
    const value = (page as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || value.length > ASK_AI_LIMITS.pageFieldChars) return undefined;
    result[key] = value;
  }
  return result;
}

const bad = (code: string, message: string): ChatRequestProblem => ({ status: 400, code, message });
