// `npm run test:quality`: the page-quality sweeps (axe-core in Chromium, the Nu HTML checker over every fixture's
// HTML), which build several sites and take minutes; kept out of `npm test`, run by .ci/run.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { include: ["compiler/quality/*.quality.ts"], testTimeout: 600_000, hookTimeout: 600_000 },
});
