import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { snapshotSite, type SnapshotSite } from "../testing/built-site.ts";
import { createNodeListener } from "./node-listener.ts";

let site: SnapshotSite;
let server: Server | undefined;
beforeAll(async () => {
  site = await snapshotSite();
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(listener: RequestListener): Promise<string> {
  server = createServer(listener);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The app's own answer after the docs passed a request on. */
const appNext = (res: Parameters<RequestListener>[1]) => () =>
  res.writeHead(418, { "content-type": "text/plain" }).end("app");

describe("createNodeListener (node:http / Express mounting)", () => {
  it("serves docs pages, Markdown, search and feedback from a plain node:http server", async () => {
    const docs = createNodeListener(site.handler());
    const origin = await serve((req, res) => docs(req, res));
    const page = await fetch(`${origin}/docs/getting-started/installation`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Installation");
    const markdown = await fetch(`${origin}/docs/getting-started/installation`, {
      headers: { accept: "text/markdown" },
    });
    expect(markdown.headers.get("content-type")).toContain("text/markdown");
    const feedback = await fetch(`${origin}/api/docs/agent/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payload: { task: "t", understanding: "u", outcome: "o", confidence: 1 } }),
    });
    expect(await feedback.json()).toEqual({ ok: true, handled: false });
  });

  it("without next, answers an unknown page with the docs 404 page", async () => {
    const docs = createNodeListener(site.handler());
    const origin = await serve((req, res) => docs(req, res));
    const response = await fetch(`${origin}/pricing`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it("with next, hands URLs the docs do not own to the app (pages, JSON, POST)", async () => {
    const docs = createNodeListener(site.handler());
    const origin = await serve((req, res) => docs(req, res, appNext(res)));
    for (const [path, init] of [
      ["/pricing", { headers: { accept: "text/html" } }],
      ["/logo.png", {}],
      ["/login", { method: "POST", body: "x" }],
    ] as const) {
      const response = await fetch(`${origin}${path}`, init);
      expect(response.status, path).toBe(418);
      expect(await response.text()).toBe("app");
    }
  });

  it("with next, still answers docs API errors itself", async () => {
    const docs = createNodeListener(site.handler());
    const origin = await serve((req, res) => docs(req, res, appNext(res)));
    const response = await fetch(`${origin}/api/docs?format=markdown&path=no/such/page`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("page_not_found");
  });

  it("reads Express's originalUrl when mounted under a path", async () => {
    const docs = createNodeListener(site.handler());
    const origin = await serve((req, res) => {
      // What Express does for app.use("/docs", docs): strips the mount path from req.url.
      (req as typeof req & { originalUrl: string }).originalUrl = req.url!;
      req.url = req.url!.replace(/^\/docs/, "") || "/";
      docs(req, res, appNext(res));
    });
    const response = await fetch(`${origin}/docs/getting-started/installation.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/markdown");
  });

  it("passes a handler failure to next as an error", async () => {
    const docs = createNodeListener(async () => {
      throw new Error("boom");
    });
    let seen: unknown;
    const origin = await serve((req, res) =>
      docs(req, res, (error) => {
        seen = error;
        res.writeHead(500).end();
      }),
    );
    expect((await fetch(`${origin}/docs`)).status).toBe(500);
    expect((seen as Error).message).toBe("boom");
  });
});
