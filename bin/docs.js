#!/usr/bin/env node
// The `docs` command. Quire ships TypeScript sources; tsx compiles them on load.
import { register } from "tsx/esm/api";

register();
await import("./cli.ts");
