// `npm test` (vitest run): every *.test.ts except the Chromium suites, which `npm run test:browser` runs (.ci/run calls
// it right after npm test), so npm test stays well inside its time budget on a two-core machine.
//
// Tests check behaviour, never speed (bench/ measures that), so a test's time limit only has to catch a hang. Vitest's
// 5 s default also failed tests that were merely slow: those that compile a grammar cold, or spawn a build, take 2-4 s
// here alone and more beside the other suites on a two-core CI machine, where a C++ sample once passed 5 s.
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: { exclude: [...configDefaults.exclude, "**/*.browser.test.ts"], testTimeout: 30_000 },
});
