/**
 * Answer providers (SPEC 2.11, 7.1): the HTTP provider is refused without allowNetwork, retries transient failures
 * twice then fails, never shows header values; the callback gets an abort signal and times out as a failure.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { askProvider } from "./answer.ts";

const input = { taskId: "t", query: "q", filters: {}, surface: "mcp-context", context: "ctx", sources: ["a"] };
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(statuses: number[]): Promise<{ url: string; seen: () => number }> {
  let count = 0;
  server = createServer((request, response) => {
    const status = statuses[Math.min(count++, statuses.length - 1)];
    response.writeHead(status, { "content-type": "application/json" }).end(
      JSON.stringify({
        text: `answer for ${request.headers.authorization ? "authorized" : "anonymous"}`,
        citations: ["a"],
      }),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/answer`, seen: () => count };
}

describe("answer providers", () => {
  it("refuses the HTTP provider without allowNetwork, before any request", async () => {
    const { url, seen } = await serve([200]);
    await expect(
      askProvider({ provider: "http", endpoint: url }, input, { allowNetwork: false, timeoutMs: 1000 }),
    ).rejects.toThrow(/allowNetwork/);
    expect(seen()).toBe(0);
  });

  it("retries a 503 and a 429, then answers", async () => {
    const { url, seen } = await serve([503, 429, 200]);
    const answer = await askProvider(
      { provider: "http", endpoint: url, headers: { authorization: "Bearer s3cret-value" } },
      input,
      { allowNetwork: true, timeoutMs: 2000 },
    );
    expect(answer).toEqual({ text: "answer for authorized", citations: ["a"] });
    expect(seen()).toBe(3);
  });

  it("fails after two retries, and the message never carries a header value", async () => {
    const { url, seen } = await serve([500]);
    const failure = askProvider({ provider: "http", endpoint: url, headers: { "x-key": "s3cret-value" } }, input, {
      allowNetwork: true,
      timeoutMs: 2000,
    });
    await expect(failure).rejects.toThrow("answer endpoint answered 500 (after 3 attempts)");
    await failure.catch((error: Error) => expect(error.message).not.toContain("s3cret-value"));
    expect(seen()).toBe(3);
  });

  it("gives the callback an abort signal and fails a callback that outlives its timeout", async () => {
    let signal: AbortSignal | undefined;
    const run = ({ signal: given }: { signal: AbortSignal }) => {
      signal = given;
      return new Promise(() => {});
    };
    await expect(
      askProvider({ provider: "callback", run, timeoutMs: 30 }, input, { allowNetwork: false, timeoutMs: 30 }),
    ).rejects.toThrow(/timed out after 30 ms \(after 3 attempts\)/);
    expect(signal?.aborted).toBe(true);
  });
});
