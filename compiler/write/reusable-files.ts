/**
 * Which files of a new build already sit, byte for byte, in the output folder (issue 11: a one-page edit should not
 * rewrite a whole site). Both builds list a sha-256 digest for every file in `_docs/build-manifest.json`; a file
 * whose digest did not change is hard-linked from the old folder into the new one instead of written
 * (`writeDist`), so `docs build` stays atomic while writing only what changed. Only called when the build record
 * says the folder is exactly as the last build left it (cache/build-record.ts `intactBuild`): a file edited in
 * place there no longer matches its recorded size and mtime, and then nothing is reused.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseRuntimeJson, runtimeFile } from "../../runtime/contract/index.ts";
import type { OutputFiles } from "./write-dist.ts";

export async function reusableFiles(outDir: string, files: OutputFiles): Promise<Set<string>> {
  const manifestName = runtimeFile("build-manifest.json");
  const reusable = new Set<string>();
  const next = files.get(manifestName);
  let previousText: string;
  try {
    previousText = await readFile(path.join(outDir, manifestName), "utf8");
  } catch {
    return reusable;
  }
  if (typeof next !== "string") return reusable;
  const before = parseRuntimeJson("build-manifest.json", previousText).files ?? {};
  const after = parseRuntimeJson("build-manifest.json", next).files ?? {};
  for (const [name, digest] of Object.entries(after))
    if (name !== manifestName && files.has(name) && Object.hasOwn(before, name) && before[name] === digest)
      reusable.add(name);
  return reusable;
}
