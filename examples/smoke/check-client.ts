/**
 * Quire's client in an example app, in real Chromium (issue 18; smoke.json `"client": true`): on the app's docs page,
 * Ctrl-K opens Quire's search dialog, a query lists results from the app's `/api/docs`, and no script fails. A
 * screenshot of the open dialog goes beside the example (`.smoke-client.png`, ignored by git).
 */
import { launchChromium } from "../../compiler/testing/chromium.ts";
import type { SmokeResult } from "./check-site.ts";

export async function checkClientInBrowser(url: string, query: string, screenshot: string): Promise<SmokeResult> {
  const name = "search dialog in Chromium";
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // A framework's dev build reports a hydration mismatch (the client changing the page under React) on the console.
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) errors.push(message.text().split("\n")[0]);
    });
    await page.goto(url, { waitUntil: "load" });
    const input = page.getByRole("combobox", { name: "Search the docs" });
    // An app whose framework hydrates can run Quire's loader after `load`, and a Ctrl-K before it is nobody's: seen
    // in tanstack-start, about one run in three. Ctrl-K again each second (opening is idempotent), for 15 s at most.
    const deadline = Date.now() + 15_000;
    for (;;) {
      await page.keyboard.press("Control+k");
      const opened = await input.waitFor({ timeout: 1_000 }).then(
        () => true,
        () => false,
      );
      if (opened) break;
      if (Date.now() > deadline) throw new Error("Ctrl-K opened no search dialog in 15 s");
    }
    await input.fill(query);
    const options = page.getByRole("option");
    await options.first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: screenshot });
    if (errors.length > 0) return { name, ok: false, detail: `script errors: ${errors.join("; ")}` };
    return { name, ok: true, detail: `${await options.count()} results for "${query}"` };
  } catch (error) {
    return { name, ok: false, detail: (error as Error).message.split("\n")[0] };
  } finally {
    await browser.close();
  }
}
