// Worker entries when the compiler runs from the source checkout (under tsx): workers do not inherit the main
// thread's loader, so each `<name>.js` shim beside a `<name>.ts` worker registers tsx here before loading it.
// In the installed package neither the shims nor this file are shipped: `<name>.js` in lib/ is the compiled worker
// itself, which needs no loader (see bin/docs.js).
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

/** Registers tsx with the repository's tsconfig (not the working directory's: components compile for preact). */
export async function importUnderTsx(module) {
  register({ tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)) });
  await import(module.href);
}
