// Worker entry when the compiler runs from the source checkout (build-pages.ts under tsx): workers do not inherit
// the main thread's loader, so register tsx before loading the real worker module.
// In the installed package this file is not shipped: build-pages.js spawns "./page-worker.js" beside itself, and
// in lib/compiler/model/ that name is the compiled page-worker.ts, which needs no loader (see bin/docs.js).
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The repository's tsconfig, not the one of the working directory (see bin/docs.js): components compile for preact.
register({ tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)) });
await import("./page-worker.ts");
