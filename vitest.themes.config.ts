import { defineConfig } from "vitest/config";

// `npm run test:themes` (also run by .ci/run): every theme preset in Chromium with axe in light, dark and at phone
// width. Kept out of `npm test` because 24 axe runs over full pages take minutes on a shared two-core machine.
export default defineConfig({ test: { include: ["compiler/theme/*.screens.ts"], testTimeout: 120_000 } });
