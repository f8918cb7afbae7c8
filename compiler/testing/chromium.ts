/** Debian's chromium driven by playwright-core, launched the same way by every browser test and script. */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** True when the browser is installed; under CI its absence is an error rather than a skip. */
export function chromiumAvailable(): boolean {
  const available = existsSync(CHROMIUM_PATH);
  if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return available;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
