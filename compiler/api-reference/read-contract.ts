/**
 * Reads the OpenAPI source `apiReference.specUrl` names (SPEC 2.15): a project-relative JSON or YAML file, or an
 * absolute http(s) URL fetched at build time. Parse errors carry the file's line and column; nothing here bundles.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";
import type { BuildMessage } from "../diagnostics.ts";

/** A contract's bytes may reach this many in total, external files included (large public contracts are tens of MB). */
export const MAX_CONTRACT_BYTES = 96 * 1024 * 1024;
/** Fetching a remote contract gives up after this long. */
export const FETCH_TIMEOUT_MS = 30_000;

export interface ContractSource {
  /** Where the document came from: a site-relative path, or the URL. */
  label: string;
  /** Absolute file path or URL, the base of relative `$ref`s. */
  location: string;
  text: string;
  value: unknown;
}

export type ReadResult = { source: ContractSource; messages: [] } | { source?: undefined; messages: BuildMessage[] };

export async function readContract(specUrl: string, root: string, configFile: string): Promise<ReadResult> {
  const remote = /^https?:\/\//i.test(specUrl);
  const fail = (reason: string, hint?: string): ReadResult => ({
    messages: [
      { severity: "error", rule: "api-reference/unreadable", file: remote ? configFile : specUrl, reason, hint },
    ],
  });
  let text: string;
  let location: string;
  if (remote) {
    location = specUrl;
    try {
      text = await fetchText(specUrl);
    } catch (error) {
      return fail(
        `apiReference.specUrl ${specUrl} could not be fetched: ${(error as Error).message}`,
        "check the URL and the network, or commit the contract to the project and point specUrl at the file",
      );
    }
  } else {
    if (/^[a-z][a-z0-9+.-]*:/i.test(specUrl))
      return fail(
        `apiReference.specUrl ${specUrl} is neither an http(s) URL nor a project file`,
        "use a path relative to the project root or an https:// URL",
      );
    location = path.resolve(root, specUrl);
    if (!isInside(root, location))
      return fail(
        `apiReference.specUrl ${specUrl} points outside the project root`,
        "keep the contract inside the project",
      );
    try {
      const bytes = await readFile(location);
      if (bytes.byteLength > MAX_CONTRACT_BYTES)
        return fail(`the contract is ${bytes.byteLength} bytes, over the ${MAX_CONTRACT_BYTES}-byte limit`);
      text = bytes.toString("utf8");
    } catch {
      return fail(
        `apiReference.specUrl ${specUrl} does not exist`,
        "the path is relative to the project root (where docs.config.ts is)",
      );
    }
  }
  const label = remote ? specUrl : toPosix(path.relative(root, location));
  const parsed = parseContractText(text, label);
  if ("message" in parsed) return { messages: [parsed.message] };
  return { source: { label, location, text, value: parsed.value }, messages: [] };
}

/** JSON when it looks like JSON (fast for tens of MB), YAML otherwise; errors positioned in `label`. */
export function parseContractText(text: string, label: string): { value: unknown } | { message: BuildMessage } {
  const at = (offset: number, reason: string): { message: BuildMessage } => ({
    message: { severity: "error", rule: "api-reference/syntax", file: label, ...lineColumn(text, offset), reason },
  });
  if (/^\s*[{[]/.test(text)) {
    try {
      return { value: JSON.parse(text) };
    } catch (error) {
      const message = (error as Error).message;
      const offset = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
      return at(offset, `the contract is not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, "")}`);
    }
  }
  const document = parseDocument(text, { uniqueKeys: true });
  const error = document.errors[0];
  if (error) return at(error.pos[0], `the contract is not valid YAML: ${error.message.split("\n")[0]}`);
  return { value: document.toJS({ maxAliasCount: 10_000 }) };
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) {
    line++;
    start = index + 1;
  }
  return { line, column: offset - start + 1 };
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_CONTRACT_BYTES) throw new Error(`${declared} bytes, over the ${MAX_CONTRACT_BYTES}-byte limit`);
  const text = await response.text();
  if (text.length > MAX_CONTRACT_BYTES) throw new Error(`over the ${MAX_CONTRACT_BYTES}-byte limit`);
  return text;
}

export function isInside(root: string, file: string): boolean {
  const relative = path.relative(path.resolve(root), file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function toPosix(file: string): string {
  return file.split(path.sep).join("/");
}
