/**
 * The example site in a real browser (Debian chromium driven by playwright-core): pages read without
 * JavaScript, CSS-only tabs switch, the theme is set before first paint and the toggle persists it.
 * CI installs chromium (.ci/run); elsewhere the suite is skipped when no browser is installed.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../index.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (apt-get install chromium)`);

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".md": "text/markdown",
};
let dist: string;
let server: Server;
let origin: string;
let browser: Browser;

/** A minimal static host: `/route` → `route/index.html`, like the hosts users deploy to. */
function serve(root: string): Promise<Server> {
  const handler = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const candidates = [pathname, path.posix.join(pathname, "index.html")];
    for (const candidate of candidates) {
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

describe.skipIf(!available)("the example site in chromium", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), "quire-browser-"));
    dist = path.join(scratch, "dist");
    await build({ root: path.resolve(import.meta.dirname, "../../../fixtures/example"), outDir: dist, git: false });
    server = await serve(dist);
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    if (dist) await rm(path.dirname(dist), { recursive: true, force: true });
  });

  it("draws the header on top, the sidebar left of the article and the TOC right of it, though <main> comes first in the HTML", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/docs/getting-started/installation`);
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const [header, sidebar, main, toc] = await Promise.all([".q-header", ".q-sidebar", ".q-main", ".q-toc"].map(box));
    expect(header.y).toBe(0);
    expect(header.width).toBeGreaterThan(1300);
    expect(main.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(main.x);
    expect(toc.x).toBeGreaterThanOrEqual(main.x + main.width);
    // The agent line is there for screen readers and agents, not drawn for sighted readers.
    expect((await box(".q-agent-hint")).width).toBeLessThanOrEqual(1);
    await context.close();
  });

  it("reads without JavaScript: title, article, sidebar links and CSS-only tabs", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/docs/getting-started/installation`);
    expect(await page.locator("h1").first().textContent()).toBe("Installation");
    expect(await page.locator("article").textContent()).toContain("@acme/queue");
    expect(await page.locator('nav a[aria-current="page"]').count()).toBe(1);
    const tabs = page.locator(".q-tabs").first();
    const labels = tabs.locator(".q-tab-label");
    expect(await labels.count()).toBeGreaterThan(1);
    expect(await tabs.locator(".q-tab-panel").nth(1).isVisible()).toBe(false);
    await labels.nth(1).click();
    expect(await tabs.locator(".q-tab-panel").nth(1).isVisible()).toBe(true);
    expect(await tabs.locator(".q-tab-panel").nth(0).isVisible()).toBe(false);
    await context.close();
  });

  it("applies a stored dark theme before first paint, and follows the system scheme otherwise", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    // Record the theme at the first moment the body exists: the no-flash script must already have run.
    await page.addInitScript(() => {
      localStorage.setItem("quire-theme", "dark");
      new MutationObserver((_, observer) => {
        if (document.body) {
          (window as unknown as { firstTheme: string | null }).firstTheme =
            document.documentElement.getAttribute("data-theme");
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${origin}/docs`);
    expect(await page.evaluate(() => (window as unknown as { firstTheme: string | null }).firstTheme)).toBe("dark");
    await context.close();

    const system = await browser.newContext({ colorScheme: "dark" });
    const systemPage = await system.newPage();
    await systemPage.goto(`${origin}/docs`);
    expect(await systemPage.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("dark");
    await system.close();
  });

  it("toggles the theme and keeps the choice on the next page", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${origin}/docs`);
    const before = await page.evaluate(() => document.documentElement.getAttribute("data-theme"));
    await page.locator(`[data-theme-choice="dark"]`).click();
    const after = await page.evaluate(() => document.documentElement.getAttribute("data-theme"));
    expect(after).not.toBe(before);
    expect(await page.locator(`[data-theme-choice="dark"]`).getAttribute("aria-pressed")).toBe("true");
    await page.goto(`${origin}/docs/faq`);
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(after);
    await context.close();
  });

  it("shows copy buttons on code blocks once the script runs", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/docs/getting-started/installation`);
    expect(await page.locator("figure[data-rehype-pretty-code-figure] button.q-copy").first().isVisible()).toBe(true);
    await context.close();
  });
});
