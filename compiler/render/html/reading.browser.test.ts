/**
 * The reading experience in real Chromium (issue 13, "What a review in real Chromium found"): the small-screen menu,
 * component spacing, footnotes, tables and hover cards at phone width, "On this page" and the scroll-spy, tabs,
 * the theme switch, header and breadcrumbs, copy buttons. One build of the example site, one browser.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../index.ts";
import { chromiumAvailable, launchChromium } from "../../testing/chromium.ts";
import { serveStatic, type StaticHost } from "../../testing/static-host.ts";

const available = chromiumAvailable();
let scratch: string;
let host: StaticHost;
let browser: Browser;

const PHONE = { viewport: { width: 390, height: 664 } };

async function open(route: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: "reduce", ...options });
  const page = await context.newPage();
  await page.goto(host.origin + route);
  return page;
}

async function done(page: Page): Promise<void> {
  await page.context().close();
}

describe.skipIf(!available)("the reading experience in chromium", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "quire-reading-"));
    const dist = path.join(scratch, "dist");
    const root = path.resolve(import.meta.dirname, "../../../fixtures/example");
    await build({ root, outDir: dist, git: false, cache: false });
    host = await serveStatic(dist);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  describe("the small-screen menu", () => {
    it("opens a full-height panel below the header that scrolls to its last link, over a backdrop", async () => {
      const page = await open("/docs/reference/api", PHONE);
      await page.locator(".q-menu-button").click();
      const header = (await page.locator(".q-header").boundingBox())!;
      const panel = (await page.locator(".q-sidebar").boundingBox())!;
      expect(panel.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(panel.y + panel.height).toBeCloseTo(664, 0);
      expect(await page.locator(".q-menu-backdrop").isVisible()).toBe(true);
      // Open every folder so the list outgrows the screen, then reach the last link by scrolling the panel.
      await page.evaluate(() => {
        for (const details of document.querySelectorAll<HTMLDetailsElement>(".q-sidebar details")) details.open = true;
      });
      const scrolls = await page.evaluate(() => {
        const sidebar = document.querySelector(".q-sidebar")!;
        return sidebar.scrollHeight > sidebar.clientHeight;
      });
      expect(scrolls).toBe(true);
      const last = page.locator(".q-sidebar a").last();
      await last.scrollIntoViewIfNeeded();
      const box = (await last.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(664);
      expect(box.y).toBeGreaterThanOrEqual(header.height);
      await done(page);
    });

    it("closes on Escape and on the backdrop, and is closed again after following a link and going Back", async () => {
      const page = await open("/docs/reference/api", PHONE);
      const sidebar = page.locator(".q-sidebar");
      await page.locator(".q-menu-button").click();
      expect(await sidebar.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      expect(await sidebar.isVisible()).toBe(false);
      await page.locator(".q-menu-button").click();
      await page.locator(".q-menu-backdrop").click({ position: { x: 370, y: 400 } });
      expect(await sidebar.isVisible()).toBe(false);
      await page.locator(".q-menu-button").click();
      await Promise.all([page.waitForURL("**/docs/faq"), sidebar.locator(`a[href="/docs/faq"]`).click()]);
      await page.goBack();
      await page.waitForURL("**/docs/reference/api");
      expect(await page.locator("#q-menu-toggle").isChecked()).toBe(false);
      expect(await sidebar.isVisible()).toBe(false);
      await done(page);
    });

    it("keeps everything of the page, the menu's checkbox too, inside a landmark (axe-core's region)", async () => {
      const page = await open("/docs/reference/api", PHONE);
      // The checkbox the header's Menu button labels is the header's, next to that button.
      expect(await page.locator(".q-header #q-menu-toggle + label.q-menu-button").count()).toBe(1);
      await page.addScriptTag({ path: path.resolve(import.meta.dirname, "../../../node_modules/axe-core/axe.min.js") });
      const outside = await page.evaluate(async () => {
        const { axe } = window as unknown as {
          axe: { run(options: unknown): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> };
        };
        const result = await axe.run({ runOnly: ["region", "landmark-unique", "landmark-one-main"] });
        return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.html}`));
      });
      expect(outside).toEqual([]);
      await done(page);
    });

    it("gives a folder with a landing page a row-tall toggle beside its link, not a link inside <summary>", async () => {
      const page = await open("/docs/faq", PHONE);
      await page.locator(".q-menu-button").click();
      const folder = page.locator(`.q-nav-folder[data-linked]`).first();
      expect(await folder.locator("summary a").count()).toBe(0);
      const toggle = (await folder.locator("summary.q-nav-folder-toggle").boundingBox())!;
      const link = (await folder.locator(".q-nav-folder-link").boundingBox())!;
      expect(toggle.height).toBeGreaterThanOrEqual(link.height - 2);
      expect(toggle.width).toBeGreaterThanOrEqual(44);
      expect(await folder.locator("details").getAttribute("open")).toBeNull();
      await folder.locator("summary").click();
      expect(await folder.locator("details").getAttribute("open")).toBe("");
      expect(page.url()).toContain("/docs/faq");
      await done(page);
    });
  });

  it("works without JavaScript: the TOC column shows its links, the phone menu opens and closes, tabs switch", async () => {
    const wide = await open("/docs/reference/api", {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    expect(await wide.locator(".q-toc nav a").first().isVisible()).toBe(true);
    await done(wide);
    const phone = await open("/docs/reference/api", { javaScriptEnabled: false, ...PHONE });
    await phone.locator(".q-menu-button").click();
    expect(await phone.locator(".q-sidebar").isVisible()).toBe(true);
    await phone.locator(".q-menu-backdrop").click({ position: { x: 370, y: 400 } });
    expect(await phone.locator(".q-sidebar").isVisible()).toBe(false);
    await phone.locator(".q-toc summary").click();
    expect(await phone.locator(".q-toc nav a").first().isVisible()).toBe(true);
    const tabs = phone.locator(".q-tabs").first();
    await tabs.locator(".q-tab-label", { hasText: "Rust" }).click();
    expect(await tabs.locator(".q-tab-panel", { hasText: "Queue::new" }).isVisible()).toBe(true);
    await done(phone);
  });

  it("lets component rules win over article typography (callout title, card body, step title, prompt text)", async () => {
    const page = await open("/docs/getting-started/installation");
    const margin = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).marginTop + " " + getComputedStyle(el).marginBottom);
    expect(await margin(".q-callout-title")).toBe("0px 2px");
    expect(await margin(".q-step > p:first-child:last-child")).toBe("0px 0px");
    await page.goto(`${host.origin}/docs`);
    expect(await margin(".q-card-body > p")).toBe("0px 0px");
    await page.goto(`${host.origin}/docs/getting-started/quickstart`);
    expect(await margin(".q-prompt-text > p")).toMatch(/^0px /);
    await done(page);
  });

  it("hides the footnotes label visually but keeps it for screen readers", async () => {
    const page = await open("/docs/faq");
    const label = page.locator("#footnote-label");
    expect(await label.textContent()).toBe("Footnotes");
    expect(await label.locator(".q-anchor").count()).toBe(0);
    const box = (await label.boundingBox())!;
    expect(box.width * box.height).toBeLessThanOrEqual(1);
    await done(page);
  });

  it("keeps inline code in table cells whole and never scrolls the API page sideways at 390px", async () => {
    const page = await open("/docs/reference/api", PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const split = await page.evaluate(() =>
      [...document.querySelectorAll(".q-content td > code")]
        .filter((code) => !/\s/.test(code.textContent ?? "") && code.getClientRects().length > 1)
        .map((code) => code.textContent),
    );
    expect(split).toEqual([]);
    await page.goto(`${host.origin}/docs/reference/errors`);
    const splitErrors = await page.evaluate(
      () =>
        [...document.querySelectorAll(".q-content td > code")].filter(
          (code) => !/\s/.test(code.textContent ?? "") && code.getClientRects().length > 1,
        ).length,
    );
    expect(splitErrors).toBe(0);
    await done(page);
  });

  describe("On this page", () => {
    it("is a closed disclosure above the article below 1100px, and a column beside it above", async () => {
      const narrow = await open("/docs/reference/api", { viewport: { width: 900, height: 800 } });
      const summary = narrow.locator(".q-toc summary");
      expect(await summary.isVisible()).toBe(true);
      expect((await summary.boundingBox())!.y).toBeLessThan((await narrow.locator("h1").boundingBox())!.y);
      expect(await narrow.locator(".q-toc nav a").first().isVisible()).toBe(false);
      await summary.click();
      expect(await narrow.locator(".q-toc nav a").first().isVisible()).toBe(true);
      await done(narrow);

      const phone = await open("/docs/reference/api", PHONE);
      expect(await phone.locator(".q-toc summary").isVisible()).toBe(true);
      await done(phone);

      const wide = await open("/docs/reference/api", { viewport: { width: 1280, height: 800 } });
      expect(await wide.locator(".q-toc nav a").first().isVisible()).toBe(true);
      await done(wide);
    });

    it("marks the section being read, only one at a time, and the last one at the bottom of the page", async () => {
      const page = await open("/docs/reference/api", { viewport: { width: 1280, height: 800 } });
      const current = () =>
        page.evaluate(() => [...document.querySelectorAll(".q-toc a[aria-current]")].map((a) => a.textContent));
      expect(await current()).toEqual(["createQueue"]);
      await page.evaluate(() => document.getElementById("schedule")!.scrollIntoView());
      await page.waitForFunction(() => document.querySelector(".q-toc a[aria-current]")?.textContent === "schedule");
      expect(await current()).toEqual(["schedule"]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastHeading = await page.locator(".q-toc a").last().textContent();
      await page.waitForFunction(
        (text) => document.querySelector(".q-toc a[aria-current]")?.textContent === text,
        lastHeading,
      );
      expect(await current()).toEqual([lastHeading]);
      await done(page);
    });

    it("keeps the article where it is on pages with and without a table of contents", async () => {
      const page = await open("/docs/reference", { viewport: { width: 1400, height: 800 } });
      expect(await page.locator(".q-toc").count()).toBe(0);
      const without = (await page.locator(".q-main").boundingBox())!;
      await page.goto(`${host.origin}/docs/reference/api`);
      const withToc = (await page.locator(".q-main").boundingBox())!;
      expect(withToc.x).toBe(without.x);
      expect(withToc.width).toBe(without.width);
      await done(page);
    });

    it("wraps a long API name inside its column, in the TOC and in the sidebar", async () => {
      const page = await open("/docs/reference/api", { viewport: { width: 1280, height: 800 } });
      // An API reference heading has few spaces: `Dispatcher.compose(interceptor[, interceptor])`.
      const name = "Dispatcher.compose(interceptorWithAVeryLongName[,";
      const overflow = (link: string, column: string) =>
        page.evaluate(
          ([link, column, name]) => {
            const a = document.querySelector<HTMLElement>(link)!;
            a.textContent = name;
            const range = document.createRange();
            range.selectNodeContents(a);
            return range.getBoundingClientRect().right - document.querySelector(column)!.getBoundingClientRect().right;
          },
          [link, column, name] as const,
        );
      expect(await overflow(".q-toc nav a", ".q-toc")).toBeLessThanOrEqual(0);
      expect(await overflow(".q-sidebar .q-nav-link", ".q-sidebar")).toBeLessThanOrEqual(0);
      await done(page);
    });
  });

  it("turns tabs into an ARIA tablist, syncs groups by label and remembers the choice", async () => {
    const page = await open("/docs/reference/api");
    const groups = page.locator(".q-tabs");
    expect(await groups.count()).toBeGreaterThan(1);
    expect(await groups.first().locator("[role=tablist] [role=tab]").count()).toBe(4);
    expect(await page.locator("[role=tabpanel]").first().getAttribute("aria-labelledby")).toBeTruthy();
    await groups.first().getByRole("tab", { name: "Python" }).click();
    for (const group of await groups.all()) {
      expect(await group.getByRole("tab", { name: "Python" }).getAttribute("aria-selected")).toBe("true");
      expect(await group.locator("[role=tabpanel]:visible").textContent()).toMatch(/emails/);
    }
    // Arrow keys move between tabs (roving tabindex) and also sync.
    await groups.first().getByRole("tab", { name: "Python" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await groups.last().getByRole("tab", { name: "Go" }).getAttribute("aria-selected")).toBe("true");
    await page.reload();
    expect(await groups.first().getByRole("tab", { name: "Go" }).getAttribute("aria-selected")).toBe("true");
    await done(page);
  });

  it("offers light, dark and system as pressed-state buttons, and light can be chosen on a light system", async () => {
    const page = await open("/docs", { colorScheme: "light" });
    const switcher = page.getByRole("group", { name: "Color theme" });
    expect(await switcher.getByRole("button").allTextContents()).toEqual(["Light", "Dark", "System"]);
    expect(await switcher.getByRole("button", { name: "System" }).getAttribute("aria-pressed")).toBe("true");
    await switcher.getByRole("button", { name: "Light" }).click();
    expect(await page.evaluate(() => localStorage.getItem("quire-theme"))).toBe("light");
    expect(await switcher.getByRole("button", { name: "Light" }).getAttribute("aria-pressed")).toBe("true");
    expect(await switcher.getByRole("button", { name: "System" }).getAttribute("aria-pressed")).toBe("false");
    await switcher.getByRole("button", { name: "Dark" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await done(page);
  });

  it("links GitHub in the header, links breadcrumbs to landing pages, and titles the home page once", async () => {
    const page = await open("/docs/guides/scheduling/cron");
    expect(await page.getByRole("link", { name: "GitHub repository" }).getAttribute("href")).toBe(
      "https://github.com/acme/queue",
    );
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    // Scheduling has a landing page; Guides' landing page is hidden (folderIndexBehavior: hidden), so it is text.
    expect(await crumbs.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/docs/guides/scheduling",
    ]);
    expect(await crumbs.locator("li").first().textContent()).toBe("Guides");
    expect(await crumbs.locator("[aria-current=page]").textContent()).toBe("Cron schedules");
    await page.goto(`${host.origin}/docs`);
    expect(await page.title()).toBe("Acme Queue");
    expect(await page.locator(`meta[name="twitter:card"]`).getAttribute("content")).toBe(
      (await page.locator(`meta[property="og:image"]`).count()) > 0 ? "summary_large_image" : "summary",
    );
    await done(page);
  });

  it("names task-list checkboxes after their item", async () => {
    const page = await open("/docs/getting-started/quickstart");
    const names = await page
      .locator(".task-list-item input")
      .evaluateAll((inputs) => inputs.map((input) => input.getAttribute("aria-label")));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/\w/);
    await done(page);
  });

  it("copies code without the spaces drawn on blank lines, and announces Copied", async () => {
    const page = await open("/docs/guides/python-workers", { permissions: ["clipboard-read", "clipboard-write"] });
    const index = await page
      .locator("figure[data-rehype-pretty-code-figure]")
      .evaluateAll((figures) =>
        figures.findIndex((figure) => [...figure.querySelectorAll("[data-line]")].some((l) => l.textContent === " ")),
      );
    expect(index).toBeGreaterThanOrEqual(0);
    const withBlank = page.locator("figure[data-rehype-pretty-code-figure]").nth(index);
    await withBlank.hover();
    await withBlank.locator("button.q-copy").click();
    await page.waitForFunction(() => document.querySelector("[role=status]")?.textContent === "Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("\n\n");
    expect(copied.split("\n").filter((line) => line !== "" && line.trim() === "")).toEqual([]);
    await done(page);
  });
});
