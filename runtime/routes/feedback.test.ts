import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DocsAgentFeedbackData, DocsRuntimeConfig } from "../config.ts";
import { runtimeFile } from "../contract/index.ts";
import { createDocsHandler } from "../handler.ts";
import { createDirectoryStore } from "../store/directory.ts";
import { snapshotSite, request, type SnapshotSite } from "../testing/built-site.ts";

let site: SnapshotSite;
beforeAll(async () => {
  site = await snapshotSite();
});

const VALID = {
  context: { page: "/docs/getting-started/installation", source: "md-route" },
  payload: { task: "install", outcome: "worked", confidence: 0.9 },
};

function post(
  url: string,
  body: BodyInit | null,
  headers: Record<string, string> = { "content-type": "application/json" },
  init: RequestInit = {},
) {
  return request(url, { method: "POST", body, headers, ...init } as RequestInit);
}

function withCallback(onFeedback: (data: DocsAgentFeedbackData) => unknown, extra: DocsRuntimeConfig = {}) {
  return site.handler({ config: { feedback: { agent: { onFeedback } }, ...extra } });
}

describe("agent feedback schema", () => {
  it.each(["/api/docs/agent/feedback/schema", "/api/docs?feedback=agent&schema=1"])(
    "serves the payload schema at %s",
    async (url) => {
      const response = await site.handler()(request(url));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/schema+json");
      expect(await response.text()).toBe(await readFile(path.join(site.dist, "_docs/feedback-schema.json"), "utf8"));
    },
  );

  it("answers GET on the submit route with 405 and POST on the schema route with 405", async () => {
    const get = await site.handler()(request("/api/docs/agent/feedback"));
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const postSchema = await site.handler()(post("/api/docs/agent/feedback/schema", "{}"));
    expect(postSchema.status).toBe(405);
  });
});

describe("agent feedback submissions", () => {
  it.each(["/api/docs/agent/feedback", "/api/docs?feedback=agent"])(
    "acknowledges a valid submission at %s without a callback",
    async (url) => {
      const response = await site.handler()(post(url, JSON.stringify(VALID)));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, handled: false });
    },
  );

  it("runs feedback.agent.onFeedback after a valid submission", async () => {
    const onFeedback = vi.fn();
    const response = await withCallback(onFeedback)(post("/api/docs/agent/feedback", JSON.stringify(VALID)));
    expect(await response.json()).toEqual({ ok: true, handled: true });
    expect(onFeedback).toHaveBeenCalledOnce();
    expect(onFeedback.mock.calls[0][0]).toMatchObject({
      payload: VALID.payload,
      context: VALID.context,
      route: "/api/docs/agent/feedback",
    });
  });

  it("rejects a payload that fails the schema with 400 and the validator errors, without calling onFeedback", async () => {
    const onFeedback = vi.fn();
    const response = await withCallback(onFeedback)(
      post("/api/docs/agent/feedback", JSON.stringify({ payload: { task: "x", confidence: 7 } })),
    );
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("invalid_payload");
    expect(error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ keyword: "required", params: { missingProperty: "outcome" } }),
        expect.objectContaining({ keyword: "maximum", instancePath: "/confidence" }),
      ]),
    );
    expect(onFeedback).not.toHaveBeenCalled();
  });

  it.each([
    ["not JSON", "{nope", "invalid_json"],
    ["invalid UTF-8", new Uint8Array([0x7b, 0xff, 0x7d]), "invalid_json"],
    ["an array", "[]", "invalid_body"],
    ["no payload", "{}", "invalid_body"],
    ["a string payload", '{"payload":"hi"}', "invalid_body"],
    ["a non-object context", '{"context":"x","payload":{"task":"t","outcome":"o"}}', "invalid_context"],
    ["a numeric context.page", '{"context":{"page":1},"payload":{"task":"t","outcome":"o"}}', "invalid_context"],
  ])("answers %s with 400", async (_name, body, code) => {
    const response = await site.handler()(post("/api/docs/agent/feedback", body as BodyInit));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe(code);
  });

  it.each([["text/plain"], ["application/x-www-form-urlencoded"], [""]])(
    "answers content-type %j with 415",
    async (type) => {
      const headers: Record<string, string> = type ? { "content-type": type } : {};
      const response = await site.handler()(post("/api/docs/agent/feedback", JSON.stringify(VALID), headers));
      expect(response.status).toBe(415);
    },
  );

  it("accepts application/json with parameters and +json types", async () => {
    for (const type of ["application/json; charset=utf-8", "application/feedback+json"]) {
      expect(
        (await site.handler()(post("/api/docs/agent/feedback", JSON.stringify(VALID), { "content-type": type })))
          .status,
      ).toBe(200);
    }
  });

  it("refuses a body over maxBodyBytes with 413, with or without Content-Length", async () => {
    const handler = site.handler({ config: { mcp: { security: { maxBodyBytes: 64 } } } });
    const big = JSON.stringify({ payload: { task: "x".repeat(200), outcome: "o" } });
    expect((await handler(post("/api/docs/agent/feedback", big))).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    expect(
      (
        await handler(
          post("/api/docs/agent/feedback", stream, { "content-type": "application/json" }, {
            duplex: "half",
          } as RequestInit),
        )
      ).status,
    ).toBe(413);
    const lying = await handler(
      post("/api/docs/agent/feedback", big, { "content-type": "application/json", "content-length": "10" }),
    );
    expect(lying.status).toBe(413);
  });

  it("accepts a body of exactly maxBodyBytes and refuses one byte more", async () => {
    const body = JSON.stringify(VALID);
    const cap = Buffer.byteLength(body);
    const handler = site.handler({ config: { mcp: { security: { maxBodyBytes: cap } } } });
    expect((await handler(post("/api/docs/agent/feedback", body))).status).toBe(200);
    expect((await handler(post("/api/docs/agent/feedback", `${body} `))).status).toBe(413);
  });

  it("answers a body that breaks off mid-stream with 400 unreadable_body", async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"payload":'));
        controller.error(new Error("connection reset"));
      },
    });
    const response = await site.handler()(
      post("/api/docs/agent/feedback", broken, { "content-type": "application/json" }, {
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("unreadable_body");
  });

  it("answers 503 when the server was started without the compiled validator", async () => {
    const handler = createDocsHandler({ store: createDirectoryStore(site.dist) });
    const response = await handler(post("/api/docs/agent/feedback", JSON.stringify(VALID)));
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe("feedback_validator_missing");
  });

  it("answers 500 without internals when onFeedback throws", async () => {
    const response = await withCallback(() => {
      throw new Error("secret db password");
    })(post("/api/docs/agent/feedback", JSON.stringify(VALID)));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toContain("feedback_handler_failed");
    expect(text).not.toContain("secret");
  });

  it("never adds feedback to search", async () => {
    const marker = "zebracornfeedback";
    await site.handler()(
      post("/api/docs/agent/feedback", JSON.stringify({ payload: { task: marker, outcome: marker } })),
    );
    const { results } = await (await site.handler()(request(`/api/docs?query=${marker}`))).json();
    expect(results).toEqual([]);
  });
});

describe("custom feedback routes", () => {
  // What the compiler writes for `feedback: { agent: { route: "/agent-feedback", schemaRoute: "/agent-feedback.schema" } }`.
  async function customRoutes() {
    const settings = JSON.parse(await site.readText(runtimeFile("site.json")));
    settings.feedback.agent = { enabled: true, route: "/agent-feedback", schemaRoute: "/agent-feedback.schema" };
    return site.overlay({ [runtimeFile("site.json")]: JSON.stringify(settings) });
  }

  it("serves the schema and takes submissions at the configured routes", async () => {
    const handler = createDocsHandler({ store: await customRoutes(), validateFeedback: site.validateFeedback });
    expect((await handler(request("/agent-feedback.schema"))).status).toBe(200);
    expect(await (await handler(post("/agent-feedback", JSON.stringify(VALID)))).json()).toEqual({
      ok: true,
      handled: false,
    });
    expect((await handler(post("/api/docs/agent/feedback", JSON.stringify(VALID)))).status).toBe(404);
  });
});
