/**
 * Screenshots of a built site in Debian's chromium (issue 13): each page in light and dark at desktop width, and at
 * phone width (390×844) with the menu closed and open. Look at them before calling a visual change done.
 *
 *   npm run screenshots -- [--site fixtures/example] [--out <folder>] [/docs /docs/faq …]
 *
 * Builds the site into a temp folder, serves it on loopback and writes `<page>-<variant>.png` files to `--out`
 * (default: a fresh temp folder), then prints their paths.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "../compiler/index.ts";
import { launchChromium } from "../compiler/testing/chromium.ts";
import { serveStatic } from "../compiler/testing/static-host.ts";

const DEFAULT_ROUTES = ["/docs", "/docs/getting-started/quickstart", "/docs/concepts", "/docs/reference/api"];

interface Variant {
  name: string;
  colorScheme: "light" | "dark";
  viewport: { width: number; height: number };
  openMenu?: boolean;
}

const VARIANTS: Variant[] = [
  { name: "light", colorScheme: "light", viewport: { width: 1280, height: 900 } },
  { name: "dark", colorScheme: "dark", viewport: { width: 1280, height: 900 } },
  { name: "phone", colorScheme: "light", viewport: { width: 390, height: 844 } },
  { name: "phone-menu", colorScheme: "dark", viewport: { width: 390, height: 844 }, openMenu: true },
];

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [value] = args.splice(at, 2).slice(1);
  return value;
}

const args = process.argv.slice(2);
const site = path.resolve(option(args, "--site") ?? "fixtures/example");
const out = path.resolve(option(args, "--out") ?? (await mkdtemp(path.join(tmpdir(), "quire-screenshots-"))));
const routes = args.length > 0 ? args : DEFAULT_ROUTES;

const scratch = await mkdtemp(path.join(tmpdir(), "quire-screenshots-build-"));
const dist = path.join(scratch, "dist");
await build({ root: site, outDir: dist, git: false, cache: false });
await mkdir(out, { recursive: true });
const host = await serveStatic(dist);
const browser = await launchChromium();
const written: string[] = [];
try {
  for (const variant of VARIANTS) {
    const context = await browser.newContext({ colorScheme: variant.colorScheme, viewport: variant.viewport });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(host.origin + route);
      if (variant.openMenu) await page.locator(".q-menu-button").click();
      const file = path.join(out, `${route.replace(/^\/|\/$/g, "").replace(/\//g, "_") || "home"}-${variant.name}.png`);
      await page.screenshot({
        path: file,
        animations: "disabled",
        fullPage: !variant.openMenu && variant.viewport.width > 400,
      });
      written.push(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await host.close();
  await rm(scratch, { recursive: true, force: true });
}
console.log(written.join("\n"));
