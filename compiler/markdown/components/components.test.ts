import { describe, it, expect } from "vitest";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { builtInComponents, IconRegistry } from "./index.ts";

const { Callout, Tabs, Tab, Steps, Step, Cards, Card, HoverLink, Prompt } = builtInComponents as Record<string, any>;

describe("builtInComponents", () => {
  it("exposes every built-in under its MDX name", () => {
    expect(Object.keys(builtInComponents).sort()).toEqual([
      "Callout",
      "Card",
      "Cards",
      "HoverLink",
      "Prompt",
      "Step",
      "Steps",
      "Tab",
      "Tabs",
    ]);
  });
});

describe("Callout", () => {
  it("defaults to a note labelled Note", () => {
    const html = renderToString(h(Callout, null, "Body"));
    expect(html).toContain(`<div class="q-callout" data-type="note" role="note">`);
    expect(html).toContain(`<p class="q-callout-title">Note</p><div class="q-callout-content">Body</div>`);
  });

  it("maps aliases to tones and keeps a given title", () => {
    expect(renderToString(h(Callout, { type: "warning" }, "x"))).toContain(`data-type="warn"`);
    const danger = renderToString(h(Callout, { type: "danger" }, "x"));
    expect(danger).toContain(`data-type="error"`);
    expect(danger).toContain(">Danger</p>");
    expect(renderToString(h(Callout, { type: "tip", title: "Heads up" }, "x"))).toContain(">Heads up</p>");
    expect(renderToString(h(Callout, { type: "constructor" }, "x"))).toContain(`data-type="note"`);
  });

  it("labels the admonition names of other tools and renders details collapsed", () => {
    expect(renderToString(h(Callout, { type: "caution" }, "x"))).toContain(
      `data-type="warn" role="note"><span class="q-callout-icon">`,
    );
    expect(renderToString(h(Callout, { type: "caution" }, "x"))).toContain(">Caution</p>");
    expect(renderToString(h(Callout, { type: "important" }, "x"))).toContain(">Important</p>");
    expect(renderToString(h(Callout, { type: "details", title: "More" }, "Hidden"))).toBe(
      `<details class="q-callout q-callout-details" data-type="note"><summary class="q-callout-title">More</summary><div class="q-callout-content">Hidden</div></details>`,
    );
  });
});

describe("Tabs", () => {
  it("renders radio inputs and labels so tabs switch without JavaScript", () => {
    const html = renderToString(
      h(
        Tabs,
        { items: ["npm", "pnpm"], defaultIndex: 1 },
        h(Tab, { value: "npm" }, "npm i"),
        h(Tab, { value: "pnpm" }, "pnpm add"),
      ),
    );
    const inputs = html.match(/<input[^>]*>/g) ?? [];
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).not.toContain("checked");
    expect(inputs[1]).toContain("checked");
    const id = /id="([^"]+)"/.exec(inputs[0]!)![1];
    expect(inputs[0]).toContain(`type="radio"`);
    expect(html).toContain(`<label class="q-tab-label" for="${id}">npm</label>`);
    expect(html).toContain(`<div class="q-tab-panel" data-tab="pnpm"><div class="q-tab">pnpm add</div></div>`);
  });

  it("derives labels from Tab title or value when items are absent", () => {
    const html = renderToString(h(Tabs, null, h(Tab, { title: "macOS" }, "a"), h(Tab, { value: "linux" }, "b")));
    expect(html).toContain(">macOS</label>");
    expect(html).toContain(">linux</label>");
    expect(html.match(/<input[^>]*>/g)![0]).toContain("checked");
  });

  it("matches items to Tabs by value", () => {
    const html = renderToString(
      h(Tabs, { items: ["yarn", "npm"] }, h(Tab, { value: "npm" }, "N"), h(Tab, { value: "yarn" }, "Y")),
    );
    expect(html).toContain(`data-tab="yarn"><div class="q-tab">Y</div>`);
  });

  it("gives two groups on one page distinct radio names", () => {
    const group = () => h(Tabs, { items: ["a", "b"] }, h(Tab, null, "1"), h(Tab, null, "2"));
    const html = renderToString(h("div", null, group(), group()));
    const names = new Set([...html.matchAll(/name="([^"]+)"/g)].map((match) => match[1]));
    expect(names.size).toBe(2);
    expect(renderToString(h("div", null, group(), group()))).toBe(html);
  });
});

describe("Steps", () => {
  it("wraps steps with optional titles", () => {
    const html = renderToString(h(Steps, null, h(Step, { title: "Install" }, "run it"), h(Step, null, "done")));
    expect(html).toBe(
      `<div class="q-steps"><div class="q-step"><p class="q-step-title">Install</p>run it</div><div class="q-step">done</div></div>`,
    );
  });
});

describe("Cards", () => {
  it("renders link cards and resolves registry icons through context", () => {
    const card = h(
      Cards,
      null,
      h(Card, { title: "Guides", href: "/docs/guides", icon: "book" }, "Learn"),
      h(Card, { title: "Plain", icon: 3 }),
    );
    const html = renderToString(h(IconRegistry.Provider, { value: { book: "<svg></svg>" } }, card));
    expect(html).toContain(
      `<div class="q-cards"><a class="q-card" href="/docs/guides"><span class="q-card-icon" aria-hidden="true"><svg></svg></span><span class="q-card-title">Guides</span><div class="q-card-body">Learn</div></a>`,
    );
    expect(html).toContain(`<div class="q-card"><span class="q-card-title">Plain</span></div>`);
  });
});

describe("HoverLink", () => {
  it("renders a link described by a CSS-only preview card", () => {
    const html = renderToString(
      h(HoverLink, { href: "/docs/api", title: "API", description: "All endpoints" }, "the API"),
    );
    const id = /aria-describedby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`<a href="/docs/api" aria-describedby="${id}">the API</a>`);
    expect(html).toContain(
      `<span class="q-hover-card" role="tooltip" id="${id}" data-markdown-ignore><span class="q-hover-card-title">API</span><span class="q-hover-card-description">All endpoints</span>`,
    );
  });
});

describe("Prompt", () => {
  it("shows the prompt text with a copy button", () => {
    const html = renderToString(
      h(Prompt, { title: "Migrate", description: "Paste into your agent" }, "Upgrade my app"),
    );
    expect(html).toContain(
      `<span class="q-prompt-title">Migrate</span><span class="q-prompt-description">Paste into your agent</span>`,
    );
    expect(html).toContain(`<div class="q-prompt-text" data-copy-source>Upgrade my app</div>`);
    expect(html).toContain(`<button type="button" class="q-copy" aria-label="Copy prompt" data-copy></button>`);
  });

  it("escapes prompt text", () => {
    expect(renderToString(h(Prompt, null, "<script>x</script>"))).toContain("&lt;script>x&lt;/script>");
  });
});
