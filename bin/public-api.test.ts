/**
 * The package's public API (STYLE: pin `Object.keys(await import("quire"))`): every subpath in package.json's
 * `exports` and the names each one exports, against the committed bin/public-api.json, so an export never appears or
 * disappears silently. Here the entries are loaded from source; bin/package.pack.ts checks the installed package
 * against the same list. An intended change: edit bin/public-api.json in the same commit.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exportedModules, PUBLIC_API, sourceOf } from "./public-api.ts";

describe("public API", () => {
  it("pins the subpaths package.json exports", () => {
    expect(Object.keys(exportedModules()).sort()).toEqual(Object.keys(PUBLIC_API).sort());
  });

  it.each(Object.keys(PUBLIC_API))("pins the names %s exports", async (specifier) => {
    const module = await import(sourceOf(exportedModules()[specifier]!));
    expect(Object.keys(module).sort()).toEqual(PUBLIC_API[specifier]);
  });

  it("maps every compiled entry back to a source file that exists", () => {
    for (const target of Object.values(exportedModules())) expect(() => readFileSync(sourceOf(target))).not.toThrow();
  });
});
