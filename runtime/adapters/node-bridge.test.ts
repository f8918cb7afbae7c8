import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { readBodyCapped, withBufferedBody } from "../http/body.ts";
import { readWebRequest, sendWebResponse } from "./node-bridge.ts";
import type { Encoding } from "./node-compress.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves `make()` through sendWebResponse once and returns what a raw HTTP client received (no decoding). */
async function roundTrip(
  make: () => Response,
  encoding?: Encoding,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; complete: boolean }> {
  server = createServer((_req, res) => void sendWebResponse(res, make(), encoding));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      const done = () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks),
          complete: res.complete,
        });
      res.on("end", done);
      res.on("error", done);
      res.on("aborted", done);
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (encoding: Encoding, bytes: Buffer) =>
  (encoding === "gzip" ? gunzipSync(bytes) : brotliDecompressSync(bytes)).toString("utf8");

/** A body that arrives in pieces, as a stream the handler did not hold in memory. */
function streamed(parts: string[], failAfter?: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (failAfter !== undefined && sent === failAfter) return controller.error(new Error("source failed"));
      if (sent === parts.length) return controller.close();
      controller.enqueue(new TextEncoder().encode(parts[sent++]));
    },
  });
}

describe("sendWebResponse", () => {
  it("sends a small body in one piece with its exact length, compressed or not", async () => {
    const text = JSON.stringify({ results: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Result ${i}` })) });
    const plain = await roundTrip(() => new Response(text));
    expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(text)));
    expect(plain.body.toString("utf8")).toBe(text);
    for (const encoding of ["gzip", "br"] as const) {
      const encoded = await roundTrip(() => new Response(text), encoding);
      expect(encoded.headers["content-length"]).toBe(String(encoded.body.byteLength));
      expect(decode(encoding, encoded.body)).toBe(text);
    }
  });

  it("streams a large body, compressed or not, without a length", async () => {
    const parts = Array.from({ length: 40 }, (_, i) => `chunk ${i}: ${"lorem ipsum ".repeat(300)}\n`);
    const whole = parts.join("");
    expect(Buffer.byteLength(whole)).toBeGreaterThan(64 * 1024);
    const plain = await roundTrip(() => new Response(streamed(parts)));
    expect(plain.headers["content-length"]).toBeUndefined();
    expect(plain.headers["transfer-encoding"]).toBe("chunked");
    expect(plain.body.toString("utf8")).toBe(whole);
    for (const encoding of ["gzip", "br"] as const) {
      const encoded = await roundTrip(() => new Response(streamed(parts)), encoding);
      expect(decode(encoding, encoded.body)).toBe(whole);
    }
  });

  it("sends each event of an event stream when it is written, not when the stream ends", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const events = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode("data: first\n\n"));
        // The stream stays open until the client has the first event: buffering it whole would never end.
        await released;
        controller.enqueue(new TextEncoder().encode("data: second\n\n"));
        controller.close();
      },
    });
    server = createServer(
      (_req, res) =>
        void sendWebResponse(res, new Response(events, { headers: { "content-type": "text/event-stream" } })),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the first event did not arrive before the stream ended")), 5000);
      httpRequest({ host: "127.0.0.1", port, path: "/" }, (res) => {
        let received = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          received += chunk;
          if (received.includes("first")) release();
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve(received);
        });
      })
        .on("error", reject)
        .end();
    });
    expect(text).toBe("data: first\n\ndata: second\n\n");
  });

  it("sends no body for a response without one", async () => {
    const empty = await roundTrip(() => new Response(null, { status: 204 }));
    expect(empty.status).toBe(204);
    expect(empty.body.byteLength).toBe(0);
  });

  it("resets the connection when a small body fails before its end, instead of sending it cut", async () => {
    await expect(roundTrip(() => new Response(streamed(["a", "b", "c"], 2)))).rejects.toThrow(/socket hang up|reset/i);
  });

  it("cuts a streamed body that fails midway, so the client sees an incomplete answer", async () => {
    const parts = Array.from({ length: 20 }, () => "x".repeat(8 * 1024));
    const cut = await roundTrip(() => new Response(streamed(parts, 15)));
    expect(cut.status).toBe(200);
    expect(cut.complete).toBe(false);
    expect(cut.body.byteLength).toBeLessThan(20 * 8 * 1024);
  });
});

/** What `readWebRequest` made of one raw HTTP request, and what the body cap then read from it. */
async function received(
  raw: string,
  cap = 1_000_000,
): Promise<{ request: Request | Response; read?: Awaited<ReturnType<typeof readBodyCapped>>; unread?: boolean }> {
  const { connect } = await import("node:net");
  return new Promise((resolve, reject) => {
    server = createServer(async (req, res) => {
      const request = await readWebRequest(req, "docs.test");
      if (request instanceof Response) resolve({ request });
      else {
        const read = await readBodyCapped(request, cap);
        resolve({ request, read, unread: !request.bodyUsed });
      }
      res.end();
    });
    server.listen(0, "127.0.0.1", () => {
      const socket = connect((server!.address() as AddressInfo).port, "127.0.0.1", () => socket.end(raw));
      socket.on("error", reject);
      socket.resume();
    });
  });
}

describe("readWebRequest", () => {
  const post = (headers: string, body: string) =>
    `POST /api/docs/mcp HTTP/1.1\r\nHost: docs.test\r\n${headers}Connection: close\r\n\r\n${body}`;

  it("reads a small declared body ahead: the cap gets its bytes and the Request's own body stays unread", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const { request, read, unread } = await received(post(`Content-Length: ${body.length}\r\n`, body));
    expect(read?.ok && Buffer.from(read.bytes).toString()).toBe(body);
    expect(unread).toBe(true);
    // Passed on as it is, and its body still reads as what the client sent.
    const passed = withBufferedBody(request as Request, (read as { bytes: Uint8Array }).bytes);
    expect(passed).toBe(request);
    expect(await passed.text()).toBe(body);
  });

  it("still refuses a read-ahead body over the cap", async () => {
    const { read } = await received(post("Content-Length: 10\r\n", "0123456789"), 9);
    expect(read).toEqual({ ok: false, reason: "too_large" });
  });

  it("streams a chunked body, as before, and the cap reads it from the stream", async () => {
    const { request, read, unread } = await received(
      post("Transfer-Encoding: chunked\r\n", "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"),
    );
    expect(read?.ok && Buffer.from(read.bytes).toString()).toBe("abcde");
    expect(unread).toBe(false);
    expect(withBufferedBody(request as Request, new Uint8Array())).not.toBe(request);
  });

  it("answers 400 when the client goes away before the declared body has come", async () => {
    const { request } = await received(post("Content-Length: 100\r\n", "only part"));
    expect(request).toBeInstanceOf(Response);
    expect((request as Response).status).toBe(400);
  });
});
