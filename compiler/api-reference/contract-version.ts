/**
 * Which contract a document is (SPEC 2.15, 9.4): Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2; anything else is a
 * positioned `api-reference/version` error, and a document with neither `paths` nor `webhooks` an `api-reference/invalid` one.
 */
import type { BuildMessage } from "../diagnostics.ts";
import { lineColumn } from "./read-contract.ts";

export type ContractVersion = "2.0" | "3.0" | "3.1" | "3.2";

export function contractVersion(
  document: Record<string, unknown>,
  text: string,
  label: string,
): { version?: ContractVersion; messages: BuildMessage[] } {
  const at = (key: string) => {
    const index = text.search(new RegExp(`^\\s*["']?${key}["']?\\s*:`, "m"));
    return index === -1
      ? {}
      : lineColumn(text, index + (text.slice(index).length - text.slice(index).trimStart().length));
  };
  const error = (
    rule: "api-reference/version" | "api-reference/invalid",
    key: string,
    reason: string,
    hint: string,
  ) => ({
    messages: [{ severity: "error" as const, rule, file: label, ...at(key), reason, hint }],
  });
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    return {
      messages: [
        {
          severity: "error",
          rule: "api-reference/invalid",
          file: label,
          line: 1,
          column: 1,
          reason: "the contract is not an object",
          hint: "an OpenAPI document is a JSON or YAML object with `openapi` and `paths`",
        },
      ],
    };
  }
  let version: ContractVersion | undefined;
  if (document.swagger !== undefined) {
    if (String(document.swagger) !== "2.0")
      return error(
        "api-reference/version",
        "swagger",
        `swagger ${String(document.swagger)} is not supported`,
        "Swagger 2.0 and OpenAPI 3.0 to 3.2 are",
      );
    version = "2.0";
  } else if (document.openapi !== undefined) {
    const match = /^3\.([0-2])\.\d+(-.+)?$/.exec(String(document.openapi));
    if (!match)
      return error(
        "api-reference/version",
        "openapi",
        `openapi ${String(document.openapi)} is not supported`,
        "Swagger 2.0 and OpenAPI 3.0 to 3.2 are (e.g. openapi: 3.1.0)",
      );
    version = `3.${match[1]}` as ContractVersion;
  } else {
    return {
      messages: [
        {
          severity: "error",
          rule: "api-reference/version",
          file: label,
          line: 1,
          column: 1,
          reason: "the contract has neither an `openapi` nor a `swagger` version field",
          hint: 'start it with openapi: 3.1.0 (or swagger: "2.0")',
        },
      ],
    };
  }
  const paths = document.paths;
  const hasWebhooks = version !== "2.0" && version !== "3.0" && isObject(document.webhooks);
  if (paths !== undefined && !isObject(paths))
    return error(
      "api-reference/invalid",
      "paths",
      "`paths` is not an object",
      'map each path ("/pets") to its operations',
    );
  if (paths === undefined && !hasWebhooks)
    return error(
      "api-reference/invalid",
      version === "2.0" ? "swagger" : "openapi",
      "the contract has no `paths`",
      "add `paths` (or, from 3.1, `webhooks`)",
    );
  return { version, messages: [] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
