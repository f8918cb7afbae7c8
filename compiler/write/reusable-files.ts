/**
 * Which files of a new build already sit, byte for byte, in the output folder (issue 11: a one-page edit should not
 * rewrite a whole site). Both builds list a sha-256 digest for every file in `_docs/build-manifest.json`; a file
 * whose digest did not change is hard-linked from the old folder into the new one instead of written
 * (write/staged-dist.ts), so `docs build` stays atomic while writing only what changed. Only used when the build record
 * says the folder is exactly as the last build left it (cache/build-record.ts `intactBuild`): a file edited in
 * place there no longer matches its recorded size, mtime and change time, and then nothing is reused.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseRuntimeJson, runtimeFile } from "../../runtime/contract/index.ts";

/** The digests the build manifest of `outDir` lists, by file name; undefined when there is no readable manifest. */
export async function previousDigests(outDir: string): Promise<Readonly<Record<string, string>> | undefined> {
  const text = await readFile(path.join(outDir, runtimeFile("build-manifest.json")), "utf8").catch(() => undefined);
  return text === undefined ? undefined : manifestDigests(text);
}

/** The file digests a build manifest's text lists, by name; undefined when it does not parse as one. */
export function manifestDigests(text: string): Readonly<Record<string, string>> | undefined {
  try {
    return parseRuntimeJson("build-manifest.json", text).files ?? {};
  } catch {
    return undefined;
  }
}
