/**
 * Page actions, the feedback widget and the page's reports in real Chromium (issue 13; SPEC 2.8, 2.17, 2.19, 6):
 * fixtures/page-actions built once, served by `docs serve` (the CLI, whose config callbacks append JSON lines to
 * $QUIRE_PAGE_EVENTS_LOG) and by a plain static server (`python3 -m http.server`, no runtime). Screenshots go to
 * $PAGE_ACTIONS_SHOTS (default a temp folder). Skipped without chromium, except under CI.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../compiler/index.ts";
import { freePort } from "../runtime/testing/free-port.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (apt-get install chromium)`);
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/page-actions");
const REPO = path.resolve(import.meta.dirname, "..");

let scratch: string;
let shots: string;
let dist: string;
let log: string;
let browser: Browser;
const children: ChildProcess[] = [];
let served = "";
let staticOrigin = "";

interface Logged {
  kind: "feedback" | "copy" | "analytics";
  data: Record<string, unknown> & { type?: string; properties?: Record<string, unknown> };
}

/** Spawns a server and resolves with the origin it prints. */
function start(command: string, args: string[], pattern: RegExp, env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise<string>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${seen}`)), 60_000);
    const read = (data: Buffer) => {
      seen += data.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`${command} exited (${code}):\n${seen}`)));
  });
}

async function logged(): Promise<Logged[]> {
  const text = await readFile(log, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Logged);
}

/** Waits until the callbacks have written a line that matches. */
async function waitForLogged(match: (entry: Logged) => boolean): Promise<Logged> {
  for (let tries = 0; tries < 100; tries++) {
    const found = (await logged()).find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no matching callback in ${JSON.stringify(await logged(), null, 1)}`);
}

const analytics = (type: string) => (entry: Logged) => entry.kind === "analytics" && entry.data.type === type;

async function open(origin: string, route: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const page: Page = await context.newPage();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${origin}${route}`);
  return { page, context, posts };
}

describe.skipIf(!available)("page actions and feedback in chromium", { timeout: 30_000 }, () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "quire-page-actions-"));
    shots = process.env.PAGE_ACTIONS_SHOTS ?? path.join(scratch, "shots");
    await mkdir(shots, { recursive: true });
    dist = path.join(scratch, "dist");
    log = path.join(scratch, "events.jsonl");
    await writeFile(log, "");
    await build({ root: FIXTURE, outDir: dist, git: false });
    const port = await freePort();
    const [docsUrl, staticUrl] = await Promise.all([
      start(
        process.execPath,
        ["bin/docs.js", "serve", "--root", FIXTURE, "--dist", dist, "--port", String(port)],
        /docs serve: (http:\/\/\S+)/,
        { ...process.env, QUIRE_PAGE_EVENTS_LOG: log },
      ),
      start("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", dist], /port (\d+)/),
    ]);
    served = new URL(docsUrl).origin;
    staticOrigin = `http://127.0.0.1:${staticUrl}`;
    browser = await chromium.launch({ executablePath: CHROMIUM });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  describe("under docs serve", () => {
    it("reports the page view and copies the page's Markdown without a second title", async () => {
      const { page, context } = await open(served, "/docs");
      const view = await waitForLogged(analytics("page_view"));
      expect(view.data.properties).toEqual({ path: "", route: "/docs", locale: null });
      await page.getByRole("button", { name: "Copy page" }).click();
      await expect.poll(() => page.locator("[data-q-copy-page] span").textContent()).toBe("Copied!");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await readFile(path.join(dist, "docs.md"), "utf8"));
      expect(copied.match(/^# Lantern$/gm)).toHaveLength(1);
      const action = await waitForLogged(analytics("page_action"));
      expect(action.data.properties).toMatchObject({ action: "copy_page", detail: "markdown" });
      await page.screenshot({ path: path.join(shots, "served-actions.png") });
      await context.close();
    });

    it("fills Open in … links with this origin's URLs and reports the click", async () => {
      const { page, context } = await open(served, "/docs/guides");
      await page.getByText("Open in…").click();
      const prompt = `Read the documentation at ${served}/docs/guides.md and help me with my questions about it.`;
      expect(await page.getByRole("link", { name: "Open in ChatGPT" }).getAttribute("href")).toBe(
        `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`,
      );
      expect(await page.getByRole("link", { name: "Open in Cursor" }).getAttribute("href")).toBe(
        `cursor://anysphere.cursor-deeplink/prompt?text=${encodeURIComponent(prompt)}`,
      );
      const custom = new URL((await page.getByRole("link", { name: "Open in Lantern Bot" }).getAttribute("href"))!);
      expect(Object.fromEntries(custom.searchParams)).toEqual({
        p: `Explain ${served}/docs/guides`,
        page: `${served}/docs/guides`,
        md: `${served}/docs/guides.md`,
        gh: "https://github.com/lantern-example/lantern/blob/main/site/docs/guides/page.md",
      });
      await page.screenshot({ path: path.join(shots, "served-open-in.png") });
      const popup = context.waitForEvent("page");
      await page.getByRole("link", { name: "Open in Lantern Bot" }).click();
      await (await popup).close();
      expect(await page.locator(".q-page-action-menu").getAttribute("open")).toBeNull();
      await page.getByText("Open in…").click();
      await page.keyboard.press("Escape");
      expect(await page.locator(".q-page-action-menu").getAttribute("open")).toBeNull();
      const action = await waitForLogged(
        (entry) => analytics("page_action")(entry) && entry.data.properties?.action === "open_docs",
      );
      expect(action.data.properties).toMatchObject({ route: "/docs/guides", detail: "lantern-bot" });
      await context.close();
    });

    it("calls onCopyClick with CodeBlockCopyData; analytics gets no copied text", async () => {
      const { page, context } = await open(served, "/docs");
      await page.locator("figure:has(pre[data-language=bash])").hover();
      await page.locator("figure:has(pre[data-language=bash]) [data-copy]").click();
      const copy = await waitForLogged((entry) => entry.kind === "copy");
      expect(copy.data).toEqual({
        content: "npm install lantern-lights",
        url: `${served}/docs`,
        title: "Install",
        language: "bash",
      });
      const event = await waitForLogged(analytics("code_copy"));
      expect(JSON.stringify(event)).not.toContain("lantern-lights");
      await context.close();
    });

    it("offers Open in links on the Prompt block", async () => {
      const { page, context } = await open(served, "/docs");
      const link = page.locator(".q-prompt-links a", { hasText: "Lantern Bot" });
      expect(await link.getAttribute("href")).toBe(
        `https://bot.lantern.example/chat?p=${encodeURIComponent("How do I wire three Lantern lamps to one controller?")}`,
      );
      await context.close();
    });

    it("sends a vote with a comment to feedback.onFeedback and says thank you", async () => {
      const { page, context } = await open(served, "/docs/guides");
      const widget = page.locator(".q-feedback");
      await widget.waitFor({ state: "visible" });
      await page.getByRole("button", { name: "No" }).click();
      expect(await page.getByRole("button", { name: "No" }).getAttribute("aria-pressed")).toBe("true");
      await page.getByLabel("Comment (optional)").fill("The off time format is unclear.");
      await widget.screenshot({ path: path.join(shots, "served-feedback.png") });
      await page.getByRole("button", { name: "Send feedback" }).click();
      await expect.poll(() => page.locator(".q-feedback-status").textContent()).toBe("Thank you for your feedback!");
      const vote = await waitForLogged((entry) => entry.kind === "feedback");
      expect(vote.data).toMatchObject({
        value: "negative",
        title: "Schedules",
        pathname: "/docs/guides",
        slug: "guides",
        entry: "docs",
        comment: "The off time format is unclear.",
        url: `${served}/docs/guides`,
      });
      const event = await waitForLogged(analytics("feedback"));
      expect(event.data.properties).toMatchObject({ value: "negative", hasComment: true, handled: true });
      expect(JSON.stringify(event)).not.toContain("unclear");
      await context.close();
    });
    it("asks for a comment before sending when the runtime requires one", async () => {
      const { page, context } = await open(served, "/docs/guides");
      await page.route(`${served}/api/docs/events`, async (route) => {
        if (route.request().method() !== "GET") return route.continue();
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), requireComment: true } });
      });
      await page.reload();
      await page.locator(".q-feedback").waitFor({ state: "visible" });
      await page.getByRole("button", { name: "Yes" }).click();
      await page.getByRole("button", { name: "Send feedback" }).click();
      await expect.poll(() => page.locator(".q-feedback-status").textContent()).toBe("Please add a comment.");
      await page.waitForTimeout(300);
      expect((await logged()).filter((entry) => entry.kind === "feedback" && entry.data.value === "positive")).toEqual(
        [],
      );
      await context.close();
    });

    it("reports searches through the runtime's search route, without the query", async () => {
      const { page, context } = await open(served, "/docs");
      await page.keyboard.press("Control+k");
      await page.getByRole("combobox", { name: "Search the docs" }).fill("dusk schedule");
      const search = await waitForLogged(analytics("search"));
      expect(search.data.properties).toMatchObject({ provider: "simple" });
      expect(JSON.stringify(search)).not.toContain("dusk");
      await context.close();
    });

    it("has no serious or critical axe violations in the actions, menu and feedback, light and dark", async () => {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
        const page = await context.newPage();
        await page.goto(`${served}/docs`);
        await page.locator(".q-feedback").waitFor({ state: "visible" });
        await page.getByRole("button", { name: "Yes" }).click();
        await page.getByText("Open in…").click();
        await page.addScriptTag({ path: path.join(REPO, "node_modules/axe-core/axe.min.js") });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (context: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
              };
            }
          ).axe;
          const result = await axe.run({ include: [[".q-page-actions"], [".q-feedback"], [".q-prompt-links"]] });
          return result.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.id} (${v.nodes.length})`);
        });
        expect(violations, colorScheme).toEqual([]);
        await page.screenshot({ path: path.join(shots, `phone-${colorScheme}.png`), fullPage: true });
        await context.close();
      }
    });
  });

  describe("on a plain static host", () => {
    it("shows a GitHub link instead of vote buttons and posts nothing, while Copy page still works", async () => {
      const { page, context, posts } = await open(staticOrigin, "/docs/guides/");
      const fallback = page.getByRole("link", { name: "Give feedback on GitHub" });
      await fallback.waitFor({ state: "visible" });
      expect(await fallback.getAttribute("href")).toContain(
        "https://github.com/lantern-example/lantern/issues/new?title=Docs%20feedback%3A%20Schedules",
      );
      expect(await page.getByRole("button", { name: "Yes" }).isVisible()).toBe(false);
      await page.getByRole("button", { name: "Copy page" }).click();
      await expect.poll(() => page.locator("[data-q-copy-page] span").textContent()).toBe("Copied!");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("# Schedules");
      await page.locator("figure:has(pre) [data-copy]").first().click({ force: true });
      await page.waitForTimeout(300);
      expect(posts).toEqual([]);
      await page.locator(".q-main").screenshot({ path: path.join(shots, "static-host.png") });
      await context.close();
    });

    it("copies the visible text with the plain title in text format", async () => {
      const context = await browser.newContext();
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: staticOrigin });
      const page = await context.newPage();
      // The same build with `copyMarkdown.format: "text"`: only the settings the script reads differ.
      await page.route(`${staticOrigin}/docs/guides/`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('"format":"markdown"', '"format":"text"');
        await route.fulfill({ response, body: html });
      });
      await page.goto(`${staticOrigin}/docs/guides/`);
      await page.getByRole("button", { name: "Copy page" }).click();
      await expect.poll(() => page.locator("[data-q-copy-page] span").textContent()).toBe("Copied!");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.startsWith("Schedules\n\nA schedule has an on trigger and an off time.")).toBe(true);
      expect(copied).toContain('schedule({ on: "dusk", off: "23:30" });');
      expect(copied).not.toContain("Did this page help you?");
      await context.close();
    });

    it("keeps working links and hides what needs a script without JavaScript", async () => {
      const { page, context } = await open(staticOrigin, "/docs/", { javaScriptEnabled: false });
      expect(await page.locator(".q-feedback").isVisible()).toBe(false);
      expect(await page.locator("[data-q-copy-page]").isVisible()).toBe(false);
      await page.getByText("Open in…").click();
      expect(await page.getByRole("link", { name: "Open in Claude" }).getAttribute("href")).toMatch(
        /^https:\/\/claude\.ai\/new\?q=Read%20the%20documentation%20at%20/,
      );
      await context.close();
    });
  });
});
