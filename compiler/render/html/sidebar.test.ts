import { describe, it, expect } from "vitest";
import { renderSidebar } from "./sidebar.ts";
import { makeTestConfig } from "./test-config.ts";
import type { NavFolder, NavNode } from "../../model/types.ts";
import type { FolderIndexBehavior } from "../../model/types.ts";

function folder(behavior: FolderIndexBehavior, patch: Partial<NavFolder> = {}): NavFolder {
  return {
    type: "folder",
    name: "Guides",
    slug: "guides",
    behavior,
    collapsible: true,
    defaultOpen: false,
    index: { type: "page", name: "Overview", url: "/docs/guides", route: "/docs/guides" },
    children: [{ type: "page", name: "Install", url: "/docs/guides/install", route: "/docs/guides/install" }],
    ...patch,
  };
}

function render(nav: NavNode[], sidebar: Partial<ReturnType<typeof makeTestConfig>["sidebar"]> = {}, active = "/docs") {
  const config = makeTestConfig();
  return renderSidebar({ ...config, sidebar: { ...config.sidebar, ...sidebar } }, nav, active);
}

describe("renderSidebar", () => {
  it("makes the folder label a link to its index page for behavior link, beside (not inside) the toggle", () => {
    const html = render([folder("link")]);
    expect(html).toContain(
      `<p class="q-nav-folder-label"><a class="q-nav-folder-link" href="/docs/guides"><span>Guides</span></a></p><details>` +
        `<summary class="q-nav-folder-toggle"><span class="q-visually-hidden">Guides pages</span></summary>`,
    );
    expect(html).not.toMatch(/<summary[^>]*>(?:(?!<\/summary>).)*<a /);
    expect(html).not.toContain(`<span>Overview</span>`);
  });

  it("lists the index page first and keeps the label plain for behavior toggle", () => {
    const html = render([folder("toggle")]);
    expect(html).toContain(
      `<summary class="q-nav-folder-label"><span>Guides</span></summary><ul class="q-nav-list"><li><a class="q-nav-link" href="/docs/guides"><span>Overview</span></a></li>`,
    );
  });

  it("never links the index page for behavior hidden", () => {
    const html = render([folder("hidden")]);
    expect(html).not.toContain(`href="/docs/guides"`);
    expect(html).toContain(`<summary class="q-nav-folder-label"><span>Guides</span></summary>`);
  });

  it("opens folders holding the active page or marked defaultOpen, and marks the active index link", () => {
    expect(render([folder("link")], {}, "/docs/guides/install")).toContain("<details open>");
    expect(render([folder("link", { defaultOpen: true })])).toContain("<details open>");
    expect(render([folder("link")])).toContain("<details>");
    expect(render([folder("link")], {}, "/docs/guides")).toContain(`href="/docs/guides" aria-current="page"`);
  });

  it("renders static groups when collapsing is off globally or per folder", () => {
    expect(render([folder("link")], { collapsible: false })).not.toContain("<details");
    const html = render([folder("toggle", { collapsible: false })]);
    expect(html).not.toContain("<details");
    expect(html).toContain(`<p class="q-nav-folder-label"><span>Guides</span></p>`);
  });

  it("renders label-only groups in flat mode, with the index page as the first entry", () => {
    const html = render([folder("link")], { flat: true });
    expect(html).not.toContain("<details");
    expect(html).toContain(
      `data-flat><p class="q-nav-folder-label"><span>Guides</span></p><ul class="q-nav-list"><li><a class="q-nav-link" href="/docs/guides">`,
    );
    expect(render([folder("hidden")], { flat: true })).not.toContain(`href="/docs/guides"`);
  });
});
