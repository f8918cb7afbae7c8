import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from "./heap-growth.ts";

describe("heapGrowthFlag", () => {
  it("limits the heap's growth when Node was given no growth of its own", () => {
    expect(heapGrowthFlag([])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(["--enable-source-maps", "--max-old-space-size=4096"])).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
  });

  it("leaves a growth given on Node's command line as it is", () => {
    expect(heapGrowthFlag(["--heap-growing-percent=0"])).toBeUndefined();
    expect(heapGrowthFlag(["--trace-gc", "--heap_growing_percent=200"])).toBeUndefined();
    expect(heapGrowthFlag(["--heap-growing-percent", "30"])).toBeUndefined();
  });

  it("does not mistake another flag for it", () => {
    expect(heapGrowthFlag(["--heap-growing-percentage=5", "--max-heap-size=100"])).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
  });
});
