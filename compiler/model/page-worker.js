// Worker entry: Quire ships TypeScript sources, so register tsx before loading the real worker module.
import { register } from "tsx/esm/api";

register();
await import("./page-worker.ts");
