/**
 * Config keys the schema accepts (so a config written for the whole spec still builds) but that no code in the
 * compiler or runtime implements yet. Writing one gives a `config/not-implemented` warning at the key, never silence.
 * This list is the one place that knows: a feature that lands deletes its entry here.
 */
import type { BuildMessage } from "../diagnostics.ts";
import type { LoadedConfig } from "./load.ts";
import { locateConfigKey } from "./locate.ts";

export interface NotImplementedKey {
  /** Key path in the config object. */
  path: string[];
  /** What the build and runtime do instead, in one line. */
  instead: string;
  /** Whether the written value asks for the feature; by default any value but `false` or `{ enabled: false }`. */
  asks?: (value: unknown, parent: Record<string, unknown>) => boolean;
}

export const NOT_IMPLEMENTED: readonly NotImplementedKey[] = [
  {
    path: ["ai", "triggerComponent"],
    instead: "the built-in Ask AI button opens the chat; the component is never rendered",
  },
  {
    path: ["ai", "loadingComponent"],
    instead: "the built-in `loader` style shows while an answer loads (the component is for the Next.js adapter)",
  },
  {
    path: ["apiReference", "renderer"],
    instead: "the reference is rendered by Quire's own page layout whatever renderer is named",
  },
  {
    path: ["changelog", "actionsComponent"],
    instead: "entries show no actions component (it is for the Next.js adapter)",
  },
  { path: ["sidebar", "component"], instead: "the built-in sidebar is rendered; the render function is never called" },
  { path: ["breadcrumb", "component"], instead: "the built-in breadcrumbs are rendered; the component is never used" },
  {
    path: ["nav", "title"],
    instead: 'only a string title is shown; any other value shows "Docs"',
    asks: (value) => value !== undefined && typeof value !== "string",
  },
  { path: ["theme", "ui", "card"], instead: "cards keep the built-in style" },
];

const asksByDefault = (value: unknown): boolean =>
  value !== undefined && value !== false && !(isPlainObject(value) && value.enabled === false);

/** One warning per written key of the list, positioned at the key; expects a config that passed `checkConfig`. */
export function notImplementedWarnings(loaded: LoadedConfig): BuildMessage[] {
  const messages: BuildMessage[] = [];
  for (const entry of NOT_IMPLEMENTED) {
    const parent = valueAt(loaded.value, entry.path.slice(0, -1));
    if (!isPlainObject(parent)) continue;
    const value = parent[entry.path[entry.path.length - 1]];
    if (!(entry.asks ?? asksByDefault)(value, parent)) continue;
    const at = locateConfigKey(loaded.source, entry.path);
    messages.push({
      severity: "warning",
      rule: "config/not-implemented",
      file: loaded.file,
      line: at?.line,
      column: at?.column,
      reason: `"${entry.path.join(".")}" is not implemented yet: ${entry.instead}`,
      hint: "the key is accepted so that configs written for the full spec build; remove it to silence this warning",
    });
  }
  return messages;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function valueAt(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
}
