import { describe, expect, it } from "vitest";
import { parseEvent } from "./mcp-messages.ts";

describe("parseEvent", () => {
  it("joins data lines and ignores events without JSON data", () => {
    expect(parseEvent('event: message\nid: 4\ndata: {"a":\ndata:1}')).toEqual({ a: 1 });
    expect(parseEvent(": keep-alive")).toBeUndefined();
    expect(parseEvent("data: not json")).toBeUndefined();
  });
});
