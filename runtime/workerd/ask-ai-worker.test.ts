/**
 * Ask AI in the real workerd (issue 16): the key reaches the runtime as a worker text binding (`DOCS_AI_API_KEY`, as
 * `wrangler secret put` gives it), the answer streams from a local OpenAI-compatible server through workerd's
 * `fetch`, and the key appears in no response.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSse } from "../ask-ai/test-kit.ts";
import { FAKE_ANSWER_PIECES, startFakeModelServer, type FakeModelServer } from "../testing/openai-compatible-server.ts";
import { snapshotSite } from "../testing/built-site.ts";
import { bundleWorker } from "./bundle-worker.ts";
import { workerdConfig } from "./capnp-config.ts";
import { freePort } from "../testing/free-port.ts";
import { runWorkerd, type RunningWorkerd } from "./run-workerd.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const KEY = "sk-worker-binding-7f3a9c-SECRET";
let work: string;
let workerd: RunningWorkerd;
let model: FakeModelServer;
let origin: string;

beforeAll(async () => {
  model = await startFakeModelServer();
  const site = await snapshotSite("ask-ai");
  work = await mkdtemp(path.join(tmpdir(), "quire-workerd-ai-"));
  // A site's own entry, as the deploy recipe shows: runtime config in code, the key from the environment.
  await writeFile(
    path.join(work, "entry.ts"),
    [
      `import validateFeedback from "quire-feedback-validator";`,
      `import { createWorker } from ${JSON.stringify(path.join(here, "create-worker.ts"))};`,
      `export default createWorker({ validateFeedback, config: { ai: { baseUrl: ${JSON.stringify(model.baseUrl)}, model: "ok" } } });`,
    ].join("\n"),
  );
  await bundleWorker({ entry: path.join(work, "entry.ts"), outFile: path.join(work, "worker.js"), dist: site.dist });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await writeFile(
    path.join(work, "config.capnp"),
    workerdConfig([
      {
        name: "ai",
        moduleFile: "worker.js",
        address: `127.0.0.1:${port}`,
        assetsDir: site.dist,
        vars: { DOCS_AI_API_KEY: KEY },
        localOutbound: true,
      },
    ]),
  );
  workerd = runWorkerd(work);
  await workerd.ready(origin);
}, 120_000);

afterAll(async () => {
  await workerd?.stop();
  await model?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("Ask AI on workerd", () => {
  it("calls the model with the key from the worker's binding and streams the cited answer", async () => {
    const response = await fetch(`${origin}/api/docs`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ messages: [{ role: "user", content: "How hot should the water be for green tea?" }] }),
    });
    expect(response.status, workerd.log()).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const body = await response.clone().text();
    const events = await readSse(response);
    expect(
      events
        .filter((e) => e.event === "delta")
        .map((e) => e.data.text)
        .join(""),
    ).toBe(FAKE_ANSWER_PIECES.join(""));
    const sources = events.find((e) => e.event === "sources")!.data.sources as { url: string }[];
    expect(sources.some((source) => /\/docs\/brewing/.test(source.url))).toBe(true);
    expect(model.calls.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
    expect(body).not.toContain(KEY);
    expect(workerd.log()).not.toContain(KEY);
  }, 30_000);
});
