import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  compileFeedbackValidator,
  DEFAULT_FEEDBACK_SCHEMA,
  feedbackValidators,
  shippedFeedbackValidators,
} from "./feedback-validator.ts";

type Validate = ((payload: unknown) => boolean) & { errors?: { instancePath: string; keyword: string }[] | null };

async function validatorOf(code: string): Promise<Validate> {
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
  return (module.validate ?? module.default) as Validate;
}

describe("compileFeedbackValidator", () => {
  it("makes a standalone module that checks payloads against the schema", async () => {
    const validate = await validatorOf(compileFeedbackValidator(DEFAULT_FEEDBACK_SCHEMA));
    expect(validate({ task: "install", outcome: "worked", confidence: 0.5 })).toBe(true);
    expect(validate({ task: "install" })).toBe(false);
    expect(validate.errors?.map((error) => error.keyword)).toEqual(["required"]);
    expect(validate({ task: "", outcome: "x", confidence: 2 })).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath).sort()).toEqual(["/confidence", "/task"]);
  });

  it("compiles another schema to another validator, the same each time", async () => {
    const schema = { type: "object", required: ["rating"], properties: { rating: { type: "integer" } } };
    const code = compileFeedbackValidator(schema);
    expect(compileFeedbackValidator({ ...schema })).toBe(code);
    expect(code).not.toBe(compileFeedbackValidator(DEFAULT_FEEDBACK_SCHEMA));
    const validate = await validatorOf(code);
    expect(validate({ rating: 4 })).toBe(true);
    expect(validate({ rating: 4.5 })).toBe(false);
  });
});

describe("the table the package build ships", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "quire-validators-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, contents: string) => {
    writeFileSync(path.join(dir, name), contents);
    return pathToFileURL(path.join(dir, name));
  };

  it("holds each schema's validator as compileFeedbackValidator makes it", () => {
    const other = { type: "object", properties: { note: { type: "string", maxLength: 10 } } };
    const table = feedbackValidators([DEFAULT_FEEDBACK_SCHEMA, other]);
    expect(Object.values(table.validators)).toEqual([
      compileFeedbackValidator(DEFAULT_FEEDBACK_SCHEMA),
      compileFeedbackValidator(other),
    ]);
  });

  it("is read only when this ajv and this esbuild made it and it parses", () => {
    const table = feedbackValidators([DEFAULT_FEEDBACK_SCHEMA]);
    expect(shippedFeedbackValidators(file("same.json", JSON.stringify(table)))).toEqual(table);
    expect(shippedFeedbackValidators(file("ajv.json", JSON.stringify({ ...table, ajv: "7.0.0" })))).toBeUndefined();
    expect(shippedFeedbackValidators(file("esb.json", JSON.stringify({ ...table, esbuild: "0.1.0" })))).toBeUndefined();
    expect(shippedFeedbackValidators(file("cut.json", JSON.stringify(table).slice(0, 30)))).toBeUndefined();
    // A source checkout has none; lib/ has the one tools/build-package.mjs writes (bin/package.pack.ts).
    expect(shippedFeedbackValidators()).toBeUndefined();
  });
});
