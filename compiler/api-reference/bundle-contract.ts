/**
 * Bundles a contract's `$ref`s into one document (SPEC 2.15) with @apidevtools/json-schema-ref-parser: external files
 * become internal references, internal ones (cycles included) stay references. Bounds: project files only (never
 * outside the project root), remote references only from the remote contract's own origin, at most
 * MAX_REFERENCED_FILES files and MAX_CONTRACT_BYTES bytes in all, and a time limit.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { $RefParser } from "@apidevtools/json-schema-ref-parser";
import type { BuildMessage } from "../diagnostics.ts";
import { FETCH_TIMEOUT_MS, isInside, lineColumn, MAX_CONTRACT_BYTES, type ContractSource } from "./read-contract.ts";

export const MAX_REFERENCED_FILES = 500;
const BUNDLE_TIMEOUT_MS = 120_000;

export async function bundleContract(
  source: ContractSource,
  root: string,
): Promise<{ document?: Record<string, unknown>; messages: BuildMessage[] }> {
  let files = 0;
  // The ref-parser wraps a resolver's error in its own words; the bound that stopped it is kept here.
  let refused: string | undefined;
  let bytes = Buffer.byteLength(source.text);
  const remoteOrigin = /^https?:/i.test(source.location) ? new URL(source.location).origin : undefined;
  const count = (size: number): void => {
    files++;
    bytes += size;
    if (files > MAX_REFERENCED_FILES) throw new Error(`more than ${MAX_REFERENCED_FILES} referenced files`);
    if (bytes > MAX_CONTRACT_BYTES)
      throw new Error(`the contract and its referenced files pass ${MAX_CONTRACT_BYTES} bytes`);
  };
  const bounded = {
    order: 1,
    canRead: true,
    async read(file: { url: string }): Promise<string> {
      try {
        return await readBounded(file);
      } catch (error) {
        refused ??= (error as Error).message;
        throw error;
      }
    },
  };
  async function readBounded(file: { url: string }): Promise<string> {
    if (/^https?:/i.test(file.url)) {
      if (!remoteOrigin || new URL(file.url).origin !== remoteOrigin) {
        throw new Error(`${file.url}: a remote $ref is only followed from a remote contract on the same origin`);
      }
      const response = await fetch(file.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${file.url}: HTTP ${response.status}`);
      const text = await response.text();
      count(text.length);
      return text;
    }
    if (remoteOrigin) throw new Error(`${file.url}: a remote contract cannot reference local files`);
    const local = file.url.startsWith("file:") ? fileURLToPath(file.url) : path.resolve(decodeURIComponent(file.url));
    if (!isInside(root, local)) throw new Error(`${path.relative(root, local)} is outside the project root`);
    const contents = await readFile(local).catch(() => {
      throw new Error(`${path.relative(root, local).split(path.sep).join("/")} does not exist`);
    });
    count(contents.byteLength);
    return contents.toString("utf8");
  }
  try {
    const document = await new $RefParser().bundle(
      source.location,
      source.value as object,
      {
        resolve: { file: false, http: false, bounded },
        timeoutMs: BUNDLE_TIMEOUT_MS,
      } as never,
    );
    return { document: document as Record<string, unknown>, messages: [] };
  } catch (error) {
    const reason =
      refused ??
      cleanReason((error as Error).message ?? String(error)).replaceAll(`${path.resolve(root)}${path.sep}`, "");
    return {
      messages: [
        {
          severity: "error",
          rule: "api-reference/ref",
          file: source.label,
          ...refPosition(source.text, reason),
          reason: `a $ref cannot be bundled: ${reason}`,
          hint: "fix the $ref target; external files must sit inside the project root",
        },
      ],
    };
  }
}

/** The ref-parser's messages name absolute paths; the report names project paths. */
function cleanReason(message: string): string {
  return message
    .split("\n")[0]
    .replace(/Error (resolving|reading) \$ref pointer "?/, "")
    .slice(0, 400);
}

/** The first `$ref` in the source whose target names the file or pointer the error is about. */
function refPosition(text: string, reason: string): { line?: number; column?: number } {
  const refs = /["']?\$ref["']?\s*:\s*["']?([^"'\s,}]+)/g;
  const candidates: { index: number; target: string }[] = [];
  for (let match = refs.exec(text); match; match = refs.exec(text))
    candidates.push({ index: match.index, target: match[1] });
  const hit = candidates.find(({ target }) => {
    const [file, pointer] = target.split("#");
    return (file && reason.includes(path.posix.basename(file))) || (pointer && reason.includes(pointer));
  });
  return hit ? lineColumn(text, hit.index) : {};
}
