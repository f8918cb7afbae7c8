/** The compactor (SPEC 2.7 rule 4): keeps structure and facts, drops chrome and repetition, fits the budget, deterministic. */
import { describe, expect, it } from "vitest";
import { compactMarkdown } from "./compact.ts";
import { countTokens } from "./tokens.ts";

const DOC = `## Install

In this guide we walk through the setup step by step, so grab a coffee and settle in for the ride.
Run \`npm install acme-queue\` in the project root. The package requires Node 20 or newer.
The package requires Node 20 or newer.
It is a nice and friendly package that many people enjoy using in all sorts of projects every day.

\`\`\`bash
npm install acme-queue
\`\`\`

---

## Configure

Set \`ACME_REDIS_URL\` before the worker starts; the default is redis://localhost:6379.
Configuration is something that people often think about quite a lot when they set up new tools.

| Key | Default |
| --- | --- |
| attempts | 3 |

Happy coding!
`;

describe("compactMarkdown", () => {
  it("keeps headings, code, tables and fact sentences; drops chrome, repetition and filler to fit", () => {
    const result = compactMarkdown(DOC, { maxTokens: 110, minTokens: 0 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.tokens).toBe(countTokens(result.text));
    expect(result.tokens).toBeLessThanOrEqual(110);
    for (const kept of [
      "## Install",
      "## Configure",
      "```bash\nnpm install acme-queue\n```",
      "| attempts | 3 |",
      "`npm install acme-queue`",
      "`ACME_REDIS_URL`",
    ])
      expect(result.text).toContain(kept);
    expect(result.text.match(/requires Node 20/g)).toHaveLength(1);
    for (const dropped of ["In this guide", "Happy coding", "\n---\n", "nice and friendly"])
      expect(result.text).not.toContain(dropped);
  });

  it("gives the same bytes for the same input and budget", () => {
    expect(compactMarkdown(DOC, { maxTokens: 90, minTokens: 0 })).toEqual(
      compactMarkdown(DOC, { maxTokens: 90, minTokens: 0 }),
    );
  });

  it("leaves a document at or under minTokens as it is", () => {
    const result = compactMarkdown(DOC, { maxTokens: 1000, minTokens: 1000 });
    expect(result.ok && result.text).toBe(DOC.trim() + "\n");
  });

  it("refuses, with the kept size, when headings and code alone exceed the budget", () => {
    const result = compactMarkdown(DOC, { maxTokens: 20, minTokens: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/alone take \d+ tokens, over the budget of 20/);
  });

  it("counts tokens with the o200k_base BPE, not by characters", () => {
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
  });
});
