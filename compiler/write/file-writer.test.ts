import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileWriter } from "./file-writer.ts";

let folder: string;
let writer: FileWriter;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "quire-file-writer-"));
  writer = new FileWriter();
});

afterEach(async () => {
  await writer.close();
  await rm(folder, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text);
const at = (name: string) => path.join(folder, name);

describe("FileWriter", () => {
  it("writes files in the order given, making their folders, and a name given twice ends with its last bytes", async () => {
    writer.write({ target: at("a/b/page.html"), bytes: bytes("first"), replace: false });
    writer.write({ target: at("a/c.md"), bytes: bytes("# C"), replace: false });
    writer.write({ target: at("a/b/page.html"), bytes: bytes("second"), replace: true });
    await writer.flush();
    expect(writer.pendingBytes()).toBe(0);
    expect(await readFile(at("a/b/page.html"), "utf8")).toBe("second");
    expect(await readFile(at("a/c.md"), "utf8")).toBe("# C");
  });

  it("links a file from the previous output when it can, and replaces rather than writes through a link", async () => {
    const previous = at("previous.html");
    await writeFile(previous, "unchanged");
    writer.write({ target: at("out/page.html"), bytes: bytes("unchanged"), linkFrom: previous, replace: false });
    writer.write({ target: at("out/page.html"), bytes: bytes("a public file over it"), replace: true });
    writer.write({ target: at("out/other.html"), bytes: bytes("written"), linkFrom: at("missing"), replace: false });
    await writer.flush();
    expect(await readFile(previous, "utf8")).toBe("unchanged");
    expect(await readFile(at("out/page.html"), "utf8")).toBe("a public file over it");
    expect(await readFile(at("out/other.html"), "utf8")).toBe("written");
  });

  it("reports the first failed write at the next flush and goes on with the others", async () => {
    await writeFile(at("docs"), "a file where a folder is wanted");
    writer.write({ target: at("docs/index.html"), bytes: bytes("x"), replace: false });
    writer.write({ target: at("ok.html"), bytes: bytes("ok"), replace: false });
    await expect(writer.flush()).rejects.toThrow(/docs/);
    expect(await readFile(at("ok.html"), "utf8")).toBe("ok");
    await expect(writer.flush()).resolves.toBeUndefined();
  });

  it("waits until no more than a given number of bytes are still to be written", async () => {
    for (let n = 0; n < 50; n++)
      writer.write({ target: at(`many/${n}.txt`), bytes: Buffer.alloc(1 << 20, 120), replace: false });
    writer.waitUntilPending(4 << 20);
    expect(writer.pendingBytes()).toBeLessThanOrEqual(4 << 20);
    await writer.flush();
    expect(await readdir(at("many"))).toHaveLength(50);
  });

  it("stopped, drops what it has not started and writes nothing more", async () => {
    for (let n = 0; n < 2000; n++)
      writer.write({ target: at(`stopped/${n}.txt`), bytes: Buffer.alloc(4 << 10, 120), replace: false });
    writer.stopNow();
    const written = (await readdir(at("stopped")).catch(() => [])).length;
    await writer.flush();
    expect(writer.pendingBytes()).toBe(0);
    expect((await readdir(at("stopped")).catch(() => [])).length).toBe(written);
    expect(written).toBeLessThan(2000);
  });
});
