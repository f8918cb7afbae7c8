/**
 * `docs dev` in real Chromium (issue 11): a temp copy of fixtures/agent-md-sibling is served by `startDev`; the test
 * opens a page, edits its file and sees the new text without reloading by hand, breaks the MDX and sees the error
 * overlay with the positioned message, fixes it and sees the page again. Screenshots go to the scratch folder
 * (printed with QUIRE_KEEP_SCREENSHOTS=1). Skipped without chromium, except under CI.
 */
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_CLIENT_ROUTE, DEV_OVERLAY_ID } from "./dev/dev-client.ts";
import { startDev, type DevServer } from "./dev-command.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (apt-get install chromium)`);

let scratch: string;
let root: string;
let dev: DevServer;
let browser: Browser;
let page: Page;
const pageFile = () => path.join(root, "docs", "with-agent-md", "page.mdx");
const shot = (name: string) => page.screenshot({ path: path.join(scratch, `${name}.png`), fullPage: false });

describe.skipIf(!available)("docs dev in chromium", () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "quire-dev-browser-"));
    root = path.join(scratch, "site");
    await cp(path.resolve(import.meta.dirname, "../fixtures/agent-md-sibling"), root, {
      recursive: true,
      filter: (src) => !/node_modules|[/\\]dist$/.test(src),
    });
    dev = await startDev({
      root,
      port: 0,
      host: "127.0.0.1",
      cache: true,
      cacheDir: path.join(scratch, "cache"),
      quiet: true,
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    if (process.env.QUIRE_KEEP_SCREENSHOTS) console.log(`screenshots in ${scratch}`);
    else await rm(scratch, { recursive: true, force: true });
  });

  it("shows an edit without a manual reload, an overlay for broken MDX, and the page again once fixed", {
    timeout: 60_000,
  }, async () => {
    await page.goto(`${dev.origin}/docs/with-agent-md`);
    await page.waitForFunction(() => document.querySelector("main") !== null);
    // The events stream is open before the file changes.
    await page.waitForFunction(() => document.documentElement.dataset.quireDev === "connected");
    const original = await readFile(pageFile(), "utf8");

    await writeFile(pageFile(), `${original}\nLIVE-EDIT-ONE: written by the dev test, zephyrquill.\n`);
    await page.waitForFunction(() => document.body.innerText.includes("LIVE-EDIT-ONE"), undefined, { timeout: 20_000 });
    await shot("1-edited");
    // The search indexes follow the reload: once the rebuild is idle, search finds the new word.
    await dev.idle();
    const search = await (await fetch(`${dev.origin}/api/docs?query=zephyrquill`)).json();
    expect(JSON.stringify(search)).toContain("/docs/with-agent-md");

    await writeFile(pageFile(), `${original}\n<Callout type="note"\n`);
    const overlay = page.locator(`#${DEV_OVERLAY_ID}`);
    await overlay.waitFor({ state: "visible", timeout: 20_000 });
    expect(await overlay.innerText()).toMatch(/docs\/with-agent-md\/page\.mdx:\d+:\d+ .*\[mdx\/invalid\]/);
    await shot("2-overlay");

    await writeFile(pageFile(), `${original}\nLIVE-EDIT-TWO: fixed again.\n`);
    await page.waitForFunction(() => document.body.innerText.includes("LIVE-EDIT-TWO"), undefined, { timeout: 20_000 });
    await overlay.waitFor({ state: "detached", timeout: 20_000 });
    await shot("3-fixed");
  });

  it("serves the dev client only in responses: the build on disk never contains it", async () => {
    const html = await (await fetch(`${dev.origin}/docs/with-agent-md`)).text();
    expect(html).toContain(DEV_CLIENT_ROUTE);
    const files = (await readdir(dev.outDir, { recursive: true })).filter((name) => name.endsWith(".html"));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files)
      expect(await readFile(path.join(dev.outDir, name), "utf8")).not.toContain("/__quire/dev/");
  });
});
