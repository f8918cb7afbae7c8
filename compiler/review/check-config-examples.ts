/**
 * SPEC 2.12 `configExamples`, SPEC 2.1: a `defineDocs({...})` example in a code block is checked against the same
 * config schema `docs build` validates with, so docs never teach a key that does not exist or a value of the wrong
 * type. The example is compiled with esbuild (TS/JSX) and its object literal read with acorn; values that are not
 * literals (variables, calls) are not judged. Positions point into the page.
 */
import { parse, type Expression, type Node, type ObjectExpression, type SpreadElement } from "acorn";
import { transformSync } from "esbuild";
import { docsConfigShape } from "../../runtime/contract/config-schema.ts";
import { locateConfigKey } from "../config/locate.ts";
import { validateShape } from "../config/validate.ts";
import type { RawFinding } from "./finding.ts";
import type { ReviewCodeBlock } from "./page-facts.ts";
import type { ReviewSite } from "./review-site.ts";

const LOADERS: Record<string, "ts" | "tsx" | "js" | "jsx"> = {
  ts: "ts",
  typescript: "ts",
  tsx: "tsx",
  js: "js",
  javascript: "js",
  mjs: "js",
  cjs: "js",
  jsx: "jsx",
};
/** A value review cannot judge statically; its key is left out of the check. */
const UNKNOWN = Symbol("unknown");

export function checkConfigExamples(site: ReviewSite): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const page of site.pages) {
    for (const { code, file } of page.codeBlocks) {
      const loader = LOADERS[code.lang?.toLowerCase() ?? ""];
      if (!loader || !code.value.includes("defineDocs(")) continue;
      findings.push(...checkExample(code, loader, file));
    }
  }
  return findings;
}

function checkExample(code: ReviewCodeBlock["code"], loader: "ts" | "tsx" | "js" | "jsx", file: string): RawFinding[] {
  const firstLine = (code.position?.start.line ?? 0) + 1;
  let js: string;
  try {
    js = transformSync(code.value, { loader, jsx: "preserve", logLevel: "silent" }).code;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    return [
      {
        rule: "configExamples",
        file,
        line: firstLine + (first?.location?.line ?? 1) - 1,
        column: (first?.location?.column ?? 0) + 1,
        message: `the defineDocs() example does not compile: ${first?.text ?? (error as Error).message}`,
        fix: "fix the example's syntax (it is compiled as " + loader + ")",
      },
    ];
  }
  let program: Node;
  try {
    program = parse(js, { ecmaVersion: "latest", sourceType: "module" });
  } catch {
    return [];
  }
  const argument = findDefineDocsArgument(program);
  if (!argument) return [];
  const value = literalValue(argument);
  return validateShape(value, docsConfigShape).map((issue): RawFinding => {
    const at = locateConfigKey(code.value, issue.path);
    return {
      rule: "configExamples",
      file,
      line: at ? firstLine + at.line - 1 : firstLine,
      column: at?.column ?? 1,
      message: `the defineDocs() example has ${issue.reason}${issue.suggestion ? ` — did you mean "${issue.suggestion}"?` : ""}`,
      fix: issue.suggestion
        ? `rename it to "${issue.suggestion}"`
        : "correct the example to match the config reference (docs build would reject it)",
      source: issue.unknownKey === undefined ? "config/type" : "config/unknown-key",
    };
  });
}

function findDefineDocsArgument(node: Node): ObjectExpression | undefined {
  let found: ObjectExpression | undefined;
  const walk = (value: unknown): void => {
    if (found || !value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    const n = value as Node & { callee?: Node & { name?: string }; arguments?: Node[] };
    if (
      n.type === "CallExpression" &&
      n.callee?.type === "Identifier" &&
      n.callee.name === "defineDocs" &&
      n.arguments?.[0]?.type === "ObjectExpression"
    ) {
      found = n.arguments[0] as ObjectExpression;
      return;
    }
    for (const key of Object.keys(n))
      if (key !== "loc" && key !== "start" && key !== "end") walk((n as unknown as Record<string, unknown>)[key]);
  };
  walk(node);
  return found;
}

/** The literal parts of an expression as a value; keys whose value is not literal are left out. */
function literalValue(node: Expression | SpreadElement): unknown {
  switch (node.type) {
    case "Literal":
      return node.value instanceof RegExp || typeof node.value === "bigint" ? UNKNOWN : node.value;
    case "TemplateLiteral":
      return node.expressions.length === 0 ? node.quasis[0]?.value.cooked : UNKNOWN;
    case "UnaryExpression":
      return node.operator === "-" && node.argument.type === "Literal" && typeof node.argument.value === "number"
        ? -node.argument.value
        : UNKNOWN;
    case "ArrowFunctionExpression":
    case "FunctionExpression":
      return () => undefined;
    case "ArrayExpression": {
      const items = node.elements.map((item) => (item ? literalValue(item) : UNKNOWN));
      return items.includes(UNKNOWN) ? UNKNOWN : items;
    }
    case "ObjectExpression": {
      const object: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== "Property" || property.computed) continue;
        const key =
          property.key.type === "Identifier"
            ? property.key.name
            : property.key.type === "Literal"
              ? String(property.key.value)
              : undefined;
        if (key === undefined) continue;
        const value = property.method ? () => undefined : literalValue(property.value as Expression);
        if (value !== UNKNOWN) object[key] = value;
      }
      return object;
    }
    default:
      return UNKNOWN;
  }
}
