import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDescriptor } from "./descriptor.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "quire-smoke-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function descriptor(text: string) {
  const file = path.join(dir, "smoke.json");
  await writeFile(file, text);
  return () => readDescriptor(file);
}

describe("smoke.json descriptors", () => {
  it("fills every default from {}", async () => {
    expect((await descriptor("{}"))()).toEqual({
      node: null,
      client: false,
      dev: false,
      docsPath: "/docs",
      page: "getting-started/installation",
      readyPath: "/docs/getting-started/installation",
      startTimeoutSeconds: 60,
      env: {},
    });
  });

  it("derives readyPath from docsPath and page", async () => {
    const read = await descriptor('{ "docsPath": "/guide/", "page": "faq", "node": 22 }');
    expect(read()).toMatchObject({ readyPath: "/guide/faq", node: 22 });
  });

  it.each([
    ['{ "port": 3000 }', /unknown key "port"/],
    ['{ "node": 20 }', /"node" must be 22/],
    ['{ "startTimeoutSeconds": 0 }', /must be > 0/],
    ['{ "env": { "A": 1 } }', /"env" must map names to strings/],
    ['{ "page": 3 }', /"page" must be a string/],
    ['{ "client": "yes" }', /"client" must be true or false/],
    ['{ "dev": 1 }', /"dev" must be true or false/],
    ["[]", /expected an object/],
    ["{ nope", /not readable JSON/],
  ])("refuses %s with a message naming the file", async (text, message) => {
    const read = await descriptor(text);
    expect(read).toThrow(message);
    expect(read).toThrow(/smoke\.json/);
  });
});
