import { describe, expect, it } from "vitest";
import type { BuildMessage } from "../compiler/diagnostics.ts";
import { causesOf, reportLines, SHOWN_MESSAGES } from "./message-summary.ts";

function unknown(name: string, file: string, line: number): BuildMessage {
  return {
    severity: "error",
    rule: "mdx/unknown-component",
    file,
    line,
    column: 3,
    reason: `unknown component <${name}>`,
  };
}

describe("build messages summarised by cause", () => {
  const messages = [
    unknown("TabItem", "docs/a.mdx", 12),
    unknown("TabItem", "docs/a.mdx", 40),
    unknown("Chart", "docs/b.mdx", 5),
    unknown("TabItem", "docs/c.mdx", 7),
  ];

  it("counts uses and pages per cause and keeps the first place, in order of first appearance", () => {
    const causes = causesOf(messages);
    expect(causes.map((c) => [c.reason, c.count, c.pages, `${c.first.file}:${c.first.line}`])).toEqual([
      ["unknown component <TabItem>", 3, 2, "docs/a.mdx:12"],
      ["unknown component <Chart>", 1, 1, "docs/b.mdx:5"],
    ]);
  });

  it("prints every message, then one line per cause when messages repeat", () => {
    const lines = reportLines(messages, { verbose: false });
    expect(lines.slice(0, 4).every((l) => l.startsWith("error docs/"))).toBe(true);
    expect(lines).toContain(
      "  error unknown component <TabItem> [mdx/unknown-component] — 3 times in 2 files; first at docs/a.mdx:12:3",
    );
  });

  it("caps the list with 'and N more' unless verbose", () => {
    const flood = Array.from({ length: SHOWN_MESSAGES + 15 }, (_, i) =>
      unknown("TabItem", `docs/p${i % 4}.mdx`, i + 1),
    );
    const capped = reportLines(flood, { verbose: false });
    expect(capped.filter((l) => l.startsWith("error docs/"))).toHaveLength(SHOWN_MESSAGES);
    expect(capped).toContain("… and 15 more (run with --verbose to list every message)");
    expect(capped.at(-1)).toBe(
      `  error unknown component <TabItem> [mdx/unknown-component] — ${SHOWN_MESSAGES + 15} times in 4 files; first at docs/p0.mdx:1:3`,
    );
    expect(reportLines(flood, { verbose: true }).filter((l) => l.startsWith("error docs/"))).toHaveLength(
      SHOWN_MESSAGES + 15,
    );
  });

  it("adds no summary when every message is a different cause", () => {
    expect(reportLines(messages.slice(2, 3), { verbose: false })).toEqual([
      "error docs/b.mdx:5:3 unknown component <Chart> [mdx/unknown-component]",
    ]);
  });
});
