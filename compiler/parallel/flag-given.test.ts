import { describe, expect, it } from "vitest";
import { flagGiven } from "./flag-given.ts";

describe("flagGiven", () => {
  it("finds a flag written with dashes or underscores, with or without a value", () => {
    expect(flagGiven(["--v8-pool-size=2"], "--v8-pool-size")).toBe(true);
    expect(flagGiven(["--v8_pool_size", "2"], "--v8-pool-size")).toBe(true);
    expect(flagGiven(["--inspect", "--heap_growing-percent=0"], "--heap-growing-percent")).toBe(true);
  });

  it("does not take a flag whose name only starts the same", () => {
    expect(flagGiven(["--interrupt-budget-for-feedback-allocation=1"], "--interrupt-budget")).toBe(false);
    expect(flagGiven(["--v8-pool-sizes=2", "v8-pool-size=2", ""], "--v8-pool-size")).toBe(false);
  });
});
