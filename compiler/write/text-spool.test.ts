import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spooledCopy, spoolProperty, TextSpool } from "./text-spool.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "quire-spool-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("TextSpool", () => {
  it("reads back every text as put: ASCII, multi-byte, empty, larger than its buffer, before and after a flush", () => {
    const spool = TextSpool.open(dir);
    const texts = [
      "<p>plain</p>",
      "naïve — “quoted” 🚀 ÿ",
      "",
      "x".repeat(3 << 20), // past the 1 MiB buffer: written at once
      ...Array.from({ length: 400 }, (_, i) => `<li>${i} café ${"é".repeat(i * 7)}</li>`), // several flushes
      "the last one, still in the buffer",
    ];
    const places = texts.map((text) => spool.put(text));
    texts.forEach((text, i) => expect(spool.read(places[i])).toBe(text));
    // Again in reverse: a read moves nothing.
    for (let i = texts.length - 1; i >= 0; i--) expect(spool.read(places[i])).toBe(texts[i]);
    spool.close();
  });

  it("leaves no file in its folder, from the moment it opens", async () => {
    const spool = TextSpool.open(path.join(dir, "made", "here"));
    spool.put("some text");
    expect(await readdir(path.join(dir, "made", "here"))).toEqual([]);
    spool.close();
  });

  it("refuses to be used after close", () => {
    const spool = TextSpool.open(dir);
    const place = spool.put("text");
    spool.close();
    spool.close();
    expect(() => spool.read(place)).toThrow(/after close/);
    expect(() => spool.put("more")).toThrow(/after close/);
  });
});

describe("spoolProperty", () => {
  it("moves long texts into the spool in place; the records read, serialize and take assignments as before", () => {
    const spool = TextSpool.open(dir);
    const long = (n: number) => `<p>${"naïve text ".repeat(40)}${n}</p>`;
    const records = Array.from({ length: 3 }, (_, n) => ({ id: n, html: long(n), note: "short", tail: true }));
    const copies = structuredClone(records);
    for (const record of records) for (const key of ["html", "note"] as const) spoolProperty(record, key, spool);
    expect(records).toEqual(copies);
    expect(JSON.stringify(records)).toBe(JSON.stringify(copies));
    expect(Object.getOwnPropertyDescriptor(records[1], "html")?.get).toBeDefined();
    expect(Object.getOwnPropertyDescriptor(records[1], "note")).toMatchObject({ value: "short" });
    records[1].html = "<p>new</p>";
    expect(records.map((record) => record.html)).toEqual([long(0), "<p>new</p>", long(2)]);
    expect(Object.keys(records[1])).toEqual(["id", "html", "note", "tail"]);
    const frozen = Object.freeze({ html: long(9) });
    spoolProperty(frozen, "html", spool);
    expect(Object.getOwnPropertyDescriptor(frozen, "html")?.value).toBe(long(9));
  });
});

describe("spooledCopy", () => {
  it("copies a record with its long text spooled: same keys, order, JSON and values; the original is left alone", () => {
    const spool = TextSpool.open(dir);
    const record = {
      id: "a#b",
      url: "/a#b",
      content: `${"déjà vu ".repeat(60)}end`,
      description: "d",
      type: "section",
    };
    const copy = spooledCopy(record, "content", spool);
    expect(copy).not.toBe(record);
    expect(copy).toEqual(record);
    expect(Object.keys(copy)).toEqual(Object.keys(record));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(record));
    expect(Object.getOwnPropertyDescriptor(copy, "content")?.get).toBeDefined();
    expect(Object.getOwnPropertyDescriptor(record, "content")).toMatchObject({ value: record.content });
    const short = { ...record, content: "short" };
    expect(spooledCopy(short, "content", spool)).toBe(short);
    const frozen = Object.freeze({ ...record });
    expect(spooledCopy(frozen, "content", spool)).toBe(frozen);
  });
});
