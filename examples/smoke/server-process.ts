/**
 * A production server for the smoke run: started in its own process group (npm → framework CLI → server), polled
 * until it answers, and stopped as a group (SIGTERM, then SIGKILL after 5 s) so no grandchild outlives the run.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { freePort } from "../../runtime/testing/free-port.ts";

export interface StartedServer {
  /** Everything the server wrote so far (stdout and stderr interleaved). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  command: string[];
  cwd: string;
  env: Record<string, string>;
  /** Polled until it answers with any HTTP status. */
  readyUrl: string;
  timeoutSeconds: number;
}

/** A port nothing listens on right now (the OS picks it, then it is released for the server). */
export async function startServer(options: StartOptions): Promise<StartedServer> {
  const child = spawn(options.command[0], options.command.slice(1), {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  let exited: string | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = `exited with ${code ?? signal}`;
      resolve();
    }),
  );
  const server: StartedServer = {
    output: () => output,
    async stop() {
      if (exited || child.pid === undefined) return;
      const group = -child.pid;
      try {
        process.kill(group, "SIGTERM");
      } catch {
        return;
      }
      const killed = setTimeout(() => {
        try {
          process.kill(group, "SIGKILL");
        } catch {}
      }, 5000);
      await exit;
      clearTimeout(killed);
      // npm may exit before a grandchild that ignores SIGTERM; nothing of the group may outlive the run. A signal
      // is delivered asynchronously, so stop() returns once no live member of the group is left (or after 5 s).
      try {
        process.kill(group, "SIGKILL");
      } catch {}
      for (const gone = Date.now() + 5000; groupAlive(child.pid) && Date.now() < gone; )
        await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
  const deadline = Date.now() + options.timeoutSeconds * 1000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`\`${options.command.join(" ")}\` ${exited} before answering:\n${output.slice(-4000)}`);
    try {
      await fetch(options.readyUrl, { signal: AbortSignal.timeout(2000), redirect: "manual" });
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await server.stop();
  throw new Error(`no answer from ${options.readyUrl} within ${options.timeoutSeconds} s:\n${output.slice(-4000)}`);
}

/**
 * Whether a process of group `group` is alive (not a zombie waiting for a container's PID 1 to reap it). Reads
 * `/proc`; where there is none, whether the group can still be signalled.
 */
function groupAlive(group: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name: state, parent pid, process group.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === group && state !== "Z") return true;
    } catch {
      // exited while we looked
    }
  }
  return false;
}
