import { createHighlighter, type ThemeRegistrationResolved } from "shiki";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../config/resolve.ts";
import type { DocsConfig } from "../config/types.ts";
import { composite, contrastRatio, parseColor, type Rgba } from "./color.ts";
import { accessibleHighlighterTheme, lineTints } from "./highlighter-theme.ts";
import { presets } from "./presets.ts";
import { schemePalettes } from "./scheme-palettes.ts";

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

/** The default theme and every preset, each with the code themes and line tints of its light and dark scheme. */
const CASES = [
  ["default", { entry: "docs" }] as const,
  ...Object.entries(presets).map(([name, theme]) => [name, { entry: "docs", theme }] as const),
].flatMap(([name, config]) => {
  const theme = resolveConfig(config as DocsConfig, "/site", "docs.config.ts").theme;
  const palettes = schemePalettes(theme);
  return [
    { site: name, scheme: "light", code: theme.codeBlock.theme, tints: lineTints(palettes.light) },
    { site: name, scheme: "dark", code: theme.codeBlock.darkTheme, tints: lineTints(palettes.dark) },
  ];
});

/** The lowest ratio of any token the theme paints over its background (and tinted lines), across the samples. */
async function worstToken(theme: ThemeRegistrationResolved, tints: readonly Rgba[] = []) {
  const highlighter = await createHighlighter({ themes: [theme], langs: SAMPLES.map(([lang]) => lang) });
  const bg = parseColor(theme.bg) as Rgba;
  const backgrounds = [bg, ...tints.map((tint) => composite(tint, bg))];
  let worst = { ratio: 21, color: "", text: "" };
  for (const [lang, code] of SAMPLES) {
    for (const line of highlighter.codeToTokensBase(code, { lang: lang as never, theme: theme.name as never })) {
      for (const token of line) {
        const color = token.color ?? theme.fg;
        const parsed = parseColor(color);
        if (!parsed || token.content.trim() === "") continue;
        const ratio = Math.min(...backgrounds.map((background) => contrastRatio(parsed, background)));
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

  it.each(CASES)(
    "$site, $scheme: every token of $code at AA on the code background and tinted lines",
    async (c) => {
      const theme = await accessibleHighlighterTheme(c.code, c.tints);
      const worst = await worstToken(theme, c.tints);
      expect(worst.ratio, `${worst.color} in ${worst.text}`).toBeGreaterThanOrEqual(4.5);
      expect(theme.name).toBe(c.code);
    },
    30_000,
  );

  it("names the bundled themes when a configured one does not exist", async () => {
    await expect(accessibleHighlighterTheme("github-lihgt")).rejects.toThrow(
      /unknown code block theme "github-lihgt".*github-light/,
    );
  });
});
