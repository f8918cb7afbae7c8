/**
 * V8 settings for a process that exists to build a site (`docs build`, `docs dev`, the build benchmark). They are
 * process-wide, so `build()` called inside another tool's process leaves that process as it is.
 */
import { limitHeapGrowth } from "./heap-growth.ts";
import { allowOptimizingBudget } from "./optimizing-budget.ts";

/** Call before the build starts its workers. */
export function tuneBuildProcess(): void {
  limitHeapGrowth();
  allowOptimizingBudget();
}
