/**
 * The fake model server the Ask AI tests stand on: a streamed answer ends whole even when an earlier call's client
 * goes away while it streams (the Ask AI "stop, then ask again" browser test hung on exactly that).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_ANSWER_PIECES, startFakeModelServer, type FakeModelServer } from "./openai-compatible-server.ts";

let model: FakeModelServer;
beforeAll(async () => {
  model = await startFakeModelServer({ slowDelayMs: 60 });
});
afterAll(() => model.close());

const ask = (signal?: AbortSignal) =>
  fetch(`${model.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "slow", stream: true, messages: [{ role: "user", content: "hi" }] }),
    signal,
  });

describe("the fake OpenAI-compatible server", () => {
  it("finishes a streamed answer though an earlier call's client leaves while it streams", async () => {
    const first = new AbortController();
    const stopped = await ask(first.signal);
    await stopped.body!.getReader().read(); // the first chunk: the answer is under way
    const second = ask();
    // The second call has started on the server before the first one's client goes away.
    await expect.poll(() => model.calls.length).toBe(2);
    first.abort();
    await model.clientGone();
    const text = await (await second).text();
    expect(text).toContain(JSON.stringify(FAKE_ANSWER_PIECES.at(-1)));
    expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
  });
});
