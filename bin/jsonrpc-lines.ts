/**
 * A guard in front of the SDK's stdio transport, which drops lines it cannot parse without a word to the client.
 * JSON-RPC 2.0 asks for an answer: invalid JSON gets -32700 and a line that is not a JSON-RPC 2.0 message gets -32600.
 * Well-formed lines pass through unchanged for the SDK to handle (unknown methods, unknown tools, bad params).
 */
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

export interface JsonRpcError {
  jsonrpc: "2.0";
  id: string | number | null;
  error: { code: number; message: string };
}

export function guardJsonRpcLines(reply: (error: JsonRpcError) => void): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const take = (stream: Transform, line: string) => {
    const verdict = checkLine(line);
    if (verdict === "pass") stream.push(`${line}\n`);
    else if (verdict) reply(verdict);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending += decoder.write(chunk);
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) take(this, line);
      done();
    },
    flush(done) {
      pending += decoder.end();
      if (pending) take(this, pending);
      done();
    },
  });
}

/** "pass" for a JSON-RPC 2.0 message, null for a blank line, else the error to answer with. */
export function checkLine(line: string): "pass" | JsonRpcError | null {
  const text = line.replace(/\r$/, "");
  if (!text.trim()) return null;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return errorFor(null, -32700, "Parse error: the line is not valid JSON");
  }
  if (!message || typeof message !== "object" || Array.isArray(message)) {
    return errorFor(null, -32600, "Invalid Request: send one JSON-RPC 2.0 message object per line");
  }
  const fields = message as Record<string, unknown>;
  const id = typeof fields.id === "string" || typeof fields.id === "number" ? fields.id : null;
  if (fields.jsonrpc !== "2.0") return errorFor(id, -32600, 'Invalid Request: "jsonrpc" must be "2.0"');
  const isCall = typeof fields.method === "string";
  const isResponse = "id" in fields && ("result" in fields || "error" in fields);
  return isCall || isResponse ? "pass" : errorFor(id, -32600, 'Invalid Request: a request needs a "method"');
}

function errorFor(id: string | number | null, code: number, message: string): JsonRpcError {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
