/** Reads an output tree into memory for comparisons in tests (path → bytes). */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const walk = async (folder: string, prefix: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(folder, entry.name), relative);
      else files.set(relative, await readFile(path.join(folder, entry.name)));
    }
  };
  await walk(dir, "");
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A short description of how two trees differ, or undefined when they are byte-identical. */
export function describeTreeDifference(actual: Map<string, Buffer>, expected: Map<string, Buffer>): string | undefined {
  const problems: string[] = [];
  for (const file of expected.keys()) if (!actual.has(file)) problems.push(`missing ${file}`);
  for (const file of actual.keys()) if (!expected.has(file)) problems.push(`unexpected ${file}`);
  for (const [file, bytes] of actual) {
    const want = expected.get(file);
    if (want && !want.equals(bytes))
      problems.push(`changed ${file}${firstDifferentLine(bytes.toString("utf8"), want.toString("utf8"))}`);
  }
  return problems.length > 0 ? problems.slice(0, 20).join("\n") : undefined;
}

function firstDifferentLine(actual: string, expected: string): string {
  const a = actual.split("\n");
  const b = expected.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i])
      return `:${i + 1}\n    expected: ${(b[i] ?? "<end>").slice(0, 160)}\n    actual:   ${(a[i] ?? "<end>").slice(0, 160)}`;
  }
  return "";
}
