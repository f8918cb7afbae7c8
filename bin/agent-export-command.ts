/**
 * `docs agent export [--out dir] [--format dir|tar]` (SPEC 1.5): builds the site into a temporary folder with the
 * real compiler, then writes its agent projection (compiler/agent/export.ts) atomically: a folder replaced whole, or
 * one deterministic tar file. A site that does not build writes nothing.
 */
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { agentExportFiles } from "../compiler/agent/export.ts";
import { writeTar } from "../compiler/agent/tar.ts";
import { BuildFailure, formatMessage } from "../compiler/diagnostics.ts";
import { build } from "../compiler/index.ts";
import { writeDist } from "../compiler/write/write-dist.ts";

export interface AgentExportOptions {
  root: string;
  out?: string;
  format: string;
  git: boolean;
}

export async function runAgentExport(options: AgentExportOptions): Promise<number> {
  if (options.format !== "dir" && options.format !== "tar") {
    console.error(`✗ unknown --format "${options.format}": use dir or tar`);
    return 2;
  }
  const root = path.resolve(options.root);
  const out = path.resolve(
    options.out ?? path.join(root, options.format === "tar" ? "agent-export.tar" : "agent-export"),
  );
  const temp = await mkdtemp(path.join(tmpdir(), "quire-export-"));
  try {
    const dist = path.join(temp, "dist");
    const result = await build({ root, outDir: dist, git: options.git });
    const files = agentExportFiles(await readTree(dist), result.site.pages);
    if (options.format === "dir") {
      await writeDist(out, files);
    } else {
      const bytes = new Map(
        [...files].map(([file, contents]) => [
          file,
          typeof contents === "string" ? new TextEncoder().encode(contents) : contents,
        ]),
      );
      const partial = `${out}.${process.pid}.partial`;
      await writeFile(partial, writeTar(bytes));
      await rename(partial, out);
    }
    console.log(
      `✓ exported ${files.size} agent files of ${result.site.pages.length} pages to ${path.relative(process.cwd(), out) || out}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BuildFailure) {
      for (const message of error.messages.filter((m) => m.severity === "error"))
        console.error(`error ${formatMessage(message)}`);
      console.error(`✗ the site does not build; nothing was exported`);
      return 1;
    }
    console.error(`✗ export failed: ${(error as Error).message}`);
    return 2;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function readTree(dir: string, prefix = ""): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of await readTree(path.join(dir, entry.name), relative)) files.set(k, v);
    else if (entry.isFile()) files.set(relative, await readFile(path.join(dir, entry.name)));
  }
  return files;
}
