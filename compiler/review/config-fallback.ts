/**
 * SPEC 7.2 / 2.12 `configConfidence`: when the config cannot be evaluated (a throwing import, environment-dependent
 * top-level code) or is invalid, review reads the few keys it needs literally from the source and goes on with
 * defaults for the rest. What it could not read is said in the finding, so the score is never silently optimistic.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { findConfigFile, loadConfig } from "../config/load.ts";
import { checkConfig, resolveConfig } from "../config/resolve.ts";
import type { DocsConfig, ResolvedConfig } from "../config/types.ts";
import { BuildFailure } from "../diagnostics.ts";
import type { RawFinding } from "./finding.ts";

export interface ReviewConfig {
  config: ResolvedConfig;
  /** Findings of the `configConfidence` rule (empty when the config evaluated and validated). */
  findings: RawFinding[];
  /** True when `config` comes from the static read. */
  partial: boolean;
}

/** Keys read statically: plain string literals only. */
const STATIC_KEYS = ["entry", "docsPath", "contentDir"] as const;

export async function loadReviewConfig(root: string): Promise<ReviewConfig> {
  try {
    const loaded = await loadConfig(root);
    return { config: resolveConfig(checkConfig(loaded), root, loaded.file), findings: [], partial: false };
  } catch (error) {
    if (!(error instanceof BuildFailure)) throw error;
    // No config file at all is not a confidence problem: there is nothing to review.
    if (error.messages.some((m) => m.rule === "config/missing")) throw error;
    const file = findConfigFile(root);
    const source = await readFile(path.join(root, file), "utf8");
    const statics = readStaticKeys(source);
    if (statics.entry === undefined) throw error;
    const config = resolveConfig(statics as DocsConfig, root, file);
    const read = Object.entries(statics)
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
      .join(", ");
    const findings = error.messages
      .filter((m) => m.severity === "error")
      .map(
        (m): RawFinding => ({
          rule: "configConfidence",
          file: m.file,
          line: m.line,
          column: m.column,
          message: `${m.reason} [${m.rule}]; review fell back to a partial static read (${read}) with defaults for every other key`,
          fix: m.hint ?? "make the config evaluate and validate (`docs build` shows the same error), then review again",
          source: m.rule,
        }),
      );
    return { config, findings, partial: true };
  }
}

/** `entry: "docs"` and friends, written as string literals anywhere in the file. */
export function readStaticKeys(source: string): Partial<Record<(typeof STATIC_KEYS)[number], string>> {
  const found: Partial<Record<(typeof STATIC_KEYS)[number], string>> = {};
  for (const key of STATIC_KEYS) {
    const match = new RegExp(`(?:^|[\\s{,])["']?${key}["']?\\s*:\\s*(["'\`])([^"'\`\\n]*)\\1`, "m").exec(source);
    if (match) found[key] = match[2];
  }
  return found;
}
