/**
 * The admonitions-and-code fixture in real Chromium (issue 10): callouts from every admonition syntax are boxes in
 * their tone, `:::details` starts collapsed, highlighted and diff lines are coloured, focus dims the other lines.
 * A screenshot of the page is written to the temp folder (`quire-admonitions.png`) for a person to look at.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../index.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (apt-get install chromium)`);

let scratch: string;
let server: Server;
let browser: Browser;
let page: Page;

function serve(root: string): Promise<Server> {
  const types: Record<string, string> = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css",
    ".js": "text/javascript",
  };
  const handler = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    for (const candidate of [pathname, path.posix.join(pathname, "index.html")]) {
      const file = path.join(root, path.normalize(candidate));
      if (!file.startsWith(root)) break;
      try {
        const body = await readFile(file);
        response.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(body);
        return;
      } catch {
        // next candidate
      }
    }
    response.writeHead(404).end("not found");
  });
  return new Promise((resolve) => handler.listen(0, "127.0.0.1", () => resolve(handler)));
}

describe.skipIf(!available)("admonitions and code fences in chromium", () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "quire-admonitions-"));
    const dist = path.join(scratch, "dist");
    await build({
      root: path.resolve(import.meta.dirname, "../../fixtures/admonitions-and-code"),
      outDir: dist,
      git: false,
      cache: false,
    });
    server = await serve(dist);
    const address = server.address();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 2400 }, colorScheme: "light" });
    await page.goto(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/docs`);
    await page.screenshot({ path: path.join(tmpdir(), "quire-admonitions.png"), fullPage: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("draws every admonition syntax as a callout box with its tone and title", async () => {
    const callouts = await page.$$eval(".q-content .q-callout", (nodes) =>
      nodes.map((n) => ({
        tone: n.getAttribute("data-type"),
        title: n.querySelector(".q-callout-title")?.textContent,
        border: getComputedStyle(n).borderTopColor,
        visible: (n as HTMLElement).offsetHeight > 20,
      })),
    );
    expect(callouts.map((c) => [c.tone, c.title])).toEqual([
      ["tip", "Pick a port"],
      ["warn", "Back up first"],
      ["note", "From attributes"],
      ["error", "Danger"],
      ["note", "Note"],
      ["warn", "Caution"],
      ["info", "Case does not matter"],
      ["note", "Show the full list"],
    ]);
    expect(callouts.every((c) => c.visible)).toBe(true);
    // Tones differ: a tip, a warning and a danger box do not share a border colour.
    expect(new Set([callouts[0].border, callouts[1].border, callouts[3].border]).size).toBe(3);
  });

  it("keeps :::details collapsed until its title is clicked", async () => {
    const hidden = page.locator("details.q-callout-details .q-callout-content");
    await expect(hidden.isVisible()).resolves.toBe(false);
    await page.click("details.q-callout-details > summary");
    await expect(hidden.isVisible()).resolves.toBe(true);
  });

  it("colours {1,3-4} lines, diff lines and dims unfocused lines", async () => {
    const lines = await page.$$eval("figure pre [data-line]", (nodes) =>
      nodes.map((n) => ({
        text: n.textContent?.trim(),
        highlighted: n.hasAttribute("data-highlighted-line") || n.classList.contains("highlighted"),
        background: getComputedStyle(n).backgroundColor,
        opacity: Number(getComputedStyle(n).opacity),
      })),
    );
    const line = (start: string) => lines.find((l) => l.text?.startsWith(start))!;
    const plain = line("console.log");
    expect(line("import { serve }").highlighted).toBe(true);
    expect(line("import { serve }").background).not.toBe(plain.background);
    expect(line("const after").background).not.toBe(line("const before").background);
    expect(line("const after").background).not.toBe(plain.background);
    expect(line("const focused").opacity).toBe(1);
    expect(line("const before").opacity).toBeLessThan(0.5);
    expect(lines.some((l) => l.text?.includes("[!code"))).toBe(false);
  });

  it("shows the fence title above the code", async () => {
    await expect(page.locator("figcaption[data-rehype-pretty-code-title]").first().textContent()).resolves.toBe(
      "server.ts",
    );
  });
});
