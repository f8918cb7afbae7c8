/**
 * Test support: a local OpenAI-compatible Chat Completions server on 127.0.0.1 that follows the published streaming
 * format — `chat.completion.chunk` objects as `data:` lines, a first chunk with the role, a last chunk with
 * `finish_reason`, a usage chunk (`choices: []`) when `stream_options.include_usage`, then `data: [DONE]` — and the
 * published error body `{ error: { message, type, param, code } }`. The model name picks a behaviour, so one server
 * serves every case: `ok`, `slow` (a pause between chunks), `stall` (stops sending, connection open),
 * `disconnect` (socket destroyed mid-answer), `rate-limit` (429 + Retry-After), `bad-key` (401 echoing part of the
 * key, as real APIs do), `server-error` (500), `garbled` (a non-JSON data line), `error-chunk` (an error object
 * mid-stream), `json` (a non-streaming answer), `no-done` (stream ends without `[DONE]` or `finish_reason`).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";

export interface RecordedCall {
  authorization: string | null;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
  };
}

export interface FakeModelServer {
  /** Base URL to put in `ai.baseUrl` (`http://127.0.0.1:<port>/v1`). */
  baseUrl: string;
  calls: RecordedCall[];
  /** Resolves when the server saw the client go away during the latest streamed answer. */
  clientGone(): Promise<void>;
  close(): Promise<void>;
}

/** The answer every well-behaved scenario streams, in pieces (cites the first retrieved source). */
export const FAKE_ANSWER_PIECES = [
  "Failed jobs are retried ",
  "with exponential backoff",
  " and jitter [1].\n\n",
  "```ts\nattempts: 5\n```",
];

export async function startFakeModelServer(options: { slowDelayMs?: number } = {}): Promise<FakeModelServer> {
  const calls: RecordedCall[] = [];
  let goneWaiters: (() => void)[] = [];
  /** Whether the client of the latest call went away before its answer ended (`clientGone`). */
  let lastGone = false;
  const server: Server = createServer(async (request, response) => {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response
        .writeHead(404, { "content-type": "application/json" })
        .end(errorBody("Unknown URL", "invalid_request_error", "unknown_url"));
      return;
    }
    const body = JSON.parse(await readBody(request)) as RecordedCall["body"];
    calls.push({ authorization: request.headers.authorization ?? null, body });
    // This call's own flag: a call aborted earlier may close after this one started, and must not end this one.
    let gone = false;
    lastGone = false;
    response.on("close", () => {
      if (!response.writableFinished) {
        gone = true;
        lastGone = true;
        for (const resolve of goneWaiters) resolve();
        goneWaiters = [];
      }
    });
    const scenario = body.model;
    const key = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    if (scenario === "rate-limit") {
      response.writeHead(429, { "content-type": "application/json", "retry-after": "7" });
      response.end(errorBody("Rate limit reached for requests", "requests", "rate_limit_exceeded"));
      return;
    }
    if (scenario === "bad-key") {
      response.writeHead(401, { "content-type": "application/json" });
      response.end(
        errorBody(
          `Incorrect API key provided: ${key.slice(0, 6)}***${key.slice(-4)}.`,
          "invalid_request_error",
          "invalid_api_key",
        ),
      );
      return;
    }
    if (scenario === "server-error") {
      response
        .writeHead(500, { "content-type": "application/json" })
        .end(errorBody("The server had an error", "server_error", null));
      return;
    }
    if (scenario === "json" || body.stream !== true) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "chatcmpl-test",
          object: "chat.completion",
          created: 1_700_000_000,
          model: scenario,
          choices: [
            { index: 0, message: { role: "assistant", content: FAKE_ANSWER_PIECES.join("") }, finish_reason: "stop" },
          ],
          usage: { prompt_tokens: 120, completion_tokens: 24, total_tokens: 144 },
        }),
      );
      return;
    }
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    const send = (chunk: unknown) => response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id: "chatcmpl-test",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: scenario,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    send(chunk({ role: "assistant", content: "" }));
    for (const [index, piece] of FAKE_ANSWER_PIECES.entries()) {
      if (index === 2 && scenario === "disconnect") {
        // Let the chunks so far reach the client first: the break comes mid-answer, not before the headers.
        await new Promise((resolve) => setTimeout(resolve, 50));
        response.socket?.destroy();
        return;
      }
      if (index === 2 && scenario === "stall") return; // keeps the connection open, sends nothing more
      if (index === 2 && scenario === "garbled") {
        response.write("data: {not json\n\n");
        response.end();
        return;
      }
      if (index === 2 && scenario === "error-chunk") {
        response.write(`data: ${errorBody("The model is overloaded", "server_error", null)}\n\n`);
        response.end();
        return;
      }
      send(chunk({ content: piece }));
      if (scenario === "slow") await new Promise((resolve) => setTimeout(resolve, options.slowDelayMs ?? 150));
      if (gone) return;
    }
    if (scenario === "no-done") {
      response.end();
      return;
    }
    send(chunk({}, "stop"));
    if (body.stream_options?.include_usage) {
      send({
        id: "chatcmpl-test",
        object: "chat.completion.chunk",
        created: 1_700_000_000,
        model: scenario,
        choices: [],
        usage: { prompt_tokens: 120, completion_tokens: 24, total_tokens: 144 },
      });
    }
    response.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    clientGone: () => (lastGone ? Promise.resolve() : new Promise((resolve) => goneWaiters.push(resolve))),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function errorBody(message: string, type: string, code: string | null): string {
  return JSON.stringify({ error: { message, type, param: null, code } });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (part) => (text += part));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}
