/**
 * axe-core run inside a real page (issue 13 quality bar): injects the npm build of axe and returns the violations
 * at or above an impact level, each with the selectors of the nodes that fail, so a test failure says where.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const SEVERE = new Set(["serious", "critical"]);

/** Serious and critical violations of the WCAG 2.x A/AA rules and axe's best practices on the loaded page. */
export async function seriousAxeViolations(page: Page, retries = 5): Promise<AxeFinding[]> {
  source ??= readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  try {
    return await runAxe(page, await source);
  } catch (error) {
    // A redirect page (meta refresh, e.g. a hidden folder landing page) navigates right after load: run again there.
    // On a busy machine the navigation can still be starting when the old page reports itself loaded, so the next
    // run can meet it too; the page it lands on does not navigate again.
    if (retries === 0 || !/context was destroyed/.test(String(error))) throw error;
    await page.waitForLoadState("load");
    return seriousAxeViolations(page, retries - 1);
  }
}

async function runAxe(page: Page, source: string): Promise<AxeFinding[]> {
  await page.addScriptTag({ content: source });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global.
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  return (violations as AxeFinding[]).filter((v) => SEVERE.has(v.impact));
}
