/**
 * SPEC 2.11 `execute` verification of a golden task's expected example: the code block runs in a child process and
 * passes only when it exits 0 within the time limit. JavaScript runs on this Node, TypeScript after esbuild strips
 * its types, shell under `sh` (`bash` for bash blocks). Each run gets an empty temporary folder as its working
 * directory and home, and an environment of only PATH and locale, so the build's secrets (API keys in the
 * environment) never reach an example. Other languages cannot be executed here: the caller reports a skip.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { transform } from "esbuild";

/** Longest an example may run before it is killed and fails. */
export const EXECUTE_TIMEOUT_MS = 20_000;
/** Output kept from an example, per stream, for the failure detail. */
const OUTPUT_LIMIT = 16 * 1024;

type Runner = { file: string; command: (file: string) => [string, string[]]; typescript?: boolean };
const node = (file: string): [string, string[]] => [process.execPath, [file]];
const RUNNERS: Record<string, Runner> = {
  js: { file: "example.mjs", command: node },
  javascript: { file: "example.mjs", command: node },
  mjs: { file: "example.mjs", command: node },
  cjs: { file: "example.cjs", command: node },
  ts: { file: "example.mjs", command: node, typescript: true },
  typescript: { file: "example.mjs", command: node, typescript: true },
  mts: { file: "example.mjs", command: node, typescript: true },
  sh: { file: "example.sh", command: (file) => ["sh", [file]] },
  shell: { file: "example.sh", command: (file) => ["sh", [file]] },
  bash: { file: "example.sh", command: (file) => ["bash", [file]] },
};

/** Whether blocks of this language can be executed locally (they are the "runnable" examples of SPEC 2.11). */
export function canExecute(language: string | null | undefined): boolean {
  return (language ?? "").toLowerCase() in RUNNERS;
}

export interface ExecutionResult {
  ok: boolean;
  /** `exit 0`, or why it failed: the exit code or signal with the last line of its error output, or the timeout. */
  detail: string;
}

/** Runs one block; call only when `canExecute(language)`. */
export async function executeExample(
  language: string,
  code: string,
  options: { timeoutMs?: number } = {},
): Promise<ExecutionResult> {
  const runner = RUNNERS[language.toLowerCase()];
  const folder = await mkdtemp(path.join(tmpdir(), "quire-example-"));
  try {
    let source = code;
    if (runner.typescript) {
      try {
        source = (await transform(code, { loader: "ts", format: "esm", logLevel: "silent" })).code;
      } catch (error) {
        const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text;
        return { ok: false, detail: `does not compile: ${first ?? String(error)}` };
      }
    }
    const file = path.join(folder, runner.file);
    await writeFile(file, source);
    const [command, args] = runner.command(file);
    return await run(command, args, folder, options.timeoutMs ?? EXECUTE_TIMEOUT_MS);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], folder: string, timeoutMs: number): Promise<ExecutionResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: folder,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: folder, TMPDIR: folder, LANG: "C.UTF-8" },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so a timeout also ends what the example started.
      detached: true,
    });
    let stderr = "";
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += chunk.toString("utf8");
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ ok: false, detail: `could not start ${command}: ${error.message}` });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return resolve({ ok: false, detail: `did not finish within ${timeoutMs} ms` });
      if (code === 0) return resolve({ ok: true, detail: "exit 0" });
      const last = lastLine(stderr) || lastLine(stdout);
      resolve({
        ok: false,
        detail: `${code === null ? `killed by ${signal}` : `exit ${code}`}${last ? `: ${last}` : ""}`,
      });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** The last line that says something: Node's stack frames and its version footer are skipped. */
function lastLine(text: string): string {
  const lines = text.split("\n").map((line) => line.trim());
  const last = lines.filter((line) => line && !/^at /.test(line) && !/^Node\.js v\d/.test(line)).pop() ?? "";
  return last.length > 200 ? `${last.slice(0, 200)}…` : last;
}
