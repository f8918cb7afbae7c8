/**
 * Test support: in-memory servers on loopback sockets that follow the published REST APIs `docs search sync`
 * talks to — Typesense (collections, JSONL import/export, delete by filter), Algolia (settings, browse cursors,
 * batch, tasks) and the Ollama embeddings API — including their error bodies, plus injected faults (429, 5xx,
 * slow answers) to test retries and timeouts. Written from the vendors' API references; no vendor code.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Fault {
  status: number;
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
  delayMs?: number;
}

export interface FakeServer {
  origin: string;
  /** `METHOD path?query` of every request, in order. */
  log: string[];
  /** Answers the next requests with these faults first (one each), then normally. */
  faults: Fault[];
  /** Every header value received, to check no key travels where it should not. */
  headerValues: string[];
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown; text?: string };
type Route = (method: string, url: URL, body: string, headers: IncomingMessage["headers"]) => Answer;

async function serve(route: Route): Promise<FakeServer> {
  const server: FakeServer = { origin: "", log: [], faults: [], headerValues: [], close: async () => {} };
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    server.log.push(`${req.method} ${url.pathname}${url.search}`);
    server.headerValues.push(...Object.values(req.headers).map(String));
    const fault = server.faults.shift();
    if (fault) {
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (res.destroyed) return;
      res.writeHead(fault.status, {
        "content-type": "application/json",
        ...(fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {}),
      });
      res.end(JSON.stringify({ message: fault.status === 429 ? "Rate limit exceeded" : "Service unavailable" }));
      return;
    }
    const answer = route(req.method ?? "GET", url, Buffer.concat(parts).toString("utf8"), req.headers);
    res.writeHead(answer.status, { "content-type": answer.text !== undefined ? "text/plain" : "application/json" });
    res.end(answer.text ?? JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  server.origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  server.close = () =>
    new Promise((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  return server;
}

const json = (status: number, body: unknown): Answer => ({ status, body });

export interface FakeTypesense extends FakeServer {
  collections: Map<
    string,
    { schema: { name: string; fields: { name: string; type: string }[] }; docs: Map<string, Record<string, unknown>> }
  >;
}

/**
 * Typesense: `X-TYPESENSE-API-KEY` must equal `adminKey` (or `searchKey`, for searches only); `{"message": …}`
 * error bodies. Search matches documents holding every query word in `query_by` fields, as `{found, hits}`.
 */
export async function startFakeTypesense(adminKey: string, searchKey?: string): Promise<FakeTypesense> {
  const collections: FakeTypesense["collections"] = new Map();
  const server = await serve((method, url, body, headers) => {
    const key = headers["x-typesense-api-key"];
    const searching =
      (method === "GET" && url.pathname.endsWith("/documents/search")) ||
      (method === "POST" && url.pathname === "/multi_search");
    if (key !== adminKey && !(searching && searchKey && key === searchKey))
      return json(401, { message: "Forbidden - a valid `x-typesense-api-key` header must be sent." });
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts[0] === "multi_search" && method === "POST") {
      const results = (JSON.parse(body).searches as Record<string, unknown>[]).map((one) => {
        const target = collections.get(String(one.collection));
        if (!target) return { code: 404, error: `Collection \`${one.collection}\` not found.` };
        return { found: 0, hits: hybridHits(target.docs, one) };
      });
      return json(200, { results });
    }
    if (parts[0] !== "collections") return json(404, { message: "Not Found" });
    if (parts.length === 1 && method === "POST") {
      const schema = JSON.parse(body);
      if (typeof schema.name !== "string" || !Array.isArray(schema.fields))
        return json(400, { message: "Parameter `name` and `fields` are required." });
      if (collections.has(schema.name))
        return json(409, { message: `A collection with name \`${schema.name}\` already exists.` });
      collections.set(schema.name, { schema, docs: new Map() });
      return json(201, { ...schema, num_documents: 0 });
    }
    const collection = collections.get(parts[1]);
    if (!collection) return json(404, { message: `Collection with name \`${parts[1]}\` not found` });
    if (parts.length === 2 && method === "GET")
      return json(200, { ...collection.schema, num_documents: collection.docs.size });
    if (parts.length === 2 && method === "PATCH") {
      const { fields } = JSON.parse(body);
      collection.schema.fields.push(...fields);
      return json(200, { fields });
    }
    if (parts[2] !== "documents") return json(404, { message: "Not Found" });
    if (parts[3] === "search" && method === "GET") {
      const fields = (url.searchParams.get("query_by") ?? "").split(",").filter(Boolean);
      const words = (url.searchParams.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      const hits = [...collection.docs.values()]
        .filter((doc) => {
          const text = fields
            .map((field) => String(doc[field] ?? ""))
            .join(" ")
            .toLowerCase();
          return words.every((word) => text.includes(word));
        })
        .slice(0, Number(url.searchParams.get("per_page") ?? 10))
        .map((document) => ({ document, text_match: 1 }));
      return json(200, { found: hits.length, hits });
    }
    if (parts[3] === "export" && method === "GET") {
      const include = url.searchParams.get("include_fields")?.split(",");
      const lines = [...collection.docs.values()].map((doc) =>
        JSON.stringify(include ? Object.fromEntries(include.filter((k) => k in doc).map((k) => [k, doc[k]])) : doc),
      );
      return { status: 200, body: null, text: lines.join("\n") };
    }
    if (parts[3] === "import" && method === "POST") {
      if (url.searchParams.get("action") !== "upsert") return json(400, { message: "Only upsert is served here." });
      const results = body
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => {
          let doc: Record<string, unknown>;
          try {
            doc = JSON.parse(line);
          } catch {
            return { success: false, error: "Bad JSON.", document: line };
          }
          for (const field of collection.schema.fields) {
            const value = doc[field.name];
            const optional = (field as { optional?: boolean }).optional;
            if (value === undefined && !optional)
              return {
                success: false,
                error: `Field \`${field.name}\` has been declared in the schema, but is not found in the document.`,
                document: line,
              };
            if (field.type === "float[]" && value !== undefined) {
              const dims = (field as { num_dim?: number }).num_dim;
              if (!Array.isArray(value) || value.length !== dims)
                return {
                  success: false,
                  error: `Field \`${field.name}\` must have ${dims} dimensions.`,
                  document: line,
                };
            }
          }
          if (typeof doc.id !== "string")
            return { success: false, error: "Document's `id` field should be a string.", document: line };
          collection.docs.set(doc.id, doc);
          return { success: true };
        });
      return { status: 200, body: null, text: results.map((r) => JSON.stringify(r)).join("\n") };
    }
    if (parts.length === 3 && method === "DELETE") {
      const filter = url.searchParams.get("filter_by") ?? "";
      const match = /^id:\[(.*)\]$/s.exec(filter);
      if (!match) return json(400, { message: "Parameter `filter_by` must be an id list here." });
      const ids = [...match[1].matchAll(/`([^`]*)`/g)].map((m) => m[1]);
      let deleted = 0;
      for (const id of ids) if (collection.docs.delete(id)) deleted++;
      return json(200, { num_deleted: deleted });
    }
    return json(404, { message: "Not Found" });
  });
  return Object.assign(server, { collections });
}

/**
 * `q` + `vector_query: embedding:([…], k:N)`: keyword hits ranked by how many query words they hold, vector hits by
 * cosine similarity, fused by rank as Typesense documents it (0.7 × 1/(keyword rank+1) + 0.3 × 1/(vector rank+1)).
 */
function hybridHits(docs: Map<string, Record<string, unknown>>, search: Record<string, unknown>) {
  const fields = String(search.query_by ?? "").split(",");
  const words = String(search.q ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const match = /^embedding:\(\[([^\]]*)\], k:(\d+)\)$/.exec(String(search.vector_query ?? ""));
  const query = match ? match[1].split(",").map(Number) : [];
  const all = [...docs.values()];
  const keyword = all
    .map((doc) => {
      const text = fields
        .map((field) => String(doc[field] ?? ""))
        .join(" ")
        .toLowerCase();
      return { doc, score: words.filter((word) => text.includes(word)).length };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  const vector = all
    .filter((doc) => Array.isArray(doc.embedding))
    .map((doc) => ({ doc, score: (doc.embedding as number[]).reduce((sum, x, i) => sum + x * (query[i] ?? 0), 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, match ? Number(match[2]) : 0);
  const fused = new Map<Record<string, unknown>, number>();
  for (const [rank, { doc }] of keyword.entries()) fused.set(doc, (fused.get(doc) ?? 0) + 0.7 / (rank + 1));
  for (const [rank, { doc }] of vector.entries()) fused.set(doc, (fused.get(doc) ?? 0) + 0.3 / (rank + 1));
  return [...fused]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(search.per_page ?? 10))
    .map(([doc, score]) => {
      const { embedding: _vector, ...document } = doc;
      return { document, hybrid_search_info: { rank_fusion_score: score } };
    });
}

export interface FakeAlgolia extends FakeServer {
  indexes: Map<string, { settings: Record<string, unknown>; records: Map<string, Record<string, unknown>> }>;
  /** Task ids still "notPublished" for this many status checks. */
  pendingChecks: number;
}

/** Algolia: app id + admin key headers; `{"message": …, "status": …}` errors; browse pages of `pageSize`. */
export async function startFakeAlgolia(appId: string, adminKey: string, pageSize = 1000): Promise<FakeAlgolia> {
  const indexes: FakeAlgolia["indexes"] = new Map();
  let task = 100;
  const cursors = new Map<string, { index: string; offset: number }>();
  const state = { pendingChecks: 1 };
  const error = (status: number, message: string) => json(status, { message, status });
  const server = await serve((method, url, body, headers) => {
    if (headers["x-algolia-application-id"] !== appId || headers["x-algolia-api-key"] !== adminKey)
      return error(403, "Invalid Application-ID or API key");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== "1" || parts[1] !== "indexes" || !parts[2]) return error(404, "Not found");
    const name = parts[2];
    const index = indexes.get(name);
    const action = parts[3];
    if (action === "settings" && method === "GET")
      return index ? json(200, index.settings) : error(404, "Index does not exist");
    if (action === "settings" && method === "PUT") {
      const target = index ?? { settings: {}, records: new Map() };
      Object.assign(target.settings, JSON.parse(body));
      indexes.set(name, target);
      return json(200, { taskID: ++task, updatedAt: "2026-11-23T00:00:00.000Z" });
    }
    if (action === "browse" && method === "POST") {
      if (!index) return error(404, "Index does not exist");
      const params = JSON.parse(body || "{}");
      const from = params.cursor ? cursors.get(params.cursor) : { index: name, offset: 0 };
      if (!from) return error(400, "cursor is not valid anymore");
      const size = Math.min(params.hitsPerPage ?? 1000, pageSize);
      const all = [...index.records.values()];
      const hits = all.slice(from.offset, from.offset + size);
      const next = from.offset + size < all.length ? `c${task}-${from.offset + size}` : undefined;
      if (next) cursors.set(next, { index: name, offset: from.offset + size });
      return json(200, { hits, ...(next ? { cursor: next } : {}), nbHits: all.length });
    }
    if (action === "batch" && method === "POST") {
      const { requests } = JSON.parse(body);
      if (!Array.isArray(requests)) return error(400, "Missing requests");
      const target = index ?? { settings: {}, records: new Map() };
      indexes.set(name, target);
      const ids: string[] = [];
      for (const [position, request] of requests.entries()) {
        const record = request.body ?? {};
        if (typeof record.objectID !== "string") return error(400, `Missing objectID at position ${position}`);
        const size = Buffer.byteLength(JSON.stringify(record));
        if (size > 100_000)
          return error(
            400,
            `Record at the position ${position} objectID=${record.objectID} is too big size=${size}/100000 bytes.`,
          );
        if (request.action === "updateObject") target.records.set(record.objectID, record);
        else if (request.action === "deleteObject") target.records.delete(record.objectID);
        else return error(400, `Unknown action ${request.action}`);
        ids.push(record.objectID);
      }
      return json(200, { taskID: ++task, objectIDs: ids });
    }
    if (action === "task" && method === "GET") {
      if (state.pendingChecks > 0) {
        state.pendingChecks--;
        return json(200, { status: "notPublished", pendingTask: true });
      }
      return json(200, { status: "published", pendingTask: false });
    }
    return error(404, "Not found");
  });
  return Object.assign(server, {
    indexes,
    get pendingChecks() {
      return state.pendingChecks;
    },
    set pendingChecks(value: number) {
      state.pendingChecks = value;
    },
  });
}

/**
 * Ollama `POST /api/embed` with `{model, input}` (string or array) → `{model, embeddings}`; an unknown model is a
 * 404 `{"error": "model \"…\" not found, try pulling it first"}`. Vectors are word-hash bags of `dimensions`
 * numbers, so texts sharing words are close — enough to check that vectors travel and rank.
 */
export async function startFakeOllama(models: string[], dimensions = 8): Promise<FakeServer> {
  return serve((method, url, body) => {
    if (url.pathname !== "/api/embed" || method !== "POST")
      return { status: 404, body: null, text: "404 page not found" };
    const { model, input } = JSON.parse(body);
    if (!models.includes(model)) return json(404, { error: `model "${model}" not found, try pulling it first` });
    const texts: string[] = Array.isArray(input) ? input : [input];
    return json(200, { model, embeddings: texts.map((text) => fakeVector(text, dimensions)) });
  });
}

export function fakeVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % dimensions] += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}
