// `npm run test:browser`: the suites that drive real Chromium (playwright-core + Debian's chromium), run by .ci/run.
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({ test: { include: ["**/*.browser.test.ts"], exclude: configDefaults.exclude } });
