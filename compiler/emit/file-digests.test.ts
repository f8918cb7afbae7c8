import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeFile } from "../../runtime/contract/index.ts";
import { build } from "../index.ts";
import { createFileDigests, fileDigest, hashEveryFile } from "./file-digests.ts";

const MANIFEST = runtimeFile("build-manifest.json");
const manifestOf = (files: Record<string, string>) => JSON.stringify({ format: "quire-build-manifest.v1", files });

describe("file digests", () => {
  it("keeps the previous build's digest for a file whose contents did not change, and hashes the rest", () => {
    const previous = new Map<string, string | Uint8Array>([
      ["a.html", "<p>same</p>"],
      ["b.html", "<p>before</p>"],
      ["logo.png", new Uint8Array([1, 2, 3])],
      // A recorded value that is not the file's hash shows which digests were taken over rather than computed.
      [MANIFEST, manifestOf({ "a.html": "recorded-a", "b.html": "recorded-b", "logo.png": "recorded-png" })],
    ]);
    const digests = createFileDigests(previous);
    expect(digests("a.html", "<p>same</p>")).toBe("recorded-a");
    expect(digests("b.html", "<p>after</p>")).toBe(fileDigest("<p>after</p>"));
    expect(digests("logo.png", new Uint8Array([1, 2, 3]))).toBe("recorded-png");
    expect(digests("logo.png", new Uint8Array([1, 2, 4]))).toBe(fileDigest(new Uint8Array([1, 2, 4])));
    expect(digests("new.html", "<p>new</p>")).toBe(fileDigest("<p>new</p>"));
  });

  it("hashes every file without a previous output, or when its manifest cannot be read", () => {
    expect(createFileDigests()("a.html", "x")).toBe(fileDigest("x"));
    expect(hashEveryFile("a.html", "x")).toBe(fileDigest("x"));
    const broken = createFileDigests(
      new Map([
        ["a.html", "x"],
        [MANIFEST, "{not json"],
      ]),
    );
    expect(broken("a.html", "x")).toBe(fileDigest("x"));
  });

  it("hashes a large text written at two paths once, and gives each text its own digest", () => {
    const digests = createFileDigests();
    const large = "llms ".repeat(300_000);
    const other = `${large.slice(0, -1)}!`;
    expect(digests("llms-full.txt", large)).toBe(fileDigest(large));
    expect(digests(".well-known/llms-full.txt", large)).toBe(fileDigest(large));
    expect(digests("other.txt", other)).toBe(fileDigest(other));
    expect(digests("other.txt", other)).not.toBe(fileDigest(large));
  });

  it("gives a rebuild on the previous output a manifest whose every digest is that of the bytes written", async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), "quire-digests-"));
    try {
      const root = path.join(scratch, "site");
      await cp(path.resolve(import.meta.dirname, "../../fixtures/example"), root, {
        recursive: true,
        filter: (source) => !/node_modules|\/dist$/.test(source),
      });
      const dev = path.join(scratch, "dev");
      const first = await build({ root, outDir: dev, git: false, cache: false, keepOutput: true });
      const before = JSON.parse(first.output!.get(MANIFEST) as string).files as Record<string, string>;
      const page = path.join(root, "docs/concepts/page.mdx");
      await writeFile(page, `${await readFile(page, "utf8")}\nOne more paragraph.\n`);
      await build({
        root,
        outDir: dev,
        git: false,
        cache: false,
        previous: { output: first.output!, siteFiles: first.siteFiles! },
      });
      const after = JSON.parse(await readFile(path.join(dev, MANIFEST), "utf8")).files as Record<string, string>;
      for (const [file, digest] of Object.entries(after))
        expect(digest, file).toBe(fileDigest(await readFile(path.join(dev, file))));
      const edited = Object.keys(after).find((file) => file.endsWith("concepts.md"))!;
      expect(after[edited]).not.toBe(before[edited]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
