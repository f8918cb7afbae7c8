import { createRequire } from "node:module";
import { version } from "esbuild";
import { describe, expect, it } from "vitest";
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
  it("holds each schema's validator as compileFeedbackValidator makes it, for this ajv and esbuild", () => {
    const other = { type: "object", properties: { note: { type: "string", maxLength: 10 } } };
    const table = feedbackValidators([DEFAULT_FEEDBACK_SCHEMA, other]);
    expect(table.tools).toEqual({ ajv: createRequire(import.meta.url)("ajv/package.json").version, esbuild: version });
    expect(Object.values(table.outputs)).toEqual([
      compileFeedbackValidator(DEFAULT_FEEDBACK_SCHEMA),
      compileFeedbackValidator(other),
    ]);
    // A source checkout has none; lib/ has the one tools/build-package.mjs writes (bin/package.pack.ts).
    expect(shippedFeedbackValidators()).toBeUndefined();
  });
});
