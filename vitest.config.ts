// `npm test` (vitest run): every *.test.ts except the Chromium suites, which `npm run test:browser` runs, and the
// grammar suites, which `npm run test:grammars` runs (.ci/run calls both right after npm test), so npm test stays
// inside its time budget on a two-core machine.
//
// Tests check behaviour, never speed (bench/ measures that), so a test's time limit only has to catch a hang. Vitest's
// 5 s default also failed tests that were merely slow: those that compile a grammar cold, or spawn a build, take 2-4 s
// here alone and more beside the other suites on a two-core CI machine, where a C++ sample once passed 5 s.
import { configDefaults, defineConfig } from "vitest/config";
import { GRAMMAR_SUITES } from "./vitest.grammars.config.ts";

export default defineConfig({
  test: { exclude: [...configDefaults.exclude, "**/*.browser.test.ts", ...GRAMMAR_SUITES], testTimeout: 30_000 },
});
