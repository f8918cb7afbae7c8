import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { robotsPathFor } from "./robots-path.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "quire-robots-path-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const manifest = (value: unknown) => writeFile(path.join(root, "package.json"), JSON.stringify(value));

describe("robotsPathFor (SPEC 2.13)", () => {
  it("keeps the configured default without a package.json or without SvelteKit", async () => {
    expect(await robotsPathFor(root, {}, "public/robots.txt")).toBe("public/robots.txt");
    await manifest({ dependencies: { next: "16.0.0" } });
    expect(await robotsPathFor(root, {}, "public/robots.txt")).toBe("public/robots.txt");
  });

  it("uses static/robots.txt when SvelteKit is a dependency or devDependency", async () => {
    await manifest({ dependencies: { "@sveltejs/kit": "3.2.0" } });
    expect(await robotsPathFor(root, { robots: true }, "public/robots.txt")).toBe("static/robots.txt");
    await manifest({ devDependencies: { "@sveltejs/kit": "3.2.0" } });
    expect(await robotsPathFor(root, undefined, "public/robots.txt")).toBe("static/robots.txt");
  });

  it("lets an explicit robots.path win", async () => {
    await manifest({ devDependencies: { "@sveltejs/kit": "3.2.0" } });
    expect(await robotsPathFor(root, { robots: { path: "public/robots.txt" } }, "public/robots.txt")).toBe(
      "public/robots.txt",
    );
  });

  it("treats an unreadable package.json as no framework", async () => {
    await writeFile(path.join(root, "package.json"), "{ not json");
    expect(await robotsPathFor(root, {}, "public/robots.txt")).toBe("public/robots.txt");
  });
});
