import { createHighlighter, type ThemeRegistrationResolved } from "shiki";
import { describe, expect, it } from "vitest";
import { contrastRatio, parseColor, type Rgba } from "./color.ts";
import { accessibleHighlighterTheme } from "./highlighter-theme.ts";
import { presets } from "./presets.ts";

/** Code that exercises comments, strings, keywords, types, numbers, decorators, shell variables and markup. */
const SAMPLES: [string, string][] = [
  [
    "ts",
    '// queue setup\n/** Options. */\nimport { Queue } from "@acme/queue";\n@Injectable()\nexport class Jobs<T extends object> {\n  private readonly retries = 3; // max\n  async add(name: string, data: T): Promise<void> {\n    const id = `${name}-${Date.now()}`;\n    if (!data) throw new TypeError("data");\n    return this.queue?.push({ id, data, at: null, ok: true });\n  }\n}\n',
  ],
  [
    "bash",
    '# install\nnpm install @acme/queue --save && export QUEUE_URL="redis://localhost:6379" # local\necho $HOME\n',
  ],
  ["json", '{ "name": "acme", "version": 1.2, "private": true, "deps": null }\n'],
  [
    "python",
    'def run(job: dict) -> None:\n    """Run one job."""\n    # retry three times\n    for i in range(3):\n        print(f"try {i}")\n',
  ],
  ["css", ".q-card:hover { color: #fff; --q-radius: 4px; } /* note */\n"],
  ["yaml", "# config\nname: acme\nretries: 3\nenabled: true\n"],
  ["diff", "--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-old\n+new\n"],
  ["md", "# Title\n\nSome *em* and `code` and [link](https://acme.test).\n"],
];

const THEMES = [
  ...new Set([
    "github-light",
    "github-dark",
    ...Object.values(presets).flatMap((theme) => [theme.ui?.codeBlock?.theme, theme.ui?.codeBlock?.darkTheme]),
  ]),
].filter((name): name is string => typeof name === "string");

/** The lowest ratio of any token the theme paints over its background, across the samples. */
async function worstToken(theme: ThemeRegistrationResolved) {
  const highlighter = await createHighlighter({ themes: [theme], langs: SAMPLES.map(([lang]) => lang) });
  const background = parseColor(theme.bg) as Rgba;
  let worst = { ratio: 21, color: "", text: "" };
  for (const [lang, code] of SAMPLES) {
    for (const line of highlighter.codeToTokensBase(code, { lang: lang as never, theme: theme.name })) {
      for (const token of line) {
        const color = token.color ?? theme.fg;
        const parsed = parseColor(color);
        if (!parsed || token.content.trim() === "") continue;
        const ratio = contrastRatio(parsed, background);
        if (ratio < worst.ratio) worst = { ratio, color, text: `${lang}: ${token.content}` };
      }
    }
  }
  highlighter.dispose();
  return worst;
}

describe("highlighter themes (issue 13: token contrast)", () => {
  it("finds the failure it fixes: github-dark comments read at 3.05:1 as bundled", async () => {
    const { bundledThemes, normalizeTheme } = await import("shiki");
    const raw = normalizeTheme((await bundledThemes["github-dark"]()).default);
    const worst = await worstToken(raw);
    expect(worst.ratio).toBeLessThan(4.5);
    expect(worst.text).toMatch(/#|\/\//);
  }, 30_000);

  it.each(THEMES)(
    "paints every token of %s at WCAG AA (4.5:1) over its background",
    async (name) => {
      const theme = await accessibleHighlighterTheme(name);
      const worst = await worstToken(theme);
      expect(worst.ratio, `${worst.color} in ${worst.text}`).toBeGreaterThanOrEqual(4.5);
      expect(theme.name).toBe(name);
    },
    30_000,
  );

  it("names the bundled themes when a configured one does not exist", async () => {
    await expect(accessibleHighlighterTheme("github-lihgt")).rejects.toThrow(
      /unknown code block theme "github-lihgt".*github-light/,
    );
  });
});
