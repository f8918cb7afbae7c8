import { h } from "preact";
import { describe, expect, it } from "vitest";
import { renderSidebar } from "./sidebar.ts";
import { makeTestConfig } from "./test-config.ts";

function sidebarWith(slots: { banner?: unknown; footer?: unknown }): string {
  const base = makeTestConfig();
  const config = { ...base, sidebar: { ...base.sidebar, ...slots } };
  return renderSidebar(config, [{ type: "page", name: "Intro", url: "/docs", route: "/docs" }], "/docs");
}

describe("sidebar banner and footer (SPEC 2.1)", () => {
  it("renders a Markdown banner above the links and a footer below them", () => {
    const html = sidebarWith({ banner: "**v2** is out: [read the notes](/docs/changelog)", footer: "© Acme" });
    expect(html).toContain(
      '<div class="q-sidebar-banner"><p><strong>v2</strong> is out: <a href="/docs/changelog">read the notes</a></p></div>',
    );
    expect(html.indexOf("q-sidebar-banner")).toBeLessThan(html.indexOf('<nav class="q-nav"'));
    expect(html.indexOf("q-sidebar-footer")).toBeGreaterThan(html.indexOf("</nav>"));
    expect(html).toContain('<div class="q-sidebar-footer"><p>© Acme</p></div>');
  });

  it("drops raw HTML tags from a config string, keeping their text", () => {
    const html = sidebarWith({ footer: 'Hi <script>alert(1)</script><img src=x onerror="x()">' });
    expect(html).toContain('<div class="q-sidebar-footer"><p>Hi alert(1)</p></div>');
    expect(html).not.toMatch(/script|onerror/);
  });

  it("renders a preact element as static HTML", () => {
    const html = sidebarWith({ banner: h("a", { href: "https://status.acme.test" }, "Status") });
    expect(html).toContain('<div class="q-sidebar-banner"><a href="https://status.acme.test">Status</a></div>');
  });

  it("renders no wrapper when nothing is set or the value is not renderable", () => {
    for (const value of [undefined, "", "  ", 42, { title: "x" }]) {
      expect(sidebarWith({ banner: value, footer: value })).not.toMatch(/q-sidebar-(banner|footer)/);
    }
  });
});
