/**
 * SPEC 2.8: the agent feedback payload schema (config or built-in) and its validator, compiled to plain ESM at
 * build time so the edge runtime validates without `new Function` (DESIGN invariant 4).
 *
 * Compiling takes ajv's code generation and a synchronous esbuild bundle, whose API starts a thread and an esbuild
 * process (~100 ms of a 1,000-page build's main thread, on every `docs dev` rebuild too). The package build compiles
 * the built-in schema's validator once and ships it beside this module (`feedbackValidators`); other schemas are
 * compiled once per process.
 */
import { createRequire } from "node:module";
import { version as esbuildVersion } from "esbuild";
import { madeAhead, type MadeAheadTable } from "../package/made-ahead.ts";
import { standaloneValidator } from "../validation/standalone-validator.ts";

const requireHere = createRequire(import.meta.url);

/** The payload fields the spec's default body shows; `task` and `outcome` are what feedback is about. */
export const DEFAULT_FEEDBACK_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "Agent feedback payload",
  type: "object",
  required: ["task", "outcome"],
  properties: {
    task: { type: "string", minLength: 1, maxLength: 2000, description: "What the agent was trying to do." },
    understanding: { type: "string", maxLength: 4000, description: "What the agent understood from the docs." },
    outcome: {
      type: "string",
      minLength: 1,
      maxLength: 4000,
      description: "What happened: success, failure, or where it got stuck.",
    },
    confidence: {
      type: "number",
      minimum: 0,
      maximum: 1,
      description: "How sure the agent is of the outcome, 0 to 1.",
    },
  },
  additionalProperties: true,
} as const;

/** The table's name beside this module in `lib/` (tools/build-package.mjs writes it). */
export const FEEDBACK_VALIDATORS_FILE = "feedback-validators.json";

const validators = madeAhead<object>({
  file: new URL(`./${FEEDBACK_VALIDATORS_FILE}`, import.meta.url),
  tools: () => ({ ajv: (requireHere("ajv/package.json") as { version: string }).version, esbuild: esbuildVersion }),
  keyText: (schema) => JSON.stringify(schema),
  make: (schema) => standaloneValidator(schema, { allErrors: true, strict: false }),
  // A config's schema and the built-in one; `docs dev` may meet a few as the config is edited.
  keep: 16,
});

/** Self-contained ESM exporting `validate(payload)` with ajv's `validate.errors` on failure. */
export function compileFeedbackValidator(schema: object): string {
  return validators.get(schema);
}

/** The table the package build ships, for these schemas. */
export function feedbackValidators(schemas: readonly object[]): MadeAheadTable {
  return validators.table(schemas);
}

/** The table beside this module (or at `file`), if there is one and this ajv and esbuild made it. */
export function shippedFeedbackValidators(file?: URL): MadeAheadTable | undefined {
  return validators.read(file);
}
