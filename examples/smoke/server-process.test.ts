import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freePort } from "../../runtime/testing/free-port.ts";
import { startServer } from "./server-process.ts";

/** A parent that starts the real server as its own child, as `npm start` → framework CLI → server does. */
const GRANDCHILD_SERVER = [
  "node",
  "-e",
  `const { spawn } = require("node:child_process");
   spawn(process.execPath, ["-e", "require('node:http').createServer((q, s) => s.end(String(process.pid))).listen(+process.env.PORT, '127.0.0.1')"], { stdio: "inherit" });
   setInterval(() => {}, 1000);`,
];

/** Alive and not a zombie (a killed orphan may wait for a container's PID 1 to reap it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

describe("examples/smoke/server-process.ts", () => {
  it("waits until the server answers, then stops the whole process group", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const server = await startServer({
      command: GRANDCHILD_SERVER,
      cwd: process.cwd(),
      env: { PORT: String(port) },
      readyUrl: url,
      timeoutSeconds: 20,
    });
    const grandchild = Number(await (await fetch(url)).text());
    expect(grandchild).toBeGreaterThan(0);
    await server.stop();
    expect(isRunning(grandchild)).toBe(false);
    await expect(fetch(url)).rejects.toThrow();
  });

  it("reports a server that exits before answering, with its output", async () => {
    const port = await freePort();
    const started = startServer({
      command: ["node", "-e", "console.error('cannot bind'); process.exit(3)"],
      cwd: process.cwd(),
      env: {},
      readyUrl: `http://127.0.0.1:${port}/`,
      timeoutSeconds: 20,
    });
    await expect(started).rejects.toThrow(/exited with 3 before answering:\ncannot bind/);
  });
});
