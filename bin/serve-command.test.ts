import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../compiler/index.ts";
import { freePort } from "../runtime/testing/free-port.ts";

let dist: string;
let child: ChildProcess;
let origin: string;
let output = "";

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "quire-serve-"));
  await build({ root: "fixtures/example", outDir: dist, git: false });
  const port = await freePort();
  child = spawn(
    process.execPath,
    ["bin/docs.js", "serve", "--root", "fixtures/example", "--dist", dist, "--port", String(port)],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`docs serve did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/docs serve: (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`docs serve exited with ${code}:\n${output}`)));
  });
  expect(url).toBe(`http://127.0.0.1:${port}/docs`);
  origin = new URL(url).origin;
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await rm(dist, { recursive: true, force: true });
});

describe("docs serve (end to end)", () => {
  it("prints the docs URL and serves the HTML page there", async () => {
    const response = await fetch(`${origin}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("serves search, Markdown negotiation, the config map and the changes feed", async () => {
    const search = await (await fetch(`${origin}/api/docs?query=idempotency`)).json();
    expect(search.results[0].url).toContain("/docs/concepts/jobs");
    const markdown = await fetch(`${origin}/docs/concepts/jobs`, { headers: { accept: "text/markdown" } });
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await markdown.text()).toContain("AGENT-ONLY");
    const config = await fetch(`${origin}/api/docs?format=config`);
    expect(config.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=3600");
    const changes = await fetch(`${origin}/api/docs?audience=agent&response=changes&since=1`);
    const etag = changes.headers.get("etag")!;
    expect((await changes.json()).mode).toBe("delta");
    expect(
      (
        await fetch(`${origin}/api/docs?audience=agent&response=changes&since=1`, {
          headers: { "if-none-match": etag },
        })
      ).status,
    ).toBe(304);
  });

  it("validates feedback with the build's compiled validator", async () => {
    const post = (payload: unknown) =>
      fetch(`${origin}/api/docs/agent/feedback`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ payload }),
      });
    expect(await (await post({ task: "t", outcome: "o" })).json()).toEqual({ ok: true, handled: false });
    expect((await post({ task: "t" })).status).toBe(400);
  });

  it("serves the MCP endpoint", async () => {
    const response = await fetch(`${origin}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).result.serverInfo.name).toBe("Acme Queue");
  });

  it("serves static assets, the 404 page for unknown page URLs and the 404 JSON for unknown API URLs", async () => {
    expect((await fetch(`${origin}/robots.txt`)).headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const missing = await fetch(`${origin}/docs/nope`, { headers: { accept: "text/html" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await missing.text()).toContain("<h1>Page not found</h1>");
    const api = await fetch(`${origin}/api/docs/nope`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe("not_found");
  });
});

describe("docs serve errors", () => {
  it("exits 1 with a clear message when there is no build", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "quire-serve-empty-"));
    const result = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const run = spawn(
        process.execPath,
        ["bin/docs.js", "serve", "--root", "fixtures/example", "--dist", empty, "--port", "0"],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      let text = "";
      run.stdout!.on("data", (chunk) => (text += chunk));
      run.stderr!.on("data", (chunk) => (text += chunk));
      run.on("exit", (code) => resolve({ code, text }));
    });
    await rm(empty, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.text).toContain("run `docs build` first");
  }, 30_000);
});
