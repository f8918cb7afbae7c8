/** Golden evaluation metrics (SPEC 2.11): source normalization, recall@k, first relevant rank, useful byte ratio. */
import { describe, expect, it } from "vitest";
import { normalizeSource, taskMetrics } from "./metrics.ts";

describe("evaluation metrics", () => {
  it("reads a source as a page path however it is written", () => {
    for (const source of [
      "guides/install",
      "/docs/guides/install",
      "/docs/guides/install.md",
      "https://acme.dev/docs/guides/install#setup",
      "/docs/guides/install/",
    ]) {
      expect(normalizeSource(source, "/docs", "https://acme.dev")).toBe("guides/install");
    }
    expect(normalizeSource("/docs", "/docs", null)).toBe("");
    expect(normalizeSource("/index.md", "/", null)).toBe("");
  });

  it("counts recall in the top k distinct pages, the rank of the first relevant one and the useful share of bytes", () => {
    const metrics = taskMetrics(
      { paths: ["a", "b", "a", "c", "d"], bytes: [100, 50, 50, 200, 100], context: "" },
      new Set(["a", "d"]),
      new Set(["a", "d", "c"]),
      3,
    );
    expect(metrics.retrieved).toEqual(["a", "b", "c"]);
    expect(metrics.recallAtK).toBe(0.5);
    expect(metrics.firstRelevantRank).toBe(1);
    expect(metrics.usefulByteRatio).toBeCloseTo(450 / 500);
  });

  it("reports no rank and zero recall when nothing relevant comes back", () => {
    const metrics = taskMetrics({ paths: ["x"], bytes: [10], context: "" }, new Set(["a"]), new Set(["a"]), 5);
    expect(metrics).toMatchObject({ recallAtK: 0, firstRelevantRank: null, usefulByteRatio: 0 });
  });
});
