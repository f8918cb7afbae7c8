/**
 * SPEC 2.11 expected examples of a golden task: each must be a code block of the retrieved context (by language
 * and contained text), then verified. `verification` defaults to `syntax` for runnable examples (languages
 * execute-example.ts can run) and to `present` otherwise. `syntax` parses the block with the codeBlocks.validate
 * checkers; `execute` runs it, and only when every condition holds: `allowNetwork: true`, the explicit
 * `verification: "execute"` and `codeBlocks.validate` in `report` mode. Anything short of a real pass that is not a
 * failure is a skip, and a skip never counts as a pass.
 */
import { canValidate, validateCode } from "../../review/validate-code.ts";
import { canExecute, executeExample } from "./execute-example.ts";
import type { TaskCheck, TaskExpect } from "./metrics.ts";

export interface ExampleOptions {
  allowNetwork: boolean;
  validate: "report" | "off";
  /** Time limit of one executed example (execute-example.ts's default when absent). */
  timeoutMs?: number;
}

/** Fenced blocks of a context, in order: language (first word of the info string) and code. */
export function contextBlocks(context: string): { language: string; code: string }[] {
  return [...context.matchAll(/^[ \t]*(`{3,}|~{3,})([^\s`]*)[^\n]*\n([\s\S]*?)^[ \t]*\1[`~]*[ \t]*$/gm)].map((m) => ({
    language: m[2].toLowerCase(),
    code: m[3],
  }));
}

export async function exampleChecks(
  expect: TaskExpect,
  context: string,
  options: ExampleOptions,
): Promise<TaskCheck[]> {
  const blocks = contextBlocks(context);
  const checks: TaskCheck[] = [];
  // One after another: executed examples are processes, and their order should not depend on scheduling.
  for (const [i, example] of (expect.examples ?? []).entries()) {
    const name = `example ${i + 1}`;
    const language = example.language?.toLowerCase();
    const found = blocks.find(
      (b) => (!language || b.language === language) && (!example.contains || b.code.includes(example.contains)),
    );
    if (!found) {
      checks.push({
        name,
        status: "fail",
        detail: `no ${example.language ?? ""} code block${example.contains ? ` containing "${example.contains}"` : ""} in the retrieved context`,
      });
      continue;
    }
    const verification = example.verification ?? (canExecute(found.language) ? "syntax" : "present");
    checks.push({ name, ...(await verify(found, verification, options)) });
  }
  return checks;
}

async function verify(
  block: { language: string; code: string },
  verification: "present" | "syntax" | "execute",
  options: ExampleOptions,
): Promise<Omit<TaskCheck, "name">> {
  if (verification === "present") return { status: "pass", detail: "present" };
  const label = block.language || "unlabelled";
  if (verification === "syntax" || verification === "execute") {
    // An example that does not parse fails either way; execute would only fail later with a worse message.
    if (canValidate(block.language)) {
      const problem = await validateCode(block.language, block.code);
      if (problem)
        return { status: "fail", detail: `does not parse: ${problem.message} (${problem.line}:${problem.column})` };
    } else if (verification === "syntax")
      return { status: "skip", detail: `no local syntax checker for "${label}" code (a skip is never a pass)` };
    if (verification === "syntax") return { status: "pass", detail: "parses" };
  }
  const missing = [
    !options.allowNetwork && "agent.evaluations.allowNetwork: true",
    options.validate !== "report" && "codeBlocks.validate in report mode",
  ].filter(Boolean);
  if (missing.length > 0)
    return { status: "skip", detail: `execute verification needs ${missing.join(" and ")} (a skip is never a pass)` };
  if (!canExecute(block.language))
    return { status: "skip", detail: `"${label}" code cannot be executed here (a skip is never a pass)` };
  const result = await executeExample(block.language, block.code, { timeoutMs: options.timeoutMs });
  return result.ok
    ? { status: "pass", detail: `executed: ${result.detail}` }
    : { status: "fail", detail: `executed: ${result.detail}` };
}
