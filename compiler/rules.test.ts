/** The rule list stays true: every declared id is reported somewhere, and ids keep their `area/kebab-name` shape. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULES } from "./rules.ts";

const repo = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => file !== path.join(repo, "compiler", "rules.ts"));
}

describe("rule ids", () => {
  it("are `area/kebab-name`, each with a one-line description", () => {
    for (const [id, description] of Object.entries(RULES)) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)*\/[a-z]+(-[a-z]+)*$/);
      expect(description).not.toMatch(/\n/);
      expect(description.length).toBeGreaterThan(0);
    }
  });

  it("are each used by code that makes messages (a rule nothing reports is deleted)", () => {
    const code = [...sources("compiler"), ...sources("bin")].map((file) => readFileSync(file, "utf8")).join("\n");
    expect(Object.keys(RULES).filter((id) => !code.includes(`"${id}"`))).toEqual([]);
  });
});
