// `npm run test:grammars`: the suites that check highlighting against Shiki's own over every bundled grammar (each
// pattern's translation, its one-byte narrowing, the regex engine's choice, one tokenizing pass for two themes).
// They compile every grammar and take minutes of test time on two cores, so they are kept out of `npm test`;
// .ci/run calls this right after it.
import { configDefaults, defineConfig } from "vitest/config";

/** The files, named once: vitest.config.ts leaves them out. */
export const GRAMMAR_SUITES = [
  "compiler/markdown/regex-translations.test.ts",
  "compiler/markdown/one-byte-patterns.test.ts",
  "compiler/markdown/regex-engine.test.ts",
  "compiler/markdown/shared-tokenizing.test.ts",
];

export default defineConfig({
  test: { include: GRAMMAR_SUITES, exclude: configDefaults.exclude, testTimeout: 120_000 },
});
