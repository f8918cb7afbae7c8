/**
 * SPEC 2.11 example verification: `execute` runs a block only when allowNetwork, the explicit verification and
 * codeBlocks.validate report mode all hold; a real exit 0 passes, a failure or timeout fails, anything else skips.
 */
import { afterEach, describe, expect, it } from "vitest";
import { contextBlocks, exampleChecks } from "./example-checks.ts";
import { executeExample } from "./execute-example.ts";

const ALL = { allowNetwork: true, validate: "report" as const };
const fence = (language: string, code: string) => `Some prose.\n\n\`\`\`${language} title="x"\n${code}\n\`\`\`\n`;
const check = async (
  context: string,
  example: { language?: string; contains?: string; verification?: "present" | "syntax" | "execute" },
  options: { allowNetwork: boolean; validate: "report" | "off"; timeoutMs?: number } = ALL,
) => (await exampleChecks({ relevantSources: [], examples: [example] }, context, options))[0];

describe("execute verification", () => {
  it("passes a JavaScript example that exits 0 and fails one that throws, with its error", async () => {
    expect(await check(fence("js", "console.log(1 + 1);"), { language: "js", verification: "execute" })).toMatchObject({
      status: "pass",
      detail: "executed: exit 0",
    });
    const thrown = await check(fence("js", 'throw new Error("queue is not configured");'), {
      language: "js",
      verification: "execute",
    });
    expect(thrown.status).toBe("fail");
    expect(thrown.detail).toMatch(/exit 1: Error: queue is not configured/);
  });

  it("runs TypeScript after stripping types, and shell under sh and bash", async () => {
    const ts = 'const n: number = 2;\nif (n * 2 !== 4) process.exit(2);\nconsole.log("ok");';
    expect((await check(fence("ts", ts), { language: "ts", verification: "execute" })).status).toBe("pass");
    expect((await check(fence("sh", "test 3 -gt 2"), { language: "sh", verification: "execute" })).status).toBe("pass");
    const bash = await check(fence("bash", '[[ "a" == "b" ]] || exit 3'), {
      language: "bash",
      verification: "execute",
    });
    expect(bash).toMatchObject({ status: "fail", detail: "executed: exit 3" });
  });

  it("fails an example that outlives its time limit, and ends it", async () => {
    const slow = await check(
      fence("sh", "sleep 30"),
      { language: "sh", verification: "execute" },
      { ...ALL, timeoutMs: 300 },
    );
    expect(slow).toMatchObject({ status: "fail", detail: "executed: did not finish within 300 ms" });
  });

  it("fails an example that does not parse before running it", async () => {
    const broken = await check(fence("js", "console.log((;"), { language: "js", verification: "execute" });
    expect(broken.status).toBe("fail");
    expect(broken.detail).toMatch(/^does not parse: .*\(1:\d+\)$/);
  });

  it("skips, never passes, when a condition of SPEC 2.11 is missing", async () => {
    const context = fence("js", "console.log(1);");
    const noNetwork = await check(
      context,
      { language: "js", verification: "execute" },
      { allowNetwork: false, validate: "report" },
    );
    expect(noNetwork).toMatchObject({ status: "skip" });
    expect(noNetwork.detail).toContain("agent.evaluations.allowNetwork: true");
    const noValidate = await check(
      context,
      { language: "js", verification: "execute" },
      { allowNetwork: true, validate: "off" },
    );
    expect(noValidate.status).toBe("skip");
    expect(noValidate.detail).toContain("codeBlocks.validate in report mode");
    // Without the explicit `execute`, a runnable example is only syntax-checked: nothing runs.
    const implicit = await check(fence("js", "process.exit(5);"), { language: "js" });
    expect(implicit).toMatchObject({ status: "pass", detail: "parses" });
  });

  it("skips execute for a language it cannot run", async () => {
    const json = await check(fence("json", '{"a": 1}'), { language: "json", verification: "execute" });
    expect(json.status).toBe("skip");
    expect(json.detail).toContain('"json" code cannot be executed here');
  });

  it("defaults runnable examples to syntax and others to present", async () => {
    expect(await check(fence("sh", "echo 'unterminated"), { language: "sh" })).toMatchObject({ status: "fail" });
    expect(await check(fence("text", "anything ( goes"), { language: "text" })).toMatchObject({
      status: "pass",
      detail: "present",
    });
  });
});

describe("executeExample", () => {
  const saved = process.env.QUIRE_EVAL_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.QUIRE_EVAL_SECRET;
    else process.env.QUIRE_EVAL_SECRET = saved;
  });

  it("runs with none of the build's environment, in an empty folder", async () => {
    process.env.QUIRE_EVAL_SECRET = "sk_live_should_not_leak";
    const probe = [
      'if (process.env.QUIRE_EVAL_SECRET) { console.error("saw the secret"); process.exit(4); }',
      'import { readdirSync } from "node:fs";',
      'if (readdirSync(".").join() !== "example.mjs") process.exit(5);',
    ].join("\n");
    expect(await executeExample("js", probe)).toEqual({ ok: true, detail: "exit 0" });
  });
});

describe("contextBlocks", () => {
  it("reads fences of three or more backticks or tildes, indented ones and their language", () => {
    const context = "````ts\nconst a = 1;\n```\nstill code\n````\n\n  ~~~bash\n  echo hi\n  ~~~\n";
    expect(contextBlocks(context)).toEqual([
      { language: "ts", code: "const a = 1;\n```\nstill code\n" },
      { language: "bash", code: "  echo hi\n" },
    ]);
  });
});
