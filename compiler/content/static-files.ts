/** Files a site ships as-is: the `public/` folder and root AGENTS.md / AGENT.md / skill.md beside the config. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export interface StaticFiles {
  /** `public/`-relative path → bytes; copied to dist/ last, so they win over generated files. */
  public: Map<string, Uint8Array>;
  /** SPEC 4.2: a root AGENTS.md (or AGENT.md) is served byte-for-byte instead of the generated one. */
  agentsMd?: { file: string; bytes: Uint8Array };
  /** A root skill.md, served byte-for-byte. */
  skillMd?: { file: string; bytes: Uint8Array };
}

export async function readStaticFiles(root: string): Promise<StaticFiles> {
  const [publicFiles, agents, agent, skill] = await Promise.all([
    readFolder(path.join(root, "public")),
    readOptional(root, "AGENTS.md"),
    readOptional(root, "AGENT.md"),
    readOptional(root, "skill.md"),
  ]);
  return { public: publicFiles, agentsMd: agents ?? agent, skillMd: skill };
}

async function readOptional(root: string, file: string): Promise<{ file: string; bytes: Uint8Array } | undefined> {
  try {
    // Exact-case match: a case-insensitive filesystem must not make AGENT.md stand in for AGENTS.md.
    if (!(await readdir(root)).includes(file)) return undefined;
    return { file, bytes: await readFile(path.join(root, file)) };
  } catch {
    return undefined;
  }
}

async function readFolder(dir: string, prefix = ""): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory())
      for (const [k, v] of await readFolder(path.join(dir, entry.name), relative)) files.set(k, v);
    else if (entry.isFile()) files.set(relative, await readFile(path.join(dir, entry.name)));
  }
  return files;
}
