import { describe, expect, it } from "vitest";
import { BUILD_HELPER_THREADS, buildProcessFlags } from "./helper-threads.ts";
import { MAX_LANES } from "./map-in-workers.ts";

describe("buildProcessFlags", () => {
  it("asks for one V8 helper thread on a machine the build's threads fill", () => {
    expect(BUILD_HELPER_THREADS).toBe(1);
    for (const cores of [1, 2, 4, MAX_LANES]) expect(buildProcessFlags([], "", cores)).toEqual(["--v8-pool-size=1"]);
  });

  it("asks for nothing when the process was started with a pool size, on the command line or in NODE_OPTIONS", () => {
    expect(buildProcessFlags(["--v8-pool-size=1"], "", 2)).toEqual([]);
    expect(buildProcessFlags(["--import", "tsx", "--v8_pool_size=6"], "", 2)).toEqual([]);
    expect(buildProcessFlags([], "--max-old-space-size=4096 --v8-pool-size=3", 2)).toEqual([]);
    expect(buildProcessFlags(["--v8-pool-sizes=1"], "--v8-pool", 2)).toEqual(["--v8-pool-size=1"]);
  });

  it("leaves Node's default where the cores outnumber the build's threads", () => {
    expect(buildProcessFlags([], "", MAX_LANES + 1)).toEqual([]);
  });
});
