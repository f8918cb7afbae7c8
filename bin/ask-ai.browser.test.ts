/**
 * Ask AI end to end in real Chromium (SPEC 2.18): fixtures/ask-ai is built once per floating style and served by the
 * `docs serve` server with a local OpenAI-compatible model (and once in mode "search", where the search dialog offers
 * Ask AI for its query); a reader opens the button, asks a suggested question,
 * watches the answer stream in, sees linked citations and highlighted code, likes it, and `ai.onActions` receives
 * the event. Also: the stop button, keyboard use, a phone viewport and the dark theme. Screenshots go to
 * $ASK_AI_SHOTS (default a temp folder). Skipped without chromium, except under CI.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { build } from "../compiler/index.ts";
import type { DocsAskAIActionData } from "../runtime/contract/config-callbacks.ts";
import { startNodeServer, type RunningServer } from "../runtime/adapters/node-server.ts";
import {
  FAKE_ANSWER_PIECES,
  startFakeModelServer,
  type FakeModelServer,
} from "../runtime/testing/openai-compatible-server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (apt-get install chromium)`);
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/ask-ai");
const STYLES = ["panel", "modal", "popover", "full-modal"] as const;

let scratch: string;
let shots: string;
let browser: Browser;
let model: FakeModelServer;
const actions = vi.fn<(data: DocsAskAIActionData) => void>();
const servers = new Map<string, RunningServer>();

/** The fixture with another floating style, built and served with the fake model behind `ai.baseUrl`. */
async function serveStyle(style: string, modelName: string, mode = "floating"): Promise<RunningServer> {
  const root = path.join(scratch, `${mode}-${style}`);
  await cp(FIXTURE, root, { recursive: true });
  const configFile = path.join(root, "docs.config.ts");
  const source = await readFile(configFile, "utf8");
  await writeFile(
    configFile,
    source
      .replace(`floatingStyle: "panel"`, `floatingStyle: "${style}"`)
      .replace(`mode: "floating"`, `mode: "${mode}"`),
  );
  await build({ root, outDir: path.join(root, "dist"), git: false });
  return startNodeServer({
    dist: path.join(root, "dist"),
    port: 0,
    env: {},
    config: { ai: { baseUrl: model.baseUrl, apiKey: "sk-browser-test-key", model: modelName, onActions: actions } },
  });
}

async function openChat(page: Page) {
  await page.getByRole("button", { name: "Ask Kettle AI" }).click();
  await expect.poll(() => page.locator(".q-ask").isVisible()).toBe(true);
}

describe.skipIf(!available)("Ask AI in chromium", { timeout: 30_000 }, () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "quire-ask-ai-"));
    shots = process.env.ASK_AI_SHOTS ?? path.join(scratch, "shots");
    await mkdir(shots, { recursive: true });
    model = await startFakeModelServer({ slowDelayMs: 120 });
    for (const style of STYLES) servers.set(style, await serveStyle(style, "slow"));
    servers.set("search", await serveStyle("modal", "slow", "search"));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const server of servers.values()) await server.close();
    await model?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it.each(STYLES)(
    "%s: asks a suggested question, streams the answer with linked citations, and reports a like",
    async (style) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
      const page = await context.newPage();
      await page.goto(`${servers.get(style)!.origin}/docs`);
      await openChat(page);
      expect(await page.locator(".q-ask").getAttribute("aria-modal")).toBe(
        style === "modal" || style === "full-modal" ? "true" : "false",
      );
      expect(await page.locator(".q-ask-backdrop").isVisible()).toBe(style === "modal" || style === "full-modal");
      if (style === "full-modal") expect(await page.locator(".q-ask-pills .q-ask-suggestion").count()).toBe(2);
      await page.screenshot({ path: path.join(shots, `${style}-open.png`) });

      await page.getByRole("button", { name: "How hot should the water be for green tea?" }).click();
      // Streaming: part of the answer is on screen before the sources that end the stream.
      await expect
        .poll(() => page.locator(".q-ask-answer").first().textContent(), { timeout: 5000 })
        .toContain(FAKE_ANSWER_PIECES[0].trim());
      expect(await page.locator(".q-ask-sources").count()).toBe(0);
      await page.locator(".q-ask-sources").waitFor({ timeout: 5000 });

      const answer = page.locator(".q-ask-answer").first();
      expect(await answer.textContent()).toContain("exponential backoff");
      const cite = answer.locator("a.q-ask-cite");
      expect(await cite.textContent()).toBe("[1]");
      expect(await cite.getAttribute("href")).toBe(await page.locator(".q-ask-sources a").first().getAttribute("href"));
      expect(await answer.locator("pre.q-ask-code .q-tok-number").textContent()).toBe("5");
      expect(await page.locator(".q-ask-sources a").allTextContents()).toContain("Brewing temperatures — Green tea");
      expect(await page.locator(".q-ask-assistant").first().getAttribute("aria-busy")).toBe("false");
      await page.screenshot({ path: path.join(shots, `${style}-answer.png`) });

      actions.mockClear();
      await page.getByRole("button", { name: "Helpful", exact: true }).click();
      await expect.poll(() => actions.mock.calls.length).toBe(1);
      expect(actions.mock.calls[0][0]).toMatchObject({
        action: "like",
        question: "How hot should the water be for green tea?",
        answer: FAKE_ANSWER_PIECES.join(""),
        page: "/docs",
      });
      expect(actions.mock.calls[0][0].sources.some((url) => /\/docs\/brewing/.test(url))).toBe(true);
      expect(await page.getByRole("button", { name: "Helpful", exact: true }).getAttribute("aria-pressed")).toBe(
        "true",
      );

      // Follow-up questions from the answer's other sources; one click asks the next question in the same chat.
      const followUps = page.getByRole("group", { name: "Follow-up questions" }).getByRole("button");
      expect(await followUps.count()).toBeGreaterThan(0);
      if (style === "panel") {
        const next = (await followUps.first().textContent())!;
        expect(next).toMatch(/\?$/);
        await followUps.first().click();
        await expect.poll(() => page.locator(".q-ask-user").allTextContents()).toContain(next);
        await expect.poll(() => page.locator(".q-ask-assistant[aria-busy=false]").count(), { timeout: 5000 }).toBe(2);
      }
      await context.close();
    },
  );

  it("search mode: the search dialog offers Ask AI for the query, and there is no floating button", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
    const page = await context.newPage();
    await page.goto(`${servers.get("search")!.origin}/docs/storage`);
    await page.waitForFunction(() => "quireAskAi" in window);
    expect(await page.locator(".q-ask-trigger").count()).toBe(0);
    await page.locator("[data-q-search]").click();
    await page.getByRole("combobox", { name: "Search the docs" }).fill("green tea temperature");
    const choice = page.getByRole("option", { name: /Ask Kettle AI: .green tea temperature./ });
    await choice.waitFor({ timeout: 5000 });
    // The results come first, so Enter still opens the best page; the Ask AI choice is last.
    expect(await page.getByRole("option").last().textContent()).toContain("Ask Kettle AI");
    await page.screenshot({ path: path.join(shots, "search-mode-dialog.png") });
    await choice.click();
    await page.locator(".q-ask-sources").waitFor({ timeout: 5000 });
    expect(await page.locator(".q-ask-user").first().textContent()).toBe("green tea temperature");
    expect(await page.locator(".q-ask-sources a").allTextContents()).toContain("Brewing temperatures — Green tea");
    await page.screenshot({ path: path.join(shots, "search-mode-answer.png") });
    await page.keyboard.press("Escape");
    expect(await page.locator(".q-ask").isVisible()).toBe(false);
    await context.close();
  });

  it("stops a streaming answer, then answers a follow-up with the conversation so far", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${servers.get("panel")!.origin}/docs/brewing`);
    await openChat(page);
    await page.getByRole("textbox", { name: "Your question" }).fill("How long for oolong?");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator(".q-ask-answer").first().textContent())
      .toContain(FAKE_ANSWER_PIECES[0].trim());
    await page.getByRole("button", { name: "Stop the answer" }).click();
    await expect.poll(() => page.locator(".q-ask-error").first().textContent()).toBe("Stopped.");
    await page.getByRole("textbox", { name: "Your question" }).fill("And black tea?");
    await page.keyboard.press("Enter");
    await page.locator(".q-ask-sources").waitFor({ timeout: 5000 });
    // The stopped question is not part of the conversation sent with the follow-up.
    expect(model.calls.at(-1)!.body.messages.slice(1)).toEqual([{ role: "user", content: "And black tea?" }]);
    await context.close();
  });

  it("is keyboard-usable: focus moves into the chat, Escape closes it and returns focus to the button", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${servers.get("modal")!.origin}/docs`);
    await openChat(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Your question");
    expect(await page.locator(".q-ask-log").getAttribute("aria-live")).toBe("polite");
    await page.keyboard.press("Escape");
    expect(await page.locator(".q-ask").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("q-ask-trigger"))).toBe(true);
    await context.close();
  });

  it("fills a phone screen and follows the dark theme", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: "dark",
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${servers.get("popover")!.origin}/docs`);
    await openChat(page);
    const box = (await page.locator(".q-ask").boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 390, 844]);
    const background = await page.locator(".q-ask").evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
    await page.getByRole("button", { name: "How long does loose tea keep?" }).click();
    await page.locator(".q-ask-sources").waitFor({ timeout: 5000 });
    await page.screenshot({ path: path.join(shots, "phone-dark.png") });
    await context.close();
  });
});
