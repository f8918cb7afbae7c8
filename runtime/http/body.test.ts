import { describe, expect, it } from "vitest";
import { readBodyCapped, withBufferedBody } from "./body.ts";

const CAP = 64;
const bytes = (n: number) => new Uint8Array(n).fill(0x78);

/** A body delivered in chunks of `chunk` bytes, with no Content-Length (what a chunked upload looks like). */
function streamed(total: number, chunk = 10): Request {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(bytes(size));
    },
  });
  return new Request("http://docs.test/mcp", { method: "POST", body, duplex: "half" } as RequestInit);
}

function declared(total: number, length = String(total)): Request {
  return new Request("http://docs.test/mcp", {
    method: "POST",
    headers: { "content-length": length },
    body: bytes(total),
  });
}

describe("readBodyCapped", () => {
  it("accepts a declared body of exactly maxBytes and refuses maxBytes + 1", async () => {
    const exact = await readBodyCapped(declared(CAP), CAP);
    expect(exact).toEqual({ ok: true, bytes: bytes(CAP) });
    expect(await readBodyCapped(declared(CAP + 1), CAP)).toEqual({ ok: false, reason: "too_large" });
  });

  it("refuses a declared excess without reading the body", async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://docs.test/mcp", {
      method: "POST",
      headers: { "content-length": String(CAP + 1) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await readBodyCapped(request, CAP)).toEqual({ ok: false, reason: "too_large" });
    expect(pulled).toBe(false);
  });

  it("counts a streamed body: exactly maxBytes passes, maxBytes + 1 is too large", async () => {
    const exact = await readBodyCapped(streamed(CAP), CAP);
    expect(exact.ok && exact.bytes.byteLength).toBe(CAP);
    expect(await readBodyCapped(streamed(CAP + 1), CAP)).toEqual({ ok: false, reason: "too_large" });
    // Crossing the cap inside one chunk counts too.
    expect(await readBodyCapped(streamed(CAP + 1, CAP + 1), CAP)).toEqual({ ok: false, reason: "too_large" });
  });

  it("stops pulling once the count passes the cap", async () => {
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        chunks++;
        controller.enqueue(bytes(CAP));
      },
    });
    const request = new Request("http://docs.test/mcp", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(await readBodyCapped(request, CAP)).toEqual({ ok: false, reason: "too_large" });
    expect(chunks).toBeLessThan(4);
  });

  it("counts the bytes even when Content-Length claims fewer, or is not a number", async () => {
    const lying = new Request("http://docs.test/mcp", {
      method: "POST",
      headers: { "content-length": "3" },
      body: bytes(CAP + 1),
    });
    expect(await readBodyCapped(lying, CAP)).toEqual({ ok: false, reason: "too_large" });
    expect(await readBodyCapped(declared(CAP + 1, "lots"), CAP)).toEqual({ ok: false, reason: "too_large" });
    expect((await readBodyCapped(declared(CAP, " 64 "), CAP)).ok).toBe(true);
  });

  it("reports a body that fails mid-stream as unreadable", async () => {
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!first) return controller.error(new Error("connection reset"));
        first = false;
        controller.enqueue(bytes(5));
      },
    });
    const request = new Request("http://docs.test/mcp", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(await readBodyCapped(request, CAP)).toEqual({ ok: false, reason: "unreadable" });
  });

  it("reads a missing body as empty", async () => {
    expect(await readBodyCapped(new Request("http://docs.test/mcp", { method: "POST" }), CAP)).toEqual({
      ok: true,
      bytes: new Uint8Array(0),
    });
  });
});

describe("withBufferedBody", () => {
  it("replays the bytes and drops the framing headers of the original", async () => {
    const original = new Request("http://docs.test/mcp", {
      method: "POST",
      headers: { "content-length": "3", "content-type": "application/json" },
      body: "abc",
    });
    const copy = withBufferedBody(original, new TextEncoder().encode("{}"));
    expect(await copy.text()).toBe("{}");
    expect(copy.headers.get("content-type")).toBe("application/json");
    expect(copy.headers.get("content-length")).toBeNull();
  });
});
