import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { optimizingBudgetFlag, WORKER_BUILD_INTERRUPT_BUDGET } from "./optimizing-budget.ts";

describe("optimizingBudgetFlag", () => {
  it("raises the budget fourfold when Node was given none of its own", () => {
    expect(WORKER_BUILD_INTERRUPT_BUDGET).toBe(4 * 67_584);
    expect(optimizingBudgetFlag([])).toBe("--interrupt-budget=270336");
    expect(optimizingBudgetFlag(["--enable-source-maps", "--v8-pool-size=1"])).toBe("--interrupt-budget=270336");
  });

  it("leaves a budget given on Node's command line as it is", () => {
    expect(optimizingBudgetFlag(["--interrupt-budget=1000"])).toBeUndefined();
    expect(optimizingBudgetFlag(["--trace-opt", "--interrupt_budget", "5000"])).toBeUndefined();
  });

  it("does not mistake V8's other budgets for it", () => {
    expect(optimizingBudgetFlag(["--interrupt-budget-for-feedback-allocation=940"])).toBe("--interrupt-budget=270336");
  });

  it("names a flag this Node's V8 has, with the default the budget is four times", () => {
    // setFlagsFromString ignores a name V8 does not know: a renamed flag would make the raise do nothing, silently.
    const options = spawnSync(process.execPath, ["--v8-options"], { encoding: "utf8" }).stdout;
    expect(options).toMatch(/--interrupt-budget \(/);
    expect(options).toMatch(/default: --interrupt-budget=67584\b/);
  });
});
