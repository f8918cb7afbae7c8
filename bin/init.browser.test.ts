/**
 * The `docs init` scaffold in a real browser (Debian chromium driven by playwright-core), served as `docs serve`
 * serves it: every page loads with no console error and no failed request (the favicon included), the components
 * work (tabs switch, the prompt has its copy button), and the agent-only block stays out of the human page.
 * CI installs chromium (.ci/run); elsewhere the suite is skipped when no browser is installed.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { build } from "../compiler/index.ts";
import { startNodeServer, type RunningServer } from "../runtime/adapters/node-server.ts";
import { runInit } from "./init-command.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (apt-get install chromium)`);

let scratch: string;
let server: RunningServer;
let browser: Browser;

describe.skipIf(!available)("the docs init scaffold in chromium", () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "quire-init-browser-"));
    vi.spyOn(console, "log").mockImplementation(() => {});
    const env = { input: new PassThrough(), output: new PassThrough(), interactive: false, cwd: scratch };
    expect(await runInit({ dir: "site", title: "Browser Check" }, env)).toBe(0);
    vi.restoreAllMocks();
    const root = path.join(scratch, "site");
    await build({ root, git: false });
    server = await startNodeServer({ dist: path.join(root, "dist"), port: 0 });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("loads every page and the favicon with no console error or failed request", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
    page.on("pageerror", (error) => problems.push(`page: ${error.message}`));
    page.on(
      "response",
      (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
    );
    for (const route of ["/docs", "/docs/writing", "/docs/agents", "/docs/deploy"]) {
      await page.goto(`${server.origin}${route}`, { waitUntil: "load" });
      expect(await page.locator("main h1").first().textContent(), route).toBeTruthy();
    }
    const favicon = await page.goto(`${server.origin}/favicon.ico`);
    expect(favicon?.status()).toBe(200);
    expect(favicon?.headers()["content-type"]).toMatch(/^image\//);
    expect(problems).toEqual([]);
    await page.close();
  }, 30_000);

  it("switches tabs, shows the prompt's copy button and keeps the <Agent> block out of the human page", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/docs/writing`);
    await expect.poll(() => page.getByText("pnpm run build").isVisible()).toBe(false);
    await page.getByRole("tab", { name: "pnpm" }).click();
    await expect.poll(() => page.getByText("pnpm run build").isVisible()).toBe(true);
    expect(await page.locator(".q-prompt button.q-copy").count()).toBe(1);
    await page.goto(`${server.origin}/docs/agents`);
    expect(await page.getByText("You are reading the human version").isVisible()).toBe(true);
    expect(await page.content()).not.toContain("You are reading the agent version");
    await page.close();
  }, 30_000);
});
