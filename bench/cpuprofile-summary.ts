/**
 * Summarizes V8 `.cpuprofile` files by self time: top packages and top functions.
 *
 *   node --cpu-prof --cpu-prof-dir /tmp/prof bin/docs.js build --root <corpus> --no-git
 *   npx tsx bench/cpuprofile-summary.ts /tmp/prof/*.cpuprofile [--top 15]
 *
 * One profile is written per thread (main thread and each page worker); each is summarized on its own.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const repo = path.resolve(new URL("..", import.meta.url).pathname);

/** `node_modules/<pkg>` (scoped too), `quire:<folder>` for this repo, `node:` internals, else the V8 category. */
function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const nm = url.lastIndexOf("/node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "/node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return "node:internal";
  const file = url.replace(/^file:\/\//, "");
  if (file.startsWith(repo)) return `quire:${path.relative(repo, file).split("/").slice(0, 2).join("/")}`;
  return url;
}

function summarize(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id)!;
    const pkg = packageOf(f.url, f.functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    const where = f.url ? `${pkg} ${path.basename(f.url)}:${f.lineNumber + 1}` : pkg;
    const key = `${f.functionName || "(anonymous)"}  ${where}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([k, us]) => `  ${(us / 1000).toFixed(0).padStart(7)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`,
      );
  return [
    `sampled ${(total / 1000).toFixed(0)} ms of ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms`,
    "by package (self time):",
    ...rows(packages),
    "by function (self time):",
    ...rows(functions),
  ].join("\n");
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "15" } },
});
if (positionals.length === 0) {
  console.error("usage: npx tsx bench/cpuprofile-summary.ts <file.cpuprofile>... [--top 15]");
  process.exit(2);
}
for (const file of positionals) {
  const profile = JSON.parse(await readFile(file, "utf8")) as Profile;
  console.log(`\n== ${path.basename(file)}\n${summarize(profile, Number(values.top))}`);
}
