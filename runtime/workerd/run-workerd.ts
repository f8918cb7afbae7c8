/**
 * Test support: the real `workerd` binary from npm serving a `config.capnp` on loopback, for the tests that prove the
 * runtime on the edge (worker.test.ts, ask-ai-worker.test.ts).
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

export interface RunningWorkerd {
  /** Everything workerd printed so far, for failure messages. */
  log(): string;
  /** Resolves once `origin` answers HTTP; fails with the log if workerd exits or 20 s pass. */
  ready(origin: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `workerd serve config.capnp` in `cwd`. */
export function runWorkerd(cwd: string): RunningWorkerd {
  // The `workerd` package's main export is the path of its platform binary (found even if postinstall did not run).
  const binary = (createRequire(import.meta.url)("workerd") as { default: string }).default;
  const child = spawn(binary, ["serve", "config.capnp"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  return {
    log: () => log,
    async ready(origin) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}:\n${log}`);
        try {
          await fetch(`${origin}/llms.txt`);
          return;
        } catch {
          if (Date.now() > deadline) throw new Error(`workerd did not answer on ${origin}:\n${log}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
