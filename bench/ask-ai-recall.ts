/**
 * Ask AI retrieval quality (SPEC 2.18, 8): over the committed example build (snapshots/example), each golden question
 * of runtime/testing/ask-ai-golden.ts is retrieved as the runtime does (agent projection, built-in index, 5 pages),
 * and the rank of its first expected page is printed. Figures: recall@5 (share of questions whose page is in the
 * context), recall@1, mean reciprocal rank, and the median retrieval time per question. Then the runtime's own cost
 * of a whole `POST /api/docs` (`"stream": false`) against the local OpenAI-compatible test server on 127.0.0.1, which
 * answers at once: checks, retrieval, prompt, one loopback call, JSON — everything but the model's thinking time.
 *
 *   npm run bench:ask-ai [-- --k 3]
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { retrieveSources } from "../runtime/ask-ai/retrieve.ts";
import { createSimpleProvider } from "../runtime/search/providers/simple.ts";
import { loadSiteData } from "../runtime/site-data.ts";
import { createDirectoryStore } from "../runtime/store/directory.ts";
import { EXAMPLE_GOLDEN_QUESTIONS } from "../runtime/testing/ask-ai-golden.ts";
import { runtimeFile } from "../runtime/contract/index.ts";
import { createDocsHandler } from "../runtime/handler.ts";
import { startFakeModelServer } from "../runtime/testing/openai-compatible-server.ts";

const { values } = parseArgs({ options: { k: { type: "string", default: "5" } } });
const k = Number(values.k);
const dist = path.resolve(fileURLToPath(new URL("..", import.meta.url)), "snapshots/example");
const data = await loadSiteData(createDirectoryStore(dist));
const provider = createSimpleProvider(data, "agent");
await provider.search("warm up", { limit: 1, locale: null, audience: "agent" });

const rows: { question: string; rank: number | null; ms: number; got: string }[] = [];
for (const { question, expected } of EXAMPLE_GOLDEN_QUESTIONS) {
  const started = performance.now();
  const sources = await retrieveSources(provider, [question], {
    maxResults: k,
    locale: null,
    origin: "http://bench.local",
  });
  const ms = performance.now() - started;
  const paths = sources.map((source) => new URL(source.url).pathname.replace(/^\/docs\/?/, ""));
  const index = paths.findIndex((found) => expected.includes(found));
  rows.push({
    question,
    rank: index < 0 ? null : index + 1,
    ms,
    got: paths[0] === undefined ? "(none)" : paths[0] || "(docs root)",
  });
}

const hits = rows.filter((row) => row.rank !== null);
const recall = hits.length / rows.length;
const recallAt1 = rows.filter((row) => row.rank === 1).length / rows.length;
const mrr = rows.reduce((sum, row) => sum + (row.rank ? 1 / row.rank : 0), 0) / rows.length;
const times = rows.map((row) => row.ms).sort((a, b) => a - b);
for (const row of rows)
  console.log(`${row.rank === null ? "  miss" : `  #${row.rank}  `}  ${row.question}  (top: ${row.got})`);
console.log(`\nAsk AI retrieval, example site, ${rows.length} golden questions, ${k} pages of context:`);
console.log(
  `  recall@${k} ${(recall * 100).toFixed(1)}%   recall@1 ${(recallAt1 * 100).toFixed(1)}%   MRR ${mrr.toFixed(3)}   median ${times[Math.floor(times.length / 2)].toFixed(2)} ms/question`,
);

// The whole request through the handler, the example build overlaid with Ask AI on (as `docs build` writes it).
const model = await startFakeModelServer();
const directory = createDirectoryStore(dist);
const store = {
  async readText(relative: string) {
    const text = await directory.readText(relative);
    return relative === runtimeFile("site.json") && text
      ? JSON.stringify({ ...JSON.parse(text), ai: { enabled: true, packageName: null } })
      : text;
  },
};
const handler = createDocsHandler({
  store,
  config: { ai: { baseUrl: model.baseUrl, apiKey: "bench-key", model: "ok" } },
});
const chat = (question: string) =>
  handler(
    new Request("http://bench.local/api/docs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: question }], stream: false }),
    }),
  );
for (const { question } of EXAMPLE_GOLDEN_QUESTIONS.slice(0, 3)) await (await chat(question)).json();
const requestTimes: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const { question } of EXAMPLE_GOLDEN_QUESTIONS) {
    const started = performance.now();
    const response = await chat(question);
    await response.json();
    if (response.status !== 200) throw new Error(`POST /api/docs answered ${response.status}`);
    requestTimes.push(performance.now() - started);
  }
}
await model.close();
requestTimes.sort((a, b) => a - b);
const at = (q: number) =>
  requestTimes[Math.min(requestTimes.length - 1, Math.floor(q * requestTimes.length))].toFixed(2);
console.log(
  `  POST /api/docs (stream: false, local model answering at once), ${requestTimes.length} requests: p50 ${at(0.5)} ms   p99 ${at(0.99)} ms`,
);
