import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { checkLine, guardJsonRpcLines, type JsonRpcError } from "./jsonrpc-lines.ts";

describe("JSON-RPC line guard (stdio)", () => {
  it("passes requests, notifications and responses through", () => {
    expect(checkLine('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toBe("pass");
    expect(checkLine('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBe("pass");
    expect(checkLine('{"jsonrpc":"2.0","id":"a","result":{}}')).toBe("pass");
    expect(checkLine("   ")).toBeNull();
  });

  it("answers what is not JSON-RPC 2.0", () => {
    expect(checkLine("{oops")).toMatchObject({ id: null, error: { code: -32700 } });
    expect(checkLine("[]")).toMatchObject({ id: null, error: { code: -32600 } });
    expect(checkLine('"ping"')).toMatchObject({ id: null, error: { code: -32600 } });
    expect(checkLine('{"jsonrpc":"1.0","id":9,"method":"ping"}')).toMatchObject({ id: 9, error: { code: -32600 } });
    expect(checkLine('{"jsonrpc":"2.0","id":9}')).toMatchObject({ id: 9, error: { code: -32600 } });
  });

  it("reassembles lines and multi-byte characters split across chunks", async () => {
    const errors: JsonRpcError[] = [];
    const input = new PassThrough();
    const guarded = input.pipe(guardJsonRpcLines((error) => errors.push(error)));
    let output = "";
    guarded.on("data", (chunk) => (output += chunk));
    const line = Buffer.from(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_docs","arguments":{"query":"café"}}}\n',
    );
    const cut = line.indexOf(Buffer.from("é")) + 1;
    input.write(line.subarray(0, cut));
    input.write(Buffer.concat([line.subarray(cut), Buffer.from('nope\n{"jsonrpc":"2.0","method":"x"}')]));
    input.end();
    await new Promise((resolve) => guarded.on("end", resolve));
    expect(output).toBe(`${line.toString()}{"jsonrpc":"2.0","method":"x"}\n`);
    expect(errors.map((e) => e.error.code)).toEqual([-32700]);
  });
});
