/** `docs robots generate`: writes the robots policy to `robots.path`, preserving a file the site already has (SPEC 2.13). */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../compiler/config/load.ts";
import { checkConfig, resolveConfig } from "../compiler/config/resolve.ts";
import { robotsPathFor } from "../compiler/config/robots-path.ts";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";
import { renderRobotsTxt } from "../compiler/emit/robots.ts";

export const BLOCK_BEGIN = "# BEGIN quire managed block";
export const BLOCK_END = "# END quire managed block";

export interface RobotsGenerateOptions {
  root: string;
  /** Update only the managed block of an existing file. */
  append?: boolean;
  /** Replace an existing file; wins over `append` (the CLI rejects both together). */
  force?: boolean;
}

export async function runRobotsGenerate(options: RobotsGenerateOptions): Promise<number> {
  const root = path.resolve(options.root);
  try {
    const loaded = await loadConfig(root);
    const config = resolveConfig(checkConfig(loaded), root, loaded.file);
    const { robots } = config.surfaces;
    if (!robots.enabled) {
      console.log(`robots is turned off in ${loaded.file}; nothing written`);
      return 0;
    }
    const robotsPath = await robotsPathFor(root, loaded.value, robots.path);
    const relative = path.relative(root, path.resolve(root, robotsPath)).split(path.sep).join("/");
    const target = path.join(root, relative);
    const block = managedBlock(renderRobotsTxt(config));
    const existing = await readFile(target, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (existing !== undefined && !options.append && !options.force) {
      console.log(
        `${relative} already exists and was left unchanged.\n  --append  updates the quire managed block in it and keeps every other line\n  --force   replaces the whole file`,
      );
      return 0;
    }
    const contents =
      existing !== undefined && options.append && !options.force
        ? upsertManagedBlock(existing, block, relative)
        : block;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, contents);
    const verb = existing === undefined ? "wrote" : options.force ? "replaced" : "updated the managed block in";
    console.log(`✓ ${verb} ${relative}`);
    return 0;
  } catch (error) {
    if (error instanceof BuildFailure) {
      for (const message of error.messages.filter((m) => m.severity === "error"))
        console.error(`error ${formatMessage(message)}`);
      return 1;
    }
    console.error(`✗ ${(error as Error).message}`);
    return 1;
  }
}

/** The generated policy between markers, so a later `--append` finds and replaces exactly this part. */
export function managedBlock(policy: string): string {
  return `${BLOCK_BEGIN}\n${policy.replace(/\n+$/, "")}\n${BLOCK_END}\n`;
}

/** Replaces the managed block in `existing`, or adds it at the end; every line outside the block stays byte-for-byte. */
export function upsertManagedBlock(existing: string, block: string, file: string): string {
  const lines = existing.split("\n");
  const isLine = (marker: string) => (line: string) => line.trimEnd() === marker;
  const begin = lines.findIndex(isLine(BLOCK_BEGIN));
  const end = begin === -1 ? -1 : lines.findIndex((line, i) => i > begin && isLine(BLOCK_END)(line));
  if (begin === -1 && lines.some(isLine(BLOCK_END)))
    throw damagedBlock(file, lines.findIndex(isLine(BLOCK_END)), BLOCK_BEGIN);
  if (begin !== -1 && end === -1) throw damagedBlock(file, begin, BLOCK_END);
  const blockLines = block.replace(/\n$/, "").split("\n");
  if (begin !== -1) return [...lines.slice(0, begin), ...blockLines, ...lines.slice(end + 1)].join("\n");
  if (existing === "") return block;
  // A blank line keeps the block visibly apart; robots groups are delimited by User-agent lines, not blank lines.
  const separator = existing.endsWith("\n\n") ? "" : existing.endsWith("\n") ? "\n" : "\n\n";
  return existing + separator + block;
}

function damagedBlock(file: string, index: number, missing: string): BuildFailure {
  return new BuildFailure([
    {
      severity: "error",
      rule: "robots/damaged-block",
      file,
      line: index + 1,
      column: 1,
      reason: `the quire managed block has no "${missing}" line`,
      hint: "restore the missing marker line, or run with --force to replace the whole file",
    },
  ]);
}
