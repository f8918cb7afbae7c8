// Source-checkout entry of square-worker.ts (see ../tsx-worker.js).
import { importUnderTsx } from "../tsx-worker.js";

await importUnderTsx(new URL("./square-worker.ts", import.meta.url));
