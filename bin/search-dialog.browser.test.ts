/**
 * The search dialog in real Chromium (issue 12, SPEC 2.14): fixtures/example built once, served by a plain static
 * file server (`python3 -m http.server`, no runtime: the dialog reads the static index under `_docs/search/`) and by
 * `docs serve` (the runtime's `/api/docs?query=` answers). Keyboard opening, combobox + listbox roles, grouped and
 * highlighted results, Enter, Escape with focus restored, recent searches, and the no-JavaScript search page.
 * Screenshots go to $SEARCH_SHOTS (default a temp folder). Skipped without chromium, except under CI.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../compiler/index.ts";
import { seriousAxeViolations } from "../compiler/testing/axe.ts";
import { startNodeServer, type RunningServer } from "../runtime/adapters/node-server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (apt-get install chromium)`);
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/example");
const START = "/docs/getting-started/installation";

let scratch: string;
let shots: string;
let browser: Browser;
let python: ChildProcess;
let runtime: RunningServer;
const origins: Record<"static host" | "docs serve", string> = { "static host": "", "docs serve": "" };

/** `python3 -m http.server` on a free port; resolves with its origin once it says where it listens. */
function startPythonServer(root: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout!.on("data", (data: Buffer) => {
      seen += data.toString();
      const port = /port (\d+)/.exec(seen)?.[1];
      if (port) resolve({ child, origin: `http://127.0.0.1:${port}` });
    });
    child.on("exit", (code) => reject(new Error(`python3 http.server exited (${code}): ${seen}`)));
  });
}

describe.skipIf(!available)("the search dialog in chromium", () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "quire-search-"));
    shots = process.env.SEARCH_SHOTS ?? path.join(scratch, "shots");
    await mkdir(shots, { recursive: true });
    const dist = path.join(scratch, "dist");
    await build({ root: FIXTURE, outDir: dist, git: false });
    const started = await startPythonServer(dist);
    python = started.child;
    origins["static host"] = started.origin;
    runtime = await startNodeServer({ dist, port: 0 });
    origins["docs serve"] = runtime.origin;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    python?.kill();
    await runtime?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  for (const host of ["static host", "docs serve"] as const) {
    it(`finds a section by keyboard and opens it (${host})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on("request", (request) => requests.push(new URL(request.url()).pathname + new URL(request.url()).search));
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${origins[host]}${START}`);
      // The dialog's code is not part of the reading page.
      expect(requests.some((url) => url.includes("/_quire/search."))).toBe(false);

      const button = page.locator(".q-search-button");
      await button.focus();
      await page.keyboard.press("Control+k");
      // Typed at once, while the dialog's code is still loading: no key is lost.
      await page.keyboard.type("dead letter");
      const input = page.getByRole("combobox", { name: "Search the docs" });
      await expect.poll(() => input.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await input.inputValue()).toBe("dead letter");
      expect(await page.getByRole("dialog").getAttribute("aria-modal")).toBe("true");

      await input.fill("dead letter");
      const options = page.getByRole("option");
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      expect(await input.getAttribute("aria-expanded")).toBe("true");
      const first = options.first();
      expect(await first.getAttribute("aria-selected")).toBe("true");
      expect(await input.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
      // Grouped by page (the group names the page), the section title and excerpt with the words marked.
      expect(await page.locator("[role=listbox] [role=group]").first().textContent()).toMatch(/Retries and backoff/i);
      expect(await first.locator(".q-search-title").textContent()).toMatch(/Dead-letter queues/);
      expect(await first.locator("mark").count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(shots, `dialog-${host.replace(" ", "-")}.png`) });
      // Marked words in the muted excerpts included.
      expect(await seriousAxeViolations(page)).toEqual([]);
      // A word marked in a page's name looks as it does in the results, not in the browser's yellow.
      await input.fill("retries");
      const groupMark = page.locator(".q-search-group mark").first();
      await expect.poll(() => groupMark.count()).toBeGreaterThan(0);
      const markStyle = (mark: Locator) =>
        mark.evaluate((node) => [getComputedStyle(node).backgroundColor, getComputedStyle(node).color]);
      expect(await markStyle(groupMark)).toEqual(await markStyle(page.locator(".q-search-excerpt mark").first()));
      await input.fill("dead letter");

      if (host === "static host") {
        expect(requests.some((url) => url.startsWith("/_docs/search/index.json"))).toBe(true);
        expect(requests.some((url) => url.startsWith("/_docs/search/terms-"))).toBe(true);
      } else {
        expect(requests.some((url) => url.startsWith("/api/docs?query="))).toBe(true);
        expect(requests.some((url) => url.startsWith("/_docs/search/"))).toBe(false);
      }

      // Arrow keys move the active option; Escape closes and gives focus back to where it was.
      if ((await options.count()) > 1) {
        await page.keyboard.press("ArrowDown");
        expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
        await page.keyboard.press("ArrowUp");
      }
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await input.evaluate((node) => node === document.activeElement)).toBe(true);
      await page.keyboard.press("Escape");
      expect(await page.locator(".q-search-overlay").isVisible()).toBe(false);
      expect(await button.evaluate((node) => node === document.activeElement)).toBe(true);

      // "/" opens it again; Enter follows the active result.
      await page.locator("h1").first().click();
      await page.keyboard.press("/");
      await input.fill("dead letter");
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      const href = await options.first().getAttribute("href");
      await Promise.all([
        page.waitForURL((url) => url.pathname.replace(/\/$/, "") + url.hash === href),
        page.keyboard.press("Enter"),
      ]);

      // The query is remembered in this browser and offered when the dialog opens empty.
      await page.keyboard.press("Control+k");
      await expect.poll(() => page.locator("[role=listbox]").getAttribute("aria-label")).toBe("Recent searches");
      expect(await options.first().textContent()).toBe("dead letter");
      expect(errors).toEqual([]);
      await context.close();
    }, 30_000);
  }

  it("degrades to a link to the search page without JavaScript, and the page lists every page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origins["static host"]}${START}`);
    await page.locator(".q-search-button").click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/search");
    expect(await page.locator("h1").first().textContent()).toBe("Search");
    expect(await page.locator(".q-search-page-list a").count()).toBeGreaterThan(10);
    await context.close();
  }, 30_000);

  it("opens the dialog with the query of the search page's form", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origins["static host"]}/search/?q=heartbeat`);
    await expect.poll(() => page.getByRole("option").count()).toBeGreaterThan(0);
    expect(await page.getByRole("option").first().textContent()).toMatch(/heartbeat/i);
    await context.close();
  }, 30_000);
});
