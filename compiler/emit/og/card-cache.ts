/** Rendered cards on disk, keyed by a hash of everything that decides their pixels, so rebuilds skip the renderers. */
import { createHash, randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { CardInputs } from "../../../runtime/og/card.ts";

const require = createRequire(import.meta.url);
/** Bump when card.ts changes how a card looks: old cache entries then stop matching. */
const CARD_LAYOUT_VERSION = 1;
/** Renderer upgrades can move pixels too, so their versions are part of every key. */
const RENDERER_ID = [
  `layout@${CARD_LAYOUT_VERSION}`,
  `satori@${(require("satori/package.json") as { version: string }).version}`,
  `resvg@${(require("@resvg/resvg-js/package.json") as { version: string }).version}`,
].join(" ");

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function cardCacheKey(card: CardInputs, fontId: string): string {
  // Fixed key order, so the same card always serializes (and hashes) the same way.
  const inputs = [card.siteTitle, card.title, card.description ?? null, card.location, card.accent];
  return createHash("sha256")
    .update(JSON.stringify([RENDERER_ID, fontId, inputs]))
    .digest("hex");
}

/** The cached PNG, or undefined when there is none (or it is not a PNG, e.g. a truncated file from a crash). */
export async function readCachedCard(cacheDir: string, key: string): Promise<Uint8Array | undefined> {
  try {
    const bytes = await readFile(path.join(cacheDir, `${key}.png`));
    return bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** Written under a temporary name and renamed, so a build running beside this one never reads half a file. */
export async function writeCachedCard(cacheDir: string, key: string, png: Uint8Array): Promise<void> {
  const file = path.join(cacheDir, `${key}.png`);
  const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temp, png);
    await rename(temp, file);
  } catch {
    // A cache that cannot be written only costs the next build a re-render.
    await rm(temp, { force: true });
  }
}
