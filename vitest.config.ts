// `npm test` (vitest run): every *.test.ts except the Chromium suites, which `npm run test:browser` runs (.ci/run calls
// it right after npm test), so npm test stays well inside its time budget on a two-core machine.
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({ test: { exclude: [...configDefaults.exclude, "**/*.browser.test.ts"] } });
