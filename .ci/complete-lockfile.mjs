// The registry reachable here lacks the non-Linux platform binaries some packages list as optional
// dependencies (rollup's @rollup/rollup-*), so `npm install` leaves them out of package-lock.json and
// `npm ci` then refuses the lock. This adds the entries the public registry would have recorded,
// with their os/cpu/libc so npm skips them on every other platform. Run after `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

// A path argument completes another lockfile (an example app under examples/); default: the repository's own.
const lockPath = process.argv[2]
  ? new URL(process.argv[2], `file://${process.cwd()}/`)
  : new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;
const OS = {
  android: "android",
  darwin: "darwin",
  freebsd: "freebsd",
  linux: "linux",
  openbsd: "openbsd",
  openharmony: "openharmony",
  win32: "win32",
  windows: "win32",
  sunos: "sunos",
  aix: "aix",
  netbsd: "netbsd",
};
// `64` is workerd's spelling of x64 (@cloudflare/workerd-darwin-64).
const CPU = {
  x64: "x64",
  64: "x64",
  arm64: "arm64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
};

function platformOf(name) {
  if (name === "fsevents") return { os: ["darwin"] };
  const parts = name.split("/").pop().split("-");
  const os = OS[parts.find((p) => p in OS)];
  const cpu = parts.find((p) => p in CPU);
  if (!os || !cpu) return undefined;
  const libc = parts.some((p) => p.startsWith("musl"))
    ? ["musl"]
    : os === "linux" && parts.some((p) => p.startsWith("gnu"))
      ? ["glibc"]
      : undefined;
  return { os: [os], cpu: [CPU[cpu]], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [where, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${where}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[hoisted] = {
      version: range.replace(/^[~^]/, ""),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n");
console.log(`complete-lockfile: added ${added} platform entries`);
