/**
 * `docs init` on a real pseudo-terminal (util-linux `script` gives the command a TTY): it shows each question with its
 * default, reads the answers typed at the terminal, and writes the site they describe.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = "/usr/bin/script";
const available = existsSync(SCRIPT);
if (!available && process.env.CI)
  throw new Error(`CI needs ${SCRIPT} (Debian bsdutils) for the terminal test of docs init`);
const DOCS = path.resolve(import.meta.dirname, "docs.js");
let scratch: string;

beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "quire-init-tty-"));
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

/** Runs `docs init` under a pseudo-terminal, typing each answer once its question has appeared. */
function initOnTerminal(
  answers: [question: string, answer: string][],
): Promise<{ code: number | null; screen: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      SCRIPT,
      ["-qec", `${JSON.stringify(process.execPath)} ${JSON.stringify(DOCS)} init`, "/dev/null"],
      { cwd: scratch },
    );
    let screen = "";
    const pending = [...answers];
    child.stdout.on("data", (chunk: Buffer) => {
      screen += chunk.toString("utf8");
      const next = pending[0];
      if (next && screen.includes(next[0])) {
        pending.shift();
        child.stdin.write(`${next[1]}\r`);
      }
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, screen }));
  });
}

describe.skipIf(!available)("docs init on a terminal", () => {
  it("asks for the folder and the title, with defaults, and writes the answers", async () => {
    const { code, screen } = await initOnTerminal([
      ["Folder for the site (.): ", "team-handbook"],
      ["Site title (Team Handbook): ", "Handbook of the Team"],
    ]);
    expect(screen).toContain('created "Handbook of the Team" in team-handbook');
    expect(code).toBe(0);
    const config = await readFile(path.join(scratch, "team-handbook/docs.config.ts"), "utf8");
    expect(config).toContain('nav: { title: "Handbook of the Team" }');
  }, 30_000);

  it("takes the defaults when Enter is pressed", async () => {
    const { code } = await initOnTerminal([
      ["Folder for the site (.): ", ""],
      ["Site title (", ""],
    ]);
    expect(code).toBe(0);
    const title = path
      .basename(scratch)
      .split("-")
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(" ");
    expect(await readFile(path.join(scratch, "docs.config.ts"), "utf8")).toContain(`nav: { title: "${title}" }`);
  }, 30_000);
});
