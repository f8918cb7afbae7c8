/**
 * Runs this command again in a child Node started with options Node reads only at start-up (for `docs build`, the
 * helper-thread count of compiler/parallel/helper-threads.ts), and ends as the child ends.
 *
 * The child shares the terminal (stdin, stdout, stderr). A signal sent to this process alone (a CI runner stopping
 * its job, `kill`) is passed on, so the child cleans up as it would have here; Ctrl-C in a terminal reaches both
 * processes, and the child takes a repeated signal as one (bin/cli.ts). A parent that dies without passing anything on
 * (`kill -9`) closes the channel between the two, and the child stops as on SIGTERM (`followParent`) rather than
 * building, or watching, on its own.
 */
import { spawn } from "node:child_process";
import { url as inspectorUrl } from "node:inspector";
import { constants } from "node:os";

const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
/**
 * Set in the child's environment: the restarting parent's pid (the channel the child was given is that parent's) and
 * when the command started, as `performance.timeOrigin`.
 */
const RESTARTED = "QUIRE_RESTARTED_BY";

/**
 * Whether this command can hand itself to a child: on Node itself (Bun, Deno and Electron run Node's scripts but take
 * other options), and not under a debugger, which would lose the process it is attached to (and the child could not
 * open the same inspector port).
 */
export function canRestart(versions: NodeJS.ProcessVersions = process.versions): boolean {
  const otherRuntime = ["bun", "deno", "electron"].some((name) => name in versions);
  return !otherRuntime && inspectorUrl() === undefined;
}

/**
 * Starts `node <flags> <this process's options> <this script> <its arguments>` and resolves to the exit status this
 * process should end with: the child's, or 128 + the signal's number when a signal ended it, as a shell reports it.
 * Resolves to undefined when no child could be started, so the caller can run the command here instead.
 */
export function restartWithNodeFlags(flags: readonly string[]): Promise<number | undefined> {
  const script = process.argv[1];
  if (!script) return Promise.resolve(undefined);
  const child = spawn(process.execPath, [...flags, ...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, [RESTARTED]: `${process.pid} ${performance.timeOrigin}` },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise((resolve) => {
    const settle = (status: number | undefined) => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
      resolve(status);
    };
    // After the child has started, an error (a signal that could not be passed on) changes nothing: it still ends.
    let started = false;
    child.once("spawn", () => (started = true));
    child.on("error", () => {
      if (!started) settle(undefined);
    });
    child.once("exit", (code, signal) => settle(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}

/** What a restarted child knows of its parent's command. */
export interface Restarted {
  /** When the command started, on this process's `performance.now()` clock (before this process began: negative). */
  commandStartedAt: number;
}

/**
 * In a child started by `restartWithNodeFlags`: sends this process SIGTERM (so it stops through its own handlers)
 * once the parent is gone, and tells when the command started. Elsewhere it does nothing and returns undefined.
 */
export function followParent(): Restarted | undefined {
  const [pid, timeOrigin] = (process.env[RESTARTED] ?? "").split(" ");
  // Not handed down to the processes this one starts, whose parent it is not.
  delete process.env[RESTARTED];
  const channel = process.channel;
  if (!channel || pid !== String(process.ppid)) return undefined;
  // The channel only tells of the parent's end; it must not keep this process running.
  channel.unref();
  process.once("disconnect", () => {
    // Through the SIGTERM handlers at once: a real signal is handled a turn of the event loop later, and a build
    // would meanwhile go on, up to putting its output in place after its command is gone.
    if (process.listenerCount("SIGTERM") > 0) process.emit("SIGTERM", "SIGTERM");
    else process.kill(process.pid, "SIGTERM");
  });
  const parentOrigin = Number(timeOrigin);
  return { commandStartedAt: Number.isFinite(parentOrigin) ? parentOrigin - performance.timeOrigin : 0 };
}
