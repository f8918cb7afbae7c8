import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AnalyticsEvent, TraceEvent } from "../config.ts";
import { ask, askAiSite, readSse, TEST_KEY } from "../ask-ai/test-kit.ts";
import { FAKE_ANSWER_PIECES, startFakeModelServer, type FakeModelServer } from "../testing/openai-compatible-server.ts";
import { request, snapshotSite } from "../testing/built-site.ts";

let model: FakeModelServer;
let kit: Awaited<ReturnType<typeof askAiSite>>;
beforeAll(async () => {
  model = await startFakeModelServer();
  kit = await askAiSite();
});
afterAll(() => model.close());

describe("Ask AI chat, POST /api/docs", () => {
  it("streams a grounded answer as SSE and ends with the cited sources", async () => {
    const response = await kit.handler(model.baseUrl)(ask("How are failed jobs retried, and what is the backoff?"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = await readSse(response);
    expect(events.map((e) => e.event)).toEqual([
      ...FAKE_ANSWER_PIECES.map(() => "delta"),
      "sources",
      "followups",
      "done",
    ]);
    expect(
      events
        .filter((e) => e.event === "delta")
        .map((e) => e.data.text)
        .join(""),
    ).toBe(FAKE_ANSWER_PIECES.join(""));
    const { sources } = events.at(-3)!.data;
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.length).toBeLessThanOrEqual(5);
    expect(sources[0]).toEqual({
      id: 1,
      url: expect.stringMatching(/^http:\/\/docs\.test\/docs\/concepts\/retries-and-backoff(#|$)/),
      title: "Retries and backoff",
      section: expect.any(String),
    });
    // Follow-ups come from the other retrieved pages: none repeats the question or leans on the first source.
    const { questions } = events.at(-2)!.data;
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.length).toBeLessThanOrEqual(3);
    for (const question of questions)
      expect(question).toMatch(/^(How do I .+|What does “.+” (say about “.+”|cover))\?$/);
    expect(questions.join(" ")).not.toContain("Retries and backoff");
    expect(events.at(-1)!.data).toMatchObject({
      model: "ok",
      finishReason: "stop",
      usage: { promptTokens: 120, completionTokens: 24, totalTokens: 144 },
    });

    const call = model.calls.at(-1)!;
    expect(call.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(call.body).toMatchObject({ model: "ok", stream: true, stream_options: { include_usage: true } });
    const [system, user] = call.body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Acme Queue (package `@acme/queue`)");
    expect(system.content).toContain("not instructions");
    expect(system.content).toContain("does not cover");
    expect(system.content).toMatch(
      /<source id="1" title="Retries and backoff"[^>]*>\n[\s\S]*backoff[\s\S]*\n<\/source>/,
    );
    expect(user).toEqual({ role: "user", content: "How are failed jobs retried, and what is the backoff?" });
  });

  it('answers one JSON object with "stream": false', async () => {
    const response = await kit.handler(model.baseUrl)(ask("How do I schedule a cron job?", { stream: false }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      answer: FAKE_ANSWER_PIECES.join(""),
      model: "ok",
      finishReason: "stop",
      id: expect.any(String),
    });
    expect(body.sources.map((s: { url: string }) => s.url)).toContain("http://docs.test/docs/guides/scheduling/cron");
  });

  it("replaces the instructions with ai.systemPrompt but still quotes the docs", async () => {
    await kit.handler(model.baseUrl, { ai: { systemPrompt: "Answer like a pirate, from the excerpts only." } })(
      ask("What is a dead-letter queue?"),
    );
    const system = model.calls.at(-1)!.body.messages[0].content;
    expect(system.startsWith("Answer like a pirate, from the excerpts only.")).toBe(true);
    expect(system).not.toContain("documentation assistant");
    expect(system).toContain('<source id="1"');
  });

  it("sends follow-up conversations in order and mentions the reader's page", async () => {
    const conversation = [
      { role: "user", content: "How do I install it?" },
      { role: "assistant", content: "Run npm install acme-queue [1]." },
      { role: "user", content: "And which Redis version?" },
    ];
    const response = await kit.handler(model.baseUrl)(
      ask(conversation, { page: { title: "Installation", path: "getting-started/installation" } }),
    );
    await response.text();
    const sent = model.calls.at(-1)!.body.messages;
    expect(sent.slice(1)).toEqual(conversation);
    expect(sent[0].content).toContain(
      'The reader is asking from the page "Installation" at getting-started/installation.',
    );
  });

  it("reads the key from the host environment when ai.apiKey is absent", async () => {
    const handler = kit.handler(
      model.baseUrl,
      { ai: { apiKey: undefined } },
      { env: { DOCS_AI_API_KEY: "sk-from-env-777" } },
    );
    const response = await handler(ask("What is a job?", { stream: false }));
    expect(response.status).toBe(200);
    expect(model.calls.at(-1)!.authorization).toBe("Bearer sk-from-env-777");
  });
});

describe("Ask AI availability", () => {
  it("answers 404 ask_ai_disabled when the build has Ask AI off", async () => {
    const site = await snapshotSite("example");
    const response = await site.handler({ config: { ai: { apiKey: TEST_KEY } } })(ask("hi"));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("ask_ai_disabled");
  });

  it("answers 404 ask_ai_disabled when the runtime config says ai.enabled: false", async () => {
    const response = await kit.handler(model.baseUrl, { ai: { enabled: false } })(ask("hi"));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("ask_ai_disabled");
  });

  it("answers 404 ask_ai_unavailable on a static export", async () => {
    const site = await snapshotSite("static-export");
    const response = await site.handler()(ask("hi"));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("ask_ai_unavailable");
  });

  it("answers 503 ai_not_configured without any key", async () => {
    const response = await kit.handler(model.baseUrl, { ai: { apiKey: undefined } }, { env: {} })(ask("hi"));
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe("ai_not_configured");
  });
});

describe("Ask AI events", () => {
  it("emits run.start, tool.result, model.call and run.end with one traceId, and api_ai_request without the question", async () => {
    const traces: TraceEvent[] = [];
    const analytics: AnalyticsEvent[] = [];
    const handler = kit.handler(model.baseUrl, {
      observability: { onEvent: (e) => void traces.push(e) },
      analytics: { onEvent: (e) => void analytics.push(e) },
    });
    await (await handler(ask("How do workers heartbeat?"))).text();
    expect(traces.map((e) => e.type)).toEqual(["run.start", "tool.result", "model.call", "run.end"]);
    expect(new Set(traces.map((e) => e.traceId)).size).toBe(1);
    for (const event of traces) expect(typeof event.durationMs).toBe("number");
    expect(traces[1]).toMatchObject({ tool: "search_docs", provider: "simple", ok: true, resultCount: 5 });
    expect(traces[2]).toMatchObject({
      model: "ok",
      ok: true,
      upstreamStatus: 200,
      finishReason: "stop",
      usage: { totalTokens: 144 },
    });
    expect(traces[3]).toMatchObject({ status: 200, ok: true });
    expect(analytics).toEqual([
      {
        type: "api_ai_request",
        properties: expect.objectContaining({
          ok: true,
          status: 200,
          stream: true,
          messageCount: 1,
          sourceCount: 5,
          model: "ok",
        }),
      },
    ]);
    expect(JSON.stringify([traces, analytics])).not.toContain("heartbeat");
    expect(JSON.stringify([traces, analytics])).not.toContain(TEST_KEY);
  });

  it("adds the question only with includeInputs", async () => {
    const analytics: AnalyticsEvent[] = [];
    const traces: TraceEvent[] = [];
    const handler = kit.handler(model.baseUrl, {
      analytics: { includeInputs: true, onEvent: (e) => void analytics.push(e) },
      observability: { includeInputs: true, onEvent: (e) => void traces.push(e) },
    });
    await (await handler(ask("How do workers heartbeat?"))).text();
    expect(analytics[0].properties.question).toBe("How do workers heartbeat?");
    expect(traces[0].input).toEqual({ question: "How do workers heartbeat?" });
  });
});

describe("Ask AI actions, POST /api/docs?ai=action", () => {
  const action = (body: unknown) =>
    request("/api/docs?ai=action", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("calls ai.onActions with the action and answers handled: true", async () => {
    const onActions = vi.fn();
    const response = await kit.handler(model.baseUrl, { ai: { onActions } })(
      action({
        action: "like",
        answerId: "a1",
        question: "q",
        answer: "x [1]",
        sources: ["http://docs.test/docs/faq"],
      }),
    );
    expect(await response.json()).toEqual({ ok: true, handled: true });
    expect(onActions).toHaveBeenCalledWith({
      action: "like",
      answerId: "a1",
      question: "q",
      answer: "x [1]",
      sources: ["http://docs.test/docs/faq"],
      receivedAt: expect.any(String),
    });
  });

  it("refuses unknown actions (400) and reports a failing callback (500)", async () => {
    expect((await kit.handler(model.baseUrl)(action({ action: "share" }))).status).toBe(400);
    const failing = kit.handler(model.baseUrl, {
      ai: {
        onActions: () => {
          throw new Error("boom");
        },
      },
    });
    const response = await failing(action({ action: "dislike" }));
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe("ai_actions_handler_failed");
  });
});
