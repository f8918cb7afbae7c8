/**
 * Issue 13 quality bar: axe-core in real Chromium finds no serious or critical violation on any page template —
 * docs pages, folder indexes, contract pages, the changelog and the API reference, the search and 404 pages — in
 * light and dark at desktop width, at phone width, and with the phone menu open. `npm run test:quality`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AxeFinding, seriousAxeViolations } from "../testing/axe.ts";
import { chromiumAvailable, launchChromium } from "../testing/chromium.ts";
import { serveStatic, type StaticHost } from "../testing/static-host.ts";
import { buildFixture, htmlFiles, routeOf } from "./built-fixtures.ts";

/** One site per page template: the example (docs pages, folder indexes, tabs, cards…), contract, changelog, API. */
const SITES = ["example", "contract", "changelog", "api-reference"];

const VARIANTS: { name: string; options: BrowserContextOptions; openMenu?: boolean }[] = [
  { name: "light", options: { colorScheme: "light", viewport: { width: 1280, height: 900 } } },
  { name: "dark", options: { colorScheme: "dark", viewport: { width: 1280, height: 900 } } },
  { name: "phone", options: { colorScheme: "light", viewport: { width: 390, height: 844 } } },
  {
    name: "phone dark, menu open",
    options: { colorScheme: "dark", viewport: { width: 390, height: 844 } },
    openMenu: true,
  },
];

const available = chromiumAvailable();
let scratch: string;
let browser: Browser;

describe.skipIf(!available)("axe-core finds no serious or critical violation", { timeout: 600_000 }, () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "quire-axe-"));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  for (const site of SITES) {
    it(`on every page of ${site}`, async () => {
      const dist = path.join(scratch, site);
      await buildFixture(site, dist);
      const routes = (await htmlFiles(dist)).map(routeOf);
      const host: StaticHost = await serveStatic(dist);
      const findings: string[] = [];
      try {
        for (const variant of VARIANTS) {
          const context = await browser.newContext({ reducedMotion: "reduce", ...variant.options });
          const page = await context.newPage();
          for (const route of variant.openMenu ? routes.slice(0, 3) : routes) {
            await page.goto(host.origin + route, { waitUntil: "load" });
            if (variant.openMenu && (await page.locator(".q-menu-button").count()) > 0) {
              await page.locator(".q-menu-button").click();
            }
            const violations = await seriousAxeViolations(page);
            findings.push(...violations.map((v: AxeFinding) => describeFinding(route, variant.name, v)));
          }
          await context.close();
        }
      } finally {
        await host.close();
      }
      expect(findings, findings.join("\n")).toEqual([]);
    });
  }
});

function describeFinding(route: string, variant: string, finding: AxeFinding): string {
  const where = finding.targets.slice(0, 3).join(" | ");
  const more = finding.targets.length > 3 ? ` (+${finding.targets.length - 3} more)` : "";
  return `${route} [${variant}] ${finding.impact} ${finding.rule}: ${finding.help} — ${where}${more}`;
}
