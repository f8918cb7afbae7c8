import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../config/resolve.ts";
import type { DocsConfig } from "../../config/types.ts";
import { buildAssets } from "./assets.ts";
import { renderPageHtml } from "./layout.ts";
import { makeTestPageView } from "./test-config.ts";

function pageWith(ai: DocsConfig["ai"], extra: Partial<DocsConfig> = {}) {
  const config = resolveConfig({ entry: "docs", ai, ...extra }, "/site", "docs.config.ts");
  const assets = buildAssets(config);
  return {
    html: renderPageHtml(makeTestPageView({ config, assets: assets.urls })),
    files: assets.files.map((file) => file.path),
  };
}

describe("the Ask AI hook in the page", () => {
  it("links ask-ai.css / ask-ai.js and carries the UI settings, never the key, model or base URL", () => {
    const { html, files } = pageWith({
      enabled: true,
      mode: "floating",
      floatingStyle: "popover",
      position: "bottom-left",
      aiLabel: "Docs AI",
      loader: "wave",
      suggestedQuestions: ["How do I start?"],
      apiKey: "sk-never-in-html-4242",
      model: "secret-model",
      baseUrl: "https://llm.internal/v1",
    });
    expect(files.filter((file) => file.startsWith("_quire/ask-ai."))).toHaveLength(2);
    expect(html).toMatch(/<link rel="stylesheet" href="\/_quire\/ask-ai\.[0-9a-f]{8}\.css">/);
    expect(html).toMatch(/<script defer src="\/_quire\/ask-ai\.[0-9a-f]{8}\.js"><\/script>/);
    const json = /<script type="application\/json" id="q-ask-ai-config">(.*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(json)).toEqual({
      mode: "floating",
      position: "bottom-left",
      floatingStyle: "popover",
      aiLabel: "Docs AI",
      suggestedQuestions: ["How do I start?"],
      loader: "wave",
      feedback: true,
      endpoint: "/api/docs",
      actionsEndpoint: "/api/docs?ai=action",
    });
    for (const secret of ["sk-never-in-html-4242", "secret-model", "llm.internal"]) expect(html).not.toContain(secret);
  });

  it("cannot be closed early by a suggested question", () => {
    const { html } = pageWith({ enabled: true, suggestedQuestions: ["</script><script>alert(1)</script>"] });
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).toContain("\\u003c/script>");
  });

  it("adds nothing when Ask AI is off or the build is a static export", () => {
    for (const [ai, extra] of [
      [undefined, {}],
      [{ enabled: false }, {}],
      [{ enabled: true }, { staticExport: true }],
    ] as const) {
      const { html, files } = pageWith(ai, extra);
      expect(html).not.toContain("ask-ai");
      expect(files.some((file) => file.includes("ask-ai"))).toBe(false);
    }
  });

  it("turns the feedback row off with ai.feedback: false", () => {
    const { html } = pageWith({ enabled: true, feedback: false });
    expect(html).toContain(`"feedback":false`);
  });
});
