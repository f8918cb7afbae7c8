/**
 * Issue 14 in a real browser (Debian chromium driven by playwright-core) over the built fixtures/i18n site: the
 * language switcher keeps the reader on the same page in the other language, with and without JavaScript and from
 * the keyboard; a fallback page shows its notice; the Arabic page is drawn right to left (sidebar on the right, TOC on
 * the left). A screenshot of the RTL page is written to $QUIRE_SCREENSHOTS (default: the OS temp folder).
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../index.ts";
import { seriousAxeViolations } from "../testing/axe.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (apt-get install chromium)`);

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".json": "application/json",
};
let dist: string;
let server: Server;
let origin: string;
let browser: Browser;

/** A static host: `/route` → `route/index.html`. */
function serve(root: string): Promise<Server> {
  const handler = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    for (const candidate of [pathname, path.posix.join(pathname, "index.html")]) {
      const file = path.join(root, path.normalize(candidate));
      if (!file.startsWith(root)) break;
      try {
        const body = await readFile(file);
        response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
        response.end(body);
        return;
      } catch {
        // try the next candidate
      }
    }
    response.writeHead(404).end("not found");
  });
  return new Promise((resolve) => handler.listen(0, "127.0.0.1", () => resolve(handler)));
}

async function switchTo(page: Page, label: string): Promise<void> {
  const before = new URL(page.url()).pathname;
  await page.locator(".q-lang summary").click();
  await Promise.all([
    page.waitForURL((url) => url.pathname !== before),
    page.getByRole("link", { name: label, exact: true }).click(),
  ]);
}

describe.skipIf(!available)("the language switcher and right-to-left pages in chromium", () => {
  beforeAll(async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), "quire-i18n-browser-"));
    dist = path.join(scratch, "dist");
    await build({
      root: path.resolve(import.meta.dirname, "../../fixtures/i18n"),
      outDir: dist,
      git: false,
      cache: false,
    });
    server = await serve(dist);
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    if (dist) await rm(path.dirname(dist), { recursive: true, force: true });
  });

  it("keeps the reader on the same page in the other language", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/docs/guides/install`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await switchTo(page, "Français");
    expect(new URL(page.url()).pathname).toBe("/fr/docs/guides/install");
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    expect(await page.locator("h1").textContent()).toBe("Installation");
    await switchTo(page, "العربية");
    expect(new URL(page.url()).pathname).toBe("/ar/docs/guides/install");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.locator("h1").textContent()).toBe("التثبيت");
    await switchTo(page, "English");
    expect(new URL(page.url()).pathname).toBe("/docs/guides/install");
    await context.close();
  }, 30_000);

  it("works without JavaScript and from the keyboard", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/fr/docs`);
    const menu = page.locator(".q-lang-menu");
    expect(await menu.isVisible()).toBe(false);
    await page.locator(".q-lang summary").focus();
    await page.keyboard.press("Enter");
    expect(await menu.isVisible()).toBe(true);
    expect(await page.locator('.q-lang-menu a[aria-current="true"]').textContent()).toBe("Français");
    await page.keyboard.press("Tab");
    await Promise.all([page.waitForURL(`${origin}/docs`), page.keyboard.press("Enter")]);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await context.close();
  }, 30_000);

  it("shows the fallback notice on an untranslated page and switches to its original", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/fr/docs/guides/configure`);
    const notice = page.locator(".q-fallback-notice");
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain("pas encore traduite");
    expect(await page.locator("main").getAttribute("lang")).toBe("en");
    await switchTo(page, "English");
    expect(new URL(page.url()).pathname).toBe("/docs/guides/configure");
    expect(await page.locator(".q-fallback-notice").count()).toBe(0);
    await context.close();
  }, 30_000);

  it("has no serious or critical axe violations with the switcher open, on a fallback page and an RTL page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const route of ["/fr/docs/guides/configure", "/ar/docs/guides/install"]) {
      await page.goto(`${origin}${route}`);
      await page.locator(".q-lang summary").click();
      expect(await seriousAxeViolations(page), route).toEqual([]);
    }
    await context.close();
  }, 30_000);

  it("draws the Arabic page right to left: sidebar right of the article, table of contents left of it", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/ar/docs/guides/install`);
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const [sidebar, main, toc, brand, actions] = await Promise.all(
      [".q-sidebar", ".q-main", ".q-toc", ".q-brand", ".q-header-actions"].map(box),
    );
    expect(sidebar.x).toBeGreaterThanOrEqual(main.x + main.width);
    expect(toc.x + toc.width).toBeLessThanOrEqual(main.x);
    expect(brand.x).toBeGreaterThan(actions.x);
    // Text starts at the right edge of the article; code stays left to right.
    const paragraph = await page
      .locator("article p")
      .first()
      .evaluate((p) => getComputedStyle(p).direction);
    expect(paragraph).toBe("rtl");
    expect(
      await page
        .locator("article pre")
        .first()
        .evaluate((pre) => getComputedStyle(pre).direction),
    ).toBe("ltr");
    const shots = process.env.QUIRE_SCREENSHOTS ?? tmpdir();
    await page.screenshot({ path: path.join(shots, "quire-i18n-rtl.png") });
    await page.locator(".q-lang summary").click();
    await page.screenshot({ path: path.join(shots, "quire-i18n-rtl-switcher.png") });
    await context.close();
  }, 30_000);
});
