/**
 * Issue 13 quality bar: the Nu HTML checker reports no error in any HTML file any fixture site builds (every page,
 * the search page, 404, redirects). `npm run test:quality`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { javaAvailable, vnuErrors } from "../testing/vnu.ts";
import { buildFixture, fixtureSites, htmlFiles } from "./built-fixtures.ts";

const scratch = await mkdtemp(path.join(tmpdir(), "quire-vnu-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe.skipIf(!javaAvailable())("the Nu HTML checker", { timeout: 900_000 }, () => {
  it("finds no error in the HTML of any fixture site", async () => {
    const files: string[] = [];
    for (const site of await fixtureSites()) {
      const dist = path.join(scratch, site);
      await buildFixture(site, dist);
      files.push(...(await htmlFiles(dist)).map((file) => path.join(dist, file)));
    }
    expect(files.length).toBeGreaterThan(50);
    const errors = (await vnuErrors(files)).map((line) => line.replace(`${scratch}${path.sep}`, ""));
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("reports an error it is given, with file and line", async () => {
    const dir = await mkdtemp(path.join(scratch, "bad-"));
    const file = path.join(dir, "bad.html");
    const { writeFile } = await import("node:fs/promises");
    await writeFile(
      file,
      `<!doctype html>\n<html lang="en"><head><title>x</title></head>\n<body><p><div></div></p></body></html>\n`,
    );
    const errors = await vnuErrors([file]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/bad\.html:3:\d+ /);
  });
});
