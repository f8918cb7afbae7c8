// Source-checkout entry of review-worker.ts (see ../parallel/tsx-worker.js).
import { importUnderTsx } from "../parallel/tsx-worker.js";

await importUnderTsx(new URL("./review-worker.ts", import.meta.url));
