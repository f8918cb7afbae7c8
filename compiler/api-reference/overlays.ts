/**
 * OpenAPI Overlay 1.0 and 1.1 (SPEC 2.15, issue 17): `apiReference.overlays` are applied in order to the contract
 * before its `$ref`s are bundled. Each entry is a project-relative JSON/YAML file, an https URL, or an overlay object
 * written in the config. Targets are RFC 9535 JSONPath (jsonpath-rfc9535). Per action: `remove` wins, else `update`,
 * else `copy` (1.1, one source node); objects merge recursively, arrays concatenate (or take one appended entry),
 * primitives replace. An action whose target selects nothing changes nothing and is reported as a warning, since it
 * usually means the contract moved on; malformed overlays and incompatible merges are errors at the action.
 */
import { exec, type JsonValue } from "jsonpath-rfc9535";
import { parseDocument } from "yaml";
import type { BuildMessage } from "../diagnostics.ts";
import { isObject, type Json } from "./operations.ts";
import { lineColumn, readContract } from "./read-contract.ts";

const SUPPORTED_VERSION = /^1\.[01]\.\d+$/;

interface OverlaySource {
  /** Where messages point: the overlay file, or the config file for an inline overlay. */
  file: string;
  /** The file's text, for positions; absent for an inline overlay. */
  text?: string;
  /** `apiReference.overlays[i]` for an inline overlay, so its messages can say which one. */
  prefix: string;
  value: unknown;
}

export interface OverlayContext {
  root: string;
  configFile: string;
}

/** Applies every overlay in order to a copy of `document`; stops at the first overlay with an error. */
export async function applyOverlays(
  document: Json,
  overlays: readonly unknown[],
  context: OverlayContext,
): Promise<{ document?: Json; messages: BuildMessage[] }> {
  let current = structuredClone(document);
  const messages: BuildMessage[] = [];
  for (const [index, entry] of overlays.entries()) {
    const source = await overlaySource(entry, index, context);
    if ("messages" in source) return { messages: [...messages, ...source.messages] };
    const applied = applyOverlay(current, source);
    messages.push(...applied.messages);
    if (applied.messages.some((message) => message.severity === "error")) return { messages };
    current = applied.document;
  }
  return { document: current, messages };
}

async function overlaySource(
  entry: unknown,
  index: number,
  context: OverlayContext,
): Promise<OverlaySource | { messages: BuildMessage[] }> {
  if (typeof entry === "string") {
    const read = await readContract(entry, context.root, context.configFile);
    if (!read.source)
      return {
        messages: read.messages.map((message) => ({
          ...message,
          rule: "api-reference/overlay",
          reason: message.reason.replace("apiReference.specUrl", `apiReference.overlays[${index}]`),
        })),
      };
    return { file: read.source.label, text: read.source.text, prefix: "", value: read.source.value };
  }
  if (isObject(entry)) return { file: context.configFile, prefix: `apiReference.overlays[${index}].`, value: entry };
  return {
    messages: [
      {
        severity: "error",
        rule: "api-reference/overlay",
        file: context.configFile,
        reason: `apiReference.overlays[${index}] is neither a file path, a URL nor an overlay object`,
        hint: 'give a project-relative path such as "openapi/public.overlay.yaml", or the overlay object itself',
      },
    ],
  };
}

function applyOverlay(document: Json, source: OverlaySource): { document: Json; messages: BuildMessage[] } {
  const messages: BuildMessage[] = [];
  const report = (severity: "error" | "warning", at: (string | number)[], reason: string, hint?: string) =>
    messages.push({
      severity,
      rule: "api-reference/overlay",
      file: source.file,
      ...positionOf(source.text, at),
      reason: `${source.prefix}${at.join(".")}${at.length > 0 ? ": " : ""}${reason}`,
      ...(hint ? { hint } : {}),
    });
  const overlay = source.value;
  if (!isObject(overlay) || typeof overlay.overlay !== "string") {
    report("error", [], "not an overlay document: it has no `overlay` version field", "start it with `overlay: 1.1.0`");
    return { document, messages };
  }
  if (!SUPPORTED_VERSION.test(overlay.overlay)) {
    report("error", ["overlay"], `Overlay ${overlay.overlay} is not supported`, "use Overlay 1.0.x or 1.1.x");
    return { document, messages };
  }
  const info = overlay.info;
  if (!isObject(info) || typeof info.title !== "string" || typeof info.version !== "string")
    report("error", ["info"], "`info` needs a `title` and a `version` string");
  if (!Array.isArray(overlay.actions) || overlay.actions.length === 0) {
    report("error", ["actions"], "`actions` must list at least one action");
    return { document, messages };
  }
  if (messages.length > 0) return { document, messages };

  let root: JsonValue = document as JsonValue;
  for (const [index, action] of overlay.actions.entries()) {
    const at = ["actions", index];
    const outcome = applyAction(root, action);
    if (outcome.error) {
      report("error", [...at, ...(outcome.field ? [outcome.field] : [])], outcome.error, outcome.hint);
      return { document, messages };
    }
    if (outcome.selectedNothing)
      report(
        "warning",
        [...at, "target"],
        `\`${(action as Json).target}\` selects nothing; the action changed nothing`,
      );
    root = outcome.root;
  }
  if (!isObject(root)) report("error", [], "the overlays left the contract without its root object");
  return { document: root as Json, messages };
}

interface ActionOutcome {
  root: JsonValue;
  selectedNothing?: boolean;
  error?: string;
  field?: string;
  hint?: string;
}

function applyAction(root: JsonValue, action: unknown): ActionOutcome {
  if (!isObject(action) || typeof action.target !== "string" || !action.target.startsWith("$"))
    return { root, error: "an action needs a `target` JSONPath starting with `$`", field: "target" };
  const targets = select(root, action.target);
  if ("error" in targets) return { root, error: targets.error, field: "target" };
  if (targets.length === 0) return { root, selectedNothing: true };

  if (action.remove === true) {
    if (targets.some((target) => target.length === 0)) return { root, error: "cannot remove the document's root" };
    // Deepest and last first, so removing one array entry does not move the next one's index.
    for (const target of [...targets].sort(comparePathsDescending)) removeAt(root, target);
    return { root };
  }

  let value: unknown;
  if (action.update !== undefined) value = action.update;
  else if (typeof action.copy === "string") {
    const sources = select(root, action.copy);
    if ("error" in sources) return { root, error: sources.error, field: "copy" };
    if (sources.length !== 1)
      return {
        root,
        error: `\`copy\` must select exactly one node; \`${action.copy}\` selects ${sources.length}`,
        field: "copy",
      };
    value = valueAt(root, sources[0]);
  } else return { root, error: "an action needs `update`, `copy` or `remove: true`" };

  const kinds = new Set(targets.map((target) => kindOf(valueAt(root, target))));
  if (kinds.size > 1) return { root, error: "the target selects a mix of objects, arrays and values", field: "target" };
  for (const target of targets) {
    const merged = mergeInto(valueAt(root, target), structuredClone(value));
    if ("error" in merged) return { root, error: merged.error, field: action.update !== undefined ? "update" : "copy" };
    root = replaceAt(root, target, merged.value);
  }
  return { root };
}

type NodePath = (string | number)[];

function select(root: JsonValue, expression: string): NodePath[] | { error: string } {
  const found: NodePath[] = [];
  try {
    exec(root, expression, (_value, path) => found.push([...path]));
  } catch (error) {
    return { error: `\`${expression}\` is not RFC 9535 JSONPath: ${(error as Error).message}` };
  }
  return found;
}

type Kind = "object" | "array" | "primitive";

function kindOf(value: unknown): Kind {
  return Array.isArray(value) ? "array" : isObject(value) ? "object" : "primitive";
}

/** Overlay 1.1's merge: objects recursively, arrays concatenated (or one entry appended), primitives replaced. */
function mergeInto(target: unknown, update: unknown): { value: unknown } | { error: string } {
  const targetKind = kindOf(target);
  if (targetKind === "array")
    return { value: [...(target as unknown[]), ...(Array.isArray(update) ? update : [update])] };
  if (targetKind === "primitive") {
    if (kindOf(update) !== "primitive") return { error: "a value can only be replaced by a value" };
    return { value: update };
  }
  if (!isObject(update)) return { error: "an object can only be merged with an object" };
  const result: Record<string, unknown> = { ...(target as Json) };
  for (const [key, next] of Object.entries(update)) {
    if (!(key in result)) {
      result[key] = next;
      continue;
    }
    const current = result[key];
    const [currentKind, nextKind] = [kindOf(current), kindOf(next)];
    if (currentKind !== nextKind && !(currentKind === "primitive" && nextKind === "primitive"))
      return { error: `\`${key}\` is ${article(currentKind)} in the contract and ${article(nextKind)} in the overlay` };
    const merged = mergeInto(current, next);
    if ("error" in merged) return { error: `${key}.${merged.error}` };
    result[key] = merged.value;
  }
  return { value: result };
}

const article = (kind: Kind) => (kind === "object" ? "an object" : kind === "array" ? "an array" : "a value");

function valueAt(root: JsonValue, path: NodePath): unknown {
  let node: unknown = root;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

function replaceAt(root: JsonValue, path: NodePath, value: unknown): JsonValue {
  if (path.length === 0) return value as JsonValue;
  const parent = valueAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]] = value;
  return root;
}

function removeAt(root: JsonValue, path: NodePath): void {
  const parent = valueAt(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else if (isObject(parent)) delete parent[key as string];
}

function comparePathsDescending(a: NodePath, b: NodePath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    return typeof a[i] === "number" && typeof b[i] === "number" ? (b[i] as number) - (a[i] as number) : 0;
  }
  return b.length - a.length;
}

/** Line and column of a field of the overlay file (YAML or JSON), for messages; nothing for inline overlays. */
function positionOf(text: string | undefined, path: (string | number)[]): { line?: number; column?: number } {
  if (!text) return {};
  try {
    const node = parseDocument(text).getIn(path, true) as { range?: [number, number, number] } | undefined;
    return node?.range ? lineColumn(text, node.range[0]) : {};
  } catch {
    return {};
  }
}
