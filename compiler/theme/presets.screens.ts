/**
 * Issue 13 theme presets in real Chromium, over the committed golden trees snapshots/theme-<preset>/ (the fixture
 * sites fixtures/theme-<preset>/ as built): axe finds no serious or critical violation (colour contrast included:
 * brand text, code tokens, sidebar) in light, dark and at phone width, and each preset's settings reach the page
 * (brand colour, radius, sidebar style and colours, typography, header, code-block chrome, banner and footer).
 * Screenshots go to $QUIRE_SCREENSHOTS (default: a temp folder), named theme-<preset>-<view>.png, to look at.
 * Run with `npm run test:themes` (vitest.themes.config.ts; .ci/run calls it): minutes of axe, so not in `npm test`.
 */
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../testing/axe.ts";
import { chromiumAvailable, launchChromium } from "../testing/chromium.ts";
import { serveStatic, type StaticHost } from "../testing/static-host.ts";
import { luminance, parseColor, type Rgba } from "./color.ts";
import { presets } from "./presets.ts";

const snapshots = path.resolve(import.meta.dirname, "../../snapshots");
const available = chromiumAvailable();
const VIEWS = [
  { name: "light", colorScheme: "light", width: 1280, height: 900 },
  { name: "dark", colorScheme: "dark", width: 1280, height: 900 },
  { name: "phone", colorScheme: "light", width: 390, height: 844 },
] as const;
const PAGES = ["/docs", "/docs/guides/install"];

let browser: Browser;
let screenshots: string;

beforeAll(async () => {
  if (!available) return;
  browser = await launchChromium();
  screenshots = process.env.QUIRE_SCREENSHOTS ?? (await mkdtemp(path.join(tmpdir(), "quire-theme-shots-")));
  await mkdir(screenshots, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function open(host: StaticHost, route: string, view: (typeof VIEWS)[number]): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: view.width, height: view.height },
    colorScheme: view.colorScheme,
  });
  await page.goto(host.origin + route, { waitUntil: "load" });
  return page;
}

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

describe.skipIf(!available).each(Object.keys(presets))("theme preset %s in chromium", (preset) => {
  let host: StaticHost;
  beforeAll(async () => {
    host = await serveStatic(path.join(snapshots, `theme-${preset}`));
  });
  afterAll(() => host?.close());

  it.each(VIEWS)(
    "has no serious or critical axe violation ($name)",
    async (view) => {
      for (const route of PAGES) {
        const page = await open(host, route, view);
        const file = `theme-${preset}-${view.name}${route === "/docs" ? "" : "-install"}.png`;
        await page.screenshot({ path: path.join(screenshots, file), fullPage: view.name !== "phone" });
        expect(await seriousAxeViolations(page), `${route} (${view.name})`).toEqual([]);
        if (view.name === "phone" && route !== "/docs") {
          // The menu panel, with the sidebar's banner, footer and colours.
          await page.locator(".q-menu-button").click();
          await page.locator(".q-sidebar").waitFor({ state: "visible" });
          await page.waitForTimeout(300);
          await page.screenshot({ path: path.join(screenshots, `theme-${preset}-phone-menu.png`) });
          expect(await seriousAxeViolations(page), `${route} (phone, menu open)`).toEqual([]);
        }
        await page.close();
      }
    },
    60_000,
  );

  it("applies the preset's settings to the page", async () => {
    const page = await open(host, "/docs/guides/install", VIEWS[0]);
    const theme = presets[preset as keyof typeof presets];
    const ui = theme.ui ?? {};
    expect(await page.evaluate(() => document.querySelector("style, link[rel=stylesheet]") !== null)).toBe(true);
    if (ui.radius) expect(await style(page, ":root", "--q-radius")).toBe(ui.radius);
    expect(await page.locator(".q-sidebar").getAttribute("data-style")).toBe(ui.sidebar?.style ?? "default");
    const numbered = await page.locator("code[data-line-numbers]").count();
    expect(numbered > 0).toBe(ui.codeBlock?.showLineNumbers === true);
    const copyButtons = await page.locator("figure .q-copy").count();
    expect(copyButtons > 0).toBe(ui.codeBlock?.showCopyButton !== false);
    expect(await style(page, ".q-header", "position")).toBe(
      ui.layout?.header?.sticky === false ? "relative" : "sticky",
    );
    const h1 = ui.typography?.font?.h1?.size;
    if (h1) expect(await style(page, ".q-page-header h1", "font-size")).toBe(`${Number.parseFloat(h1) * 16}px`);
    const width = ui.layout?.contentWidth ?? 768;
    expect(await style(page, ".q-main", "max-width")).toBe(`${width}px`);
    const sidebarBackground = ui.sidebar?.background;
    if (sidebarBackground) {
      const target = ui.sidebar?.style === "floating" ? ".q-sidebar .q-nav" : ".q-sidebar";
      expect(await style(page, target, "background-color")).toBe(rgb(sidebarBackground));
    }
    // toc.depth: the configure page has h2 and h3 sections.
    await page.goto(`${host.origin}/docs/guides/configure`);
    const deepest = (ui.layout?.toc?.depth ?? 3) >= 3 ? 1 : 0;
    expect(Math.min(await page.locator('.q-toc [data-depth="3"]').count(), 1)).toBe(deepest);
    await page.close();
  }, 60_000);
});

describe.skipIf(!available)("the ember preset's #e4572e brand", () => {
  it("draws links in a darker shade of the brand on the light page and a lighter or equal one on the dark page", async () => {
    const host = await serveStatic(path.join(snapshots, "theme-ember"));
    const brand = luminance(parseColor("#e4572e") as Rgba);
    try {
      const light = await open(host, "/docs", VIEWS[0]);
      const lightLink = parseColor(await style(light, ".q-content a", "color")) as Rgba;
      expect(luminance(lightLink)).toBeLessThan(brand);
      expect(await light.locator(".q-sidebar-banner a").count()).toBe(1);
      expect(await light.locator(".q-sidebar-footer").textContent()).toContain("Kindling contributors");
      await light.close();
      const dark = await open(host, "/docs", VIEWS[1]);
      const darkLink = parseColor(await style(dark, ".q-content a", "color")) as Rgba;
      expect(luminance(darkLink)).toBeGreaterThanOrEqual(brand);
      await dark.close();
    } finally {
      await host.close();
    }
  }, 60_000);
});

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
