/**
 * SPEC 2.17 `codeBlocks.validate` (mode `report`): syntax checks of fenced code in languages that can be checked
 * locally, without running anything: TS/JS/JSX/TSX through esbuild, JSON through JSON.parse, YAML through `yaml`,
 * TOML through smol-toml, shell through sh-syntax (mvdan/sh's parser). Positions are 1-based within the block.
 */
import { transform } from "esbuild";
import { parse as parseShell } from "sh-syntax";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";

export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
}

const ESBUILD: Record<string, "ts" | "tsx" | "js" | "jsx"> = {
  ts: "ts",
  typescript: "ts",
  mts: "ts",
  cts: "ts",
  tsx: "tsx",
  js: "js",
  javascript: "js",
  mjs: "js",
  cjs: "js",
  jsx: "jsx",
};
const SHELL = new Set(["sh", "bash", "shell", "zsh"]);

export function canValidate(lang: string | null | undefined): boolean {
  const l = (lang ?? "").toLowerCase();
  return l in ESBUILD || l === "json" || l === "yaml" || l === "yml" || l === "toml" || SHELL.has(l);
}

/** The first syntax problem of a block, or null when it parses. Call only when `canValidate(lang)`. */
export async function validateCode(lang: string, code: string): Promise<SyntaxProblem | null> {
  const l = lang.toLowerCase();
  if (l in ESBUILD) {
    try {
      await transform(code, { loader: ESBUILD[l], logLevel: "silent", jsx: "preserve" });
      return null;
    } catch (error) {
      const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
      return {
        line: first?.location?.line ?? 1,
        column: (first?.location?.column ?? 0) + 1,
        message: first?.text ?? String(error),
      };
    }
  }
  if (l === "json") {
    try {
      JSON.parse(code);
      return null;
    } catch (error) {
      const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? 0);
      const before = code.slice(0, offset).split("\n");
      return { line: before.length, column: before[before.length - 1].length + 1, message: (error as Error).message };
    }
  }
  if (l === "yaml" || l === "yml") {
    try {
      parseYaml(code, { prettyErrors: true });
      return null;
    } catch (error) {
      const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
      return { line: pos?.line ?? 1, column: pos?.col ?? 1, message: (error as Error).message.split("\n")[0] };
    }
  }
  if (l === "toml") {
    try {
      parseToml(code);
      return null;
    } catch (error) {
      const e = error as { line?: number; column?: number; message: string };
      return { line: e.line ?? 1, column: e.column ?? 1, message: e.message.split("\n")[0] };
    }
  }
  try {
    await parseShell(code);
    return null;
  } catch (error) {
    const e = error as { Text?: string; Pos?: { Line: number; Col: number }; message?: string };
    return { line: e.Pos?.Line || 1, column: e.Pos?.Col || 1, message: e.Text ?? e.message ?? String(error) };
  }
}

/** `codeBlocks.validate`: `true`, `"report"` or `{ mode: "report" }` turn report mode on; anything else is off. */
export function codeValidationMode(value: unknown): "report" | "off" {
  if (value === true || value === "report") return "report";
  if (
    value &&
    typeof value === "object" &&
    (value as { mode?: unknown }).mode === "report" &&
    (value as { enabled?: unknown }).enabled !== false
  )
    return "report";
  return "off";
}
