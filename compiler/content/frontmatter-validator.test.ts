import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { frontmatterSchema } from "./frontmatter-schema.ts";
import { frontmatterValidator, frontmatterValidatorModule } from "./frontmatter-validator.ts";

const dir = mkdtempSync(path.join(tmpdir(), "quire-frontmatter-validator-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, contents: string) => {
  writeFileSync(path.join(dir, name), contents);
  return pathToFileURL(path.join(dir, name));
};
const missing = () => pathToFileURL(path.join(dir, "missing.js"));
/** ajv's compiled functions carry their schema environment; a standalone module's do not. */
const compiledHere = (validate: object) => "schemaEnv" in validate;

/** Every key of the schema with a value of the wrong kind, plus the failures the messages single out. */
const INVALID: unknown[] = [
  ...Object.keys(frontmatterSchema.properties).map((key) => ({ title: "T", [key]: { wrong: [1, null] } })),
  ...Object.keys(frontmatterSchema.properties).map((key) => ({ title: "T", [key]: 12 })),
  { titel: "typo", descripton: "typo" },
  { title: "T", audience: "robots" },
  { title: "T", agent: { tokenBudget: 0, commands: [{ cwd: "x" }], appliesTo: { framwork: "x" } } },
  { title: "T", agent: { failureModes: [{ resolution: "r" }], verification: [{ runs: "x" }] } },
  [],
  "a string",
  null,
];
const VALID: unknown[] = [{}, { title: "T", description: "D", tags: ["a"], order: 2 }];

describe("the frontmatter validator made ahead", () => {
  it("gives the same answer and the same errors as ajv compiling the schema here", async () => {
    const made = await frontmatterValidator(file("made.js", frontmatterValidatorModule()));
    const compiled = await frontmatterValidator(missing());
    expect(compiledHere(made)).toBe(false);
    expect(compiledHere(compiled)).toBe(true);
    for (const data of [...INVALID, ...VALID]) {
      const verdict = made(data);
      expect(verdict, JSON.stringify(data)).toBe(compiled(data));
      expect(made.errors, JSON.stringify(data)).toEqual(compiled.errors);
    }
    // Some keys take any object (`data`, say); the rest fail, so the errors compared above are real ones.
    expect(INVALID.filter((data) => !made(data)).length).toBeGreaterThan(INVALID.length * 0.8);
    expect(VALID.every((data) => made(data))).toBe(true);
  });

  it("is used only when made from this schema and loadable; otherwise the schema is compiled here", async () => {
    const stale = frontmatterValidatorModule().replace(/schemaKey = "[0-9a-f]+"/, 'schemaKey = "0000"');
    expect(compiledHere(await frontmatterValidator(file("stale.js", stale)))).toBe(true);
    expect(compiledHere(await frontmatterValidator(file("broken.js", "export default function (")))).toBe(true);
    // A source checkout has none; lib/ has the one tools/build-package.mjs writes (bin/package.pack.ts).
    expect(compiledHere(await frontmatterValidator())).toBe(true);
  });
});
