/**
 * SPEC 2.17 theme factories: `createTheme(options)` builds a `DocsTheme` for `defineDocs({ theme })`, and
 * `extendTheme(base, overrides)` derives one from another (a preset, usually). Both are plain data functions: the
 * build validates the result like any written config, with positions, and fills the defaults once.
 */
import type { DocsConfig } from "../config/types.ts";

/** SPEC 2.17 DocsTheme: `name` and `ui` (colours, typography, radius, layout, code blocks, sidebar, cards). */
export type DocsTheme = NonNullable<DocsConfig["theme"]>;
/** Every part of a theme is optional in the options and in overrides; nested objects merge key by key. */
export type ThemeOptions = DocsTheme;

/** A theme from options; `name` defaults to `"custom"`. The options object is copied, never kept. */
export function createTheme(options: ThemeOptions = {}): DocsTheme {
  return { ...(mergeInto({}, options) as DocsTheme), name: options.name ?? "custom" };
}

/**
 * `base` with `overrides` merged in: nested objects (`ui.colors`, `ui.layout.header`, …) merge key by key, any other
 * value replaces the base's, and a key set to `undefined` keeps the base's value. The name is the override's, else
 * the base's. Neither argument is changed.
 */
export function extendTheme(base: DocsTheme, overrides: ThemeOptions = {}): DocsTheme {
  return mergeInto(mergeInto({}, base), overrides) as DocsTheme;
}

function mergeInto(target: Record<string, unknown>, source: object): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const current = target[key];
    if (isPlainObject(value)) target[key] = mergeInto(isPlainObject(current) ? { ...current } : {}, value);
    else target[key] = value;
  }
  return target;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
