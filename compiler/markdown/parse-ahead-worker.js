// Source-checkout entry of parse-ahead-worker.ts (see ../parallel/tsx-worker.js).
import { importUnderTsx } from "../parallel/tsx-worker.js";

await importUnderTsx(new URL("./parse-ahead-worker.ts", import.meta.url));
