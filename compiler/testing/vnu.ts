/**
 * The Nu HTML checker (npm `vnu-jar`, run on the system's Java: Debian `default-jre-headless`) over a list of HTML
 * files in one JVM. Returns its errors as `file:line:col message` lines.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** True when `java` runs; under CI its absence is an error rather than a skip. */
export function javaAvailable(): boolean {
  const found = ["/usr/bin/java", "/usr/local/bin/java"].some((p) => existsSync(p)) || Boolean(process.env.JAVA_HOME);
  if (!found && process.env.CI)
    throw new Error("CI needs Java for the Nu HTML checker (apt-get install default-jre-headless)");
  return found;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

export async function vnuErrors(files: string[]): Promise<string[]> {
  if (files.length === 0) return [];
  const jar: string = require("vnu-jar");
  const stderr = await new Promise<string>((resolve, reject) => {
    execFile(
      "java",
      ["-Xss1024k", "-jar", jar, "--errors-only", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, err) => {
        // vnu exits 1 when it found errors; anything else without JSON output is a failure to run.
        if (error && !err.trimStart().startsWith("{")) reject(new Error(`vnu failed: ${err || error.message}`));
        else resolve(err);
      },
    );
  });
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  return messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => {
      const file = m.url?.startsWith("file:") ? fileURLToPath(m.url) : (m.url ?? "?");
      return `${file}:${m.lastLine ?? 0}:${m.firstColumn ?? 0} ${m.message}${m.extract ? ` — ${JSON.stringify(m.extract)}` : ""}`;
    });
}
