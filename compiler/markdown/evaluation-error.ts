/**
 * Issue 10 / DESIGN invariant 5: a page whose evaluation throws (`{frontmatter.missing.key}`, a component that
 * throws) is reported at `file:line:col` of the expression in the page, found by mapping the error's stack frames
 * through the compiled page's source map.
 */
import path from "node:path";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";
import type { BuildMessage } from "../diagnostics.ts";

export interface EvaluatedCode {
  /** How a stack frame names the evaluated code: `<anonymous>` for a function body, else the module file. */
  frameName: string;
  /** Lines the evaluator adds before the code (2 for `new AsyncFunction(body)`). */
  lineOffset: number;
  map: RawSourceMap | string | undefined;
  /** Directory the map's relative `sources` are relative to. */
  mapDir: string;
}

export function evaluationMessage(
  error: unknown,
  code: EvaluatedCode,
  page: { pagePath: string; sourcePath: string; root: string },
): BuildMessage {
  const text =
    error instanceof Error ? `${error.name === "Error" ? "" : `${error.name}: `}${error.message}` : String(error);
  const place = code.map ? placeInPage(error, code, page.pagePath) : undefined;
  return {
    severity: "error",
    rule: "mdx/evaluate",
    file: page.sourcePath,
    line: place?.line,
    column: place?.column,
    reason: `evaluating the page failed: ${text.split("\n")[0]}`,
    hint: "check the expression at this position; frontmatter values are read as `frontmatter.<key>`",
  };
}

function placeInPage(
  error: unknown,
  code: EvaluatedCode,
  pagePath: string,
): { line: number; column: number } | undefined {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const consumer = new SourceMapConsumer(typeof code.map === "string" ? JSON.parse(code.map) : code.map!);
  const escaped = code.frameName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const frame = new RegExp(`${escaped}:(\\d+):(\\d+)\\)?$`);
  for (const line of stack.split("\n")) {
    const match = frame.exec(line.trim());
    if (!match) continue;
    const original = consumer.originalPositionFor({
      line: Number(match[1]) - code.lineOffset,
      column: Number(match[2]) - 1,
    });
    if (original.line === null || original.source === null) continue;
    // A frame inside an imported component is not the page; the page's own frame comes further down.
    if (path.resolve(code.mapDir, original.source) === pagePath)
      return { line: original.line, column: original.column + 1 };
  }
  return undefined;
}
