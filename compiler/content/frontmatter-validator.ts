/**
 * The frontmatter schema's validator (SPEC 2.6). Compiling it with ajv takes ~50 ms at the start of every thread
 * that builds pages, so the package build makes it ahead as a standalone module beside this one
 * (`frontmatterValidatorModule`), and a thread loads that. The module names the schema it was made from: a checkout,
 * where there is none, or a schema changed since, compiles here as before. Both give the same errors (the test
 * compares them).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { ErrorObject, Options } from "ajv";
import { schemaKey, standaloneValidator } from "../validation/standalone-validator.ts";
import { frontmatterSchema } from "./frontmatter-schema.ts";

/** The module's name beside this one in `lib/` (tools/build-package.mjs writes it). */
export const FRONTMATTER_VALIDATOR_FILE = "frontmatter-validator.generated.js";

/** `verbose`: a failure carries its schema, which the messages use to suggest the closest known key. */
const OPTIONS: Omit<Options, "code"> = { allErrors: true, strict: false, verbose: true };

export type FrontmatterValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The validator made ahead, when it was made from this schema; otherwise one compiled now. */
export async function frontmatterValidator(
  file = new URL(`./${FRONTMATTER_VALIDATOR_FILE}`, import.meta.url),
): Promise<FrontmatterValidator> {
  if (existsSync(fileURLToPath(file))) {
    try {
      const made = (await import(/* @vite-ignore */ file.href)) as { schemaKey?: string; default?: unknown };
      if (made.schemaKey === schemaKey(frontmatterSchema) && typeof made.default === "function")
        return made.default as FrontmatterValidator;
    } catch {
      // A damaged module: compiled below.
    }
  }
  const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
  return new Ajv(OPTIONS).compile(frontmatterSchema) as FrontmatterValidator;
}

/** The module the package build writes: the standalone validator and the key of the schema it was made from. */
export function frontmatterValidatorModule(): string {
  return `${standaloneValidator(frontmatterSchema, OPTIONS)}\nexport const schemaKey = ${JSON.stringify(schemaKey(frontmatterSchema))};\n`;
}
