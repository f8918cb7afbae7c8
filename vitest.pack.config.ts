// `npm run test:pack`: the slow packaging test (npm pack, install, build), kept out of `npm test`.
import { defineConfig } from "vitest/config";

export default defineConfig({ test: { include: ["bin/package.pack.ts"], testTimeout: 300_000, hookTimeout: 600_000 } });
