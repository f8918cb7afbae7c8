/** Last commit date of every file under the content dir, from one `git log` (never one process per page). */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Map of site-root-relative path → ISO 8601 commit date; empty outside a git work tree. */
export async function readGitDates(root: string, contentDir: string): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  let stdout: string;
  try {
    ({ stdout } = await run(
      "git",
      [
        "-C",
        root,
        "log",
        "--relative",
        "--format=%x00%cI",
        "--name-only",
        "--",
        path.relative(root, contentDir) || ".",
      ],
      { maxBuffer: 256 * 1024 * 1024 },
    ));
  } catch {
    return dates;
  }
  // Newest commits come first, so the first date seen for a file is its last change.
  for (const block of stdout.split("\0")) {
    const [date, ...files] = block.trim().split("\n");
    if (!date) continue;
    for (const file of files) if (file && !dates.has(file)) dates.set(file, date);
  }
  return dates;
}
