/**
 * The `docs` command as users install it, for benchmarks: lib/ compiled by tools/build-package.mjs (what `prepack`
 * runs), then bin/docs.js + lib/ + package.json in a temp folder with the repository's node_modules. With no
 * sources beside it, bin/docs.js takes its compiled path.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** Compiles lib/ and lays out the installed package under `scratch`; returns the path of its bin/docs.js. */
export function installedDocs(scratch: string): string {
  execFileSync(process.execPath, [path.join(repo, "tools", "build-package.mjs")], { stdio: "inherit" });
  const pkg = path.join(scratch, "quire");
  mkdirSync(path.join(pkg, "bin"), { recursive: true });
  copyFileSync(path.join(repo, "bin", "docs.js"), path.join(pkg, "bin", "docs.js"));
  copyFileSync(path.join(repo, "package.json"), path.join(pkg, "package.json"));
  symlinkSync(path.join(repo, "lib"), path.join(pkg, "lib"));
  symlinkSync(path.join(repo, "node_modules"), path.join(pkg, "node_modules"));
  return path.join(pkg, "bin", "docs.js");
}
