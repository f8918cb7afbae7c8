/**
 * Fingerprinted assets in a diff (issue 11): a build names its stylesheet and script by content hash
 * (`_quire/quire.<8 hex>.css`), so a style change renames the file and rewrites every page that links it.
 * `docs diff` reports such a rename once and compares pages as if both trees used the unhashed name.
 */
import type { AssetRename } from "./model.ts";

const FINGERPRINTED = /^(.*\/)?([^/]+)\.([0-9a-f]{8})\.([a-z0-9]+)$/;

/** `_quire/quire.26d37cda.css` → `_quire/quire.css`; undefined for a name without a fingerprint. */
export function logicalAssetPath(file: string): string | undefined {
  const match = FINGERPRINTED.exec(file);
  return match ? `${match[1] ?? ""}${match[2]}.${match[4]}` : undefined;
}

/** Assets present under one hashed name in the old tree and another in the new one, by logical name. */
export function assetRenames(oldFiles: Iterable<string>, newFiles: Iterable<string>): AssetRename[] {
  const byLogical = (files: Iterable<string>, others: Set<string>) => {
    const found = new Map<string, string[]>();
    for (const file of files) {
      const logical = logicalAssetPath(file);
      if (logical && !others.has(file)) found.set(logical, [...(found.get(logical) ?? []), file]);
    }
    return found;
  };
  const oldSet = new Set(oldFiles);
  const newSet = new Set(newFiles);
  const gone = byLogical(oldSet, newSet);
  const came = byLogical(newSet, oldSet);
  const renames: AssetRename[] = [];
  for (const [logical, from] of gone) {
    const to = came.get(logical);
    // Only a one-to-one move is a rename; several files under one logical name stay added and removed.
    if (from.length === 1 && to?.length === 1) renames.push({ logical, from: from[0]!, to: to[0]! });
  }
  return renames.sort((a, b) => (a.logical < b.logical ? -1 : 1));
}

/** The text with each renamed asset's hashed name (either side) replaced by its logical name. */
export function withoutFingerprints(text: string, renames: AssetRename[]): string {
  let result = text;
  for (const rename of renames) {
    result = result.replaceAll(rename.from, rename.logical).replaceAll(rename.to, rename.logical);
  }
  return result;
}
