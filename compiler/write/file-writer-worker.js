// Source-checkout entry of file-writer-worker.ts (see ../parallel/tsx-worker.js).
import { importUnderTsx } from "../parallel/tsx-worker.js";

await importUnderTsx(new URL("./file-writer-worker.ts", import.meta.url));
