#!/usr/bin/env node
// The `docs` command, in one of two layouts:
// - a source checkout (this repository): bin/cli.ts sits beside this file, and tsx (a devDependency) compiles the
//   TypeScript on load, so editing a source needs no build step;
// - the installed package: `files` in package.json ships no .ts sources, only lib/, which `prepack`
//   (tools/build-package.mjs) compiles from an empty folder right before packing.
// The sources win whenever they are present, so a checkout never runs a lib/ left over from an earlier `npm pack`:
// a stale build cannot be picked by accident, and the compiled code runs only where nothing else exists.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

if (existsSync(new URL("./cli.ts", import.meta.url))) {
  const { register } = await import("tsx/esm/api").catch(() => {
    console.error("docs: running from a source checkout needs its devDependencies (tsx); run `npm ci` first");
    process.exit(1);
  });
  // The repository's tsconfig, wherever the command runs from: tsx would otherwise read the one in the working
  // directory, and without it compile the built-in .tsx components for React instead of preact.
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  await import("./cli.ts");
} else {
  await import("../lib/bin/cli.js");
}
