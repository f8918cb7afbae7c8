// Source-checkout entry of page-worker.ts (see ../parallel/tsx-worker.js).
import { importUnderTsx } from "../parallel/tsx-worker.js";

await importUnderTsx(new URL("./page-worker.ts", import.meta.url));
