import { beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsEvent, DocsRuntimeConfig } from "../config.ts";
import type { CodeBlockCopyData, DocsFeedbackData } from "../contract/config-callbacks.ts";
import { snapshotSite, request, ORIGIN, type SnapshotSite } from "../testing/built-site.ts";

let site: SnapshotSite;
beforeAll(async () => {
  site = await snapshotSite();
});

const PAGE = "/docs/getting-started/installation";

function post(body: unknown, headers: Record<string, string> = { "content-type": "application/json" }) {
  return request("/api/docs/events", { method: "POST", body: JSON.stringify(body), headers });
}

function recording(config: DocsRuntimeConfig = {}) {
  const events: AnalyticsEvent[] = [];
  const handler = site.handler({
    config: { ...config, analytics: { onEvent: (event) => void events.push(event), ...(config.analytics as object) } },
  });
  return { handler, events };
}

describe("page events: what the runtime takes", () => {
  it("says nothing is wanted when the config has no analytics, feedback or onCopyClick", async () => {
    const response = await site.handler()(request("/api/docs/events"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      analytics: false,
      feedback: false,
      requireComment: false,
      codeCopy: false,
    });
  });

  it("names each stream the config turns on", async () => {
    const handler = site.handler({ config: { feedback: { requireComment: true }, onCopyClick: () => {} } });
    expect(await (await handler(request("/api/docs/events"))).json()).toEqual({
      analytics: false,
      feedback: true,
      requireComment: true,
      codeCopy: true,
    });
  });

  it("answers 404 on a static export, where the page must report nothing", async () => {
    const staticSite = await snapshotSite("static-export");
    const response = await staticSite.handler({ config: { analytics: true } })(request("/api/docs/events"));
    expect(response.status).toBe(404);
  });
});

describe("page events: analytics", () => {
  it("turns a page view into analytics page_view with the page's path and locale", async () => {
    const { handler, events } = recording();
    const response = await handler(post({ type: "page_view", route: PAGE }));
    expect(await response.json()).toEqual({ ok: true, handled: false });
    expect(events).toEqual([
      { type: "page_view", properties: { path: "getting-started/installation", route: PAGE, locale: null } },
    ]);
  });

  it("reports page actions with their detail and refuses unknown actions", async () => {
    const { handler, events } = recording();
    await handler(post({ type: "page_action", route: PAGE, action: "open_docs", detail: "claude" }));
    expect(events[0]).toMatchObject({ type: "page_action", properties: { action: "open_docs", detail: "claude" } });
    const bad = await handler(post({ type: "page_action", route: PAGE, action: "delete_page" }));
    expect(bad.status).toBe(400);
  });

  it("refuses routes that are not pages, unknown types, other origins and non-JSON bodies", async () => {
    const { handler, events } = recording();
    expect((await handler(post({ type: "page_view", route: "/nope" }))).status).toBe(400);
    expect((await handler(post({ type: "signup", route: PAGE }))).status).toBe(400);
    const foreign = await handler(
      post({ type: "page_view", route: PAGE }, { "content-type": "application/json", origin: "https://evil.test" }),
    );
    expect(foreign.status).toBe(403);
    const form = await handler(post({ type: "page_view", route: PAGE }, { "content-type": "multipart/form-data" }));
    expect(form.status).toBe(415);
    expect(events).toEqual([]);
  });

  it("accepts another origin that mcp.security.allowedOrigins lists (a site behind a proxy)", async () => {
    const { handler, events } = recording({ mcp: { security: { allowedOrigins: ["https://docs.acme.dev"] } } });
    const headers = { "content-type": "application/json", origin: "https://docs.acme.dev" };
    expect((await handler(post({ type: "page_view", route: PAGE }, headers))).status).toBe(200);
    expect(events).toHaveLength(1);
  });

  it("accepts a same-origin text/plain beacon", async () => {
    const { handler, events } = recording();
    const response = await handler(
      post({ type: "page_view", route: PAGE }, { "content-type": "text/plain;charset=UTF-8", origin: ORIGIN }),
    );
    expect(response.status).toBe(200);
    expect(events).toHaveLength(1);
  });
});

describe("page events: code copy", () => {
  const copy = { type: "code_copy", route: PAGE, content: "npm install quire", language: "bash", title: "Install" };

  it("calls onCopyClick with CodeBlockCopyData and keeps the copied text out of analytics by default", async () => {
    const copies: CodeBlockCopyData[] = [];
    const { handler, events } = recording({ onCopyClick: (data) => void copies.push(data) });
    expect(await (await handler(post(copy))).json()).toEqual({ ok: true, handled: true });
    expect(copies).toEqual([
      { content: "npm install quire", url: `${ORIGIN}${PAGE}`, language: "bash", title: "Install" },
    ]);
    expect(events[0].type).toBe("code_copy");
    expect(events[0].properties).toMatchObject({ language: "bash", chars: 17 });
    expect(JSON.stringify(events)).not.toContain("npm install quire");
  });

  it("adds the copied text to the event only with includeInputs", async () => {
    const { handler, events } = recording({ analytics: { includeInputs: true } });
    await handler(post(copy));
    expect(events[0].properties.content).toBe("npm install quire");
  });

  it("answers 500 when onCopyClick throws, without emitting", async () => {
    const { handler, events } = recording({
      onCopyClick: () => {
        throw new Error("boom");
      },
    });
    const response = await handler(post(copy));
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe("callback_failed");
    expect(events).toEqual([]);
  });
});

describe("page events: human feedback", () => {
  it("calls feedback.onFeedback with DocsFeedbackData from the build's page entry", async () => {
    const received: DocsFeedbackData[] = [];
    const { handler, events } = recording({ feedback: { onFeedback: (data) => void received.push(data) } });
    const response = await handler(post({ type: "feedback", route: PAGE, value: "negative", comment: " Too short " }));
    expect(await response.json()).toEqual({ ok: true, handled: true });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      value: "negative",
      url: `${ORIGIN}${PAGE}`,
      pathname: PAGE,
      path: PAGE,
      entry: "docs",
      slug: "getting-started/installation",
      comment: "Too short",
    });
    expect(typeof received[0].title).toBe("string");
    expect(events[0]).toMatchObject({ type: "feedback", properties: { value: "negative", hasComment: true } });
    expect(JSON.stringify(events)).not.toContain("Too short");
  });

  it("is refused when feedback is off, and without a comment when requireComment is set", async () => {
    const off = await site.handler()(post({ type: "feedback", route: PAGE, value: "positive" }));
    expect(off.status).toBe(404);
    const strict = site.handler({ config: { feedback: { requireComment: true } } });
    const bare = await strict(post({ type: "feedback", route: PAGE, value: "positive", comment: "  " }));
    expect((await bare.json()).error.code).toBe("comment_required");
    const bad = await strict(post({ type: "feedback", route: PAGE, value: "meh", comment: "x" }));
    expect(bad.status).toBe(400);
  });
});
