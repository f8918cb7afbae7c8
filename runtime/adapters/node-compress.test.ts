import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  compressBytes,
  compressResponse,
  createEncoder,
  type Encoding,
  isCompressible,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  preferredEncoding,
} from "./node-compress.ts";

const decode = (encoding: Encoding, bytes: Buffer) =>
  encoding === "gzip" ? gunzipSync(bytes) : brotliDecompressSync(bytes);

const text = (body: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/markdown; charset=utf-8", ...headers } });

async function encoded(response: Response, acceptEncoding: string): Promise<{ response: Response; bytes: Buffer }> {
  const out = compressResponse(response, { method: "GET", acceptEncoding });
  const source = Buffer.from(await out.response.arrayBuffer());
  if (!out.encoding) return { response: out.response, bytes: source };
  // Both ways node-bridge.ts encodes a body must give the same bytes: in one piece, and streamed.
  const encoder = createEncoder(out.encoding);
  const chunks: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => chunks.push(chunk));
  await new Promise<void>((resolve, reject) => {
    encoder.on("end", resolve).on("error", reject);
    encoder.end(source);
  });
  const whole = compressBytes(out.encoding, source);
  expect(decode(out.encoding, whole).equals(decode(out.encoding, Buffer.concat(chunks)))).toBe(true);
  return { response: out.response, bytes: whole };
}

describe("Accept-Encoding negotiation", () => {
  it("prefers brotli, honours q-values, wildcards and refusals", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0.2, gzip;q=0.8")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0, gzip;q=0")).toBeNull();
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(null)).toBeNull();
    expect(negotiateEncoding("br;q=abc, gzip")).toBe("gzip");
    expect(negotiateEncoding(" ,;, ;q=1")).toBeNull();
    // The server's preference decides only between encodings the client rates alike.
    expect(negotiateEncoding("gzip, deflate, br", "gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=1, gzip;q=0.9", "gzip")).toBe("br");
    expect(negotiateEncoding("br", "gzip")).toBe("br");
  });

  it("prefers gzip for JSON answers and brotli for pages and other text, when the client takes both", () => {
    expect(preferredEncoding("application/json; charset=utf-8")).toBe("gzip");
    expect(preferredEncoding("application/problem+json")).toBe("gzip");
    expect(preferredEncoding("text/html; charset=utf-8")).toBe("br");
    expect(preferredEncoding("text/markdown")).toBe("br");
    expect(preferredEncoding("application/jsonl")).toBe("br");
    expect(preferredEncoding(null)).toBe("br");
    const json = new Response("{}".padEnd(4096, " "), { headers: { "content-type": "application/json" } });
    expect(compressResponse(json, { method: "GET", acceptEncoding: "gzip, deflate, br" }).encoding).toBe("gzip");
    const page = new Response("<p>".padEnd(4096, "x"), { headers: { "content-type": "text/html" } });
    expect(compressResponse(page, { method: "GET", acceptEncoding: "gzip, deflate, br" }).encoding).toBe("br");
  });
});

describe("what is compressed", () => {
  const big = "word ".repeat(MIN_COMPRESS_BYTES);
  it("compresses text, JSON, XML, JavaScript and SVG", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "application/json",
      "application/linkset+json",
      "application/xml",
      "application/javascript",
      "image/svg+xml",
      "text/css",
    ]) {
      expect(isCompressible(text(big, { "content-type": type }), "GET"), type).toBe(true);
    }
  });

  it("leaves images, event streams, encoded, ranged, tiny and body-less answers alone", () => {
    expect(isCompressible(text(big, { "content-type": "image/png" }), "GET")).toBe(false);
    expect(isCompressible(text(big, { "content-type": "text/event-stream" }), "GET")).toBe(false);
    expect(isCompressible(text(big, { "content-encoding": "gzip" }), "GET")).toBe(false);
    expect(isCompressible(text(big, { "content-range": "bytes 0-9/10" }), "GET")).toBe(false);
    expect(isCompressible(text(big, { "cache-control": "public, no-transform" }), "GET")).toBe(false);
    expect(isCompressible(text("short", { "content-length": "5" }), "GET")).toBe(false);
    expect(isCompressible(new Response(null, { status: 304, headers: { "content-type": "text/html" } }), "GET")).toBe(
      false,
    );
    expect(isCompressible(new Response(null, { status: 200, headers: { "content-type": "text/html" } }), "GET")).toBe(
      false,
    );
  });

  it("compresses exactly from MIN_COMPRESS_BYTES on when the length is declared", () => {
    const at = "x".repeat(MIN_COMPRESS_BYTES);
    expect(isCompressible(text(at, { "content-length": String(MIN_COMPRESS_BYTES) }), "GET")).toBe(true);
    expect(isCompressible(text(at.slice(1), { "content-length": String(MIN_COMPRESS_BYTES - 1) }), "GET")).toBe(false);
  });

  it("round-trips the bytes through brotli and gzip, with weak ETag, Vary and no Content-Length", async () => {
    const source = () => text(big, { etag: '"abc"', vary: "Accept", "content-length": String(Buffer.byteLength(big)) });
    const br = await encoded(source(), "br");
    expect(br.response.headers.get("content-encoding")).toBe("br");
    expect(br.response.headers.get("etag")).toBe('W/"abc"');
    expect(br.response.headers.get("vary")).toBe("Accept, Accept-Encoding");
    expect(br.response.headers.has("content-length")).toBe(false);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(big);
    const gzip = await encoded(source(), "gzip");
    expect(gunzipSync(gzip.bytes).toString()).toBe(big);
    const identity = await encoded(source(), "identity");
    expect(identity.response.headers.get("content-encoding")).toBeNull();
    expect(identity.response.headers.get("etag")).toBe('"abc"');
    expect(identity.response.headers.get("vary")).toBe("Accept, Accept-Encoding");
    expect(identity.bytes.toString()).toBe(big);
  });

  it("gives HEAD the headers GET would have, without an encoder", () => {
    const out = compressResponse(
      new Response(null, { headers: { "content-type": "text/html", "content-length": "5000" } }),
      { method: "HEAD", acceptEncoding: "gzip" },
    );
    expect(out.encoding).toBeUndefined();
    expect(out.response.headers.get("content-encoding")).toBe("gzip");
    expect(out.response.headers.has("content-length")).toBe(false);
  });
});
