/**
 * The config map (`docs-config-map.v1`, SPEC 2.2): one pointer per config field, as dot paths with coarse kinds.
 * It never carries values, and it does not descend into credential-bearing fields.
 */
import { CONFIG_MAP_FORMAT, type RuntimeJsonFiles } from "../../runtime/contract/index.ts";
import { isSecretKey } from "../config/redact.ts";
import type { ResolvedConfig } from "../config/types.ts";

type ConfigMap = RuntimeJsonFiles["config-map.json"];

export function buildConfigMap(config: ResolvedConfig): ConfigMap {
  const pointers: ConfigMap["pointers"] = [];
  const walk = (value: unknown, path: string[]) => {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined) continue;
      const here = [...path, key];
      const kind = kindOf(item);
      pointers.push({ path: here.join("."), kind: isSecretKey(key) ? "secret" : kind });
      if (kind === "object" && !isSecretKey(key) && !isElement(item)) walk(item, here);
    }
  };
  walk(config.raw, []);
  return { format: CONFIG_MAP_FORMAT, pointers };
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (isElement(value)) return "element";
  return typeof value;
}

function isElement(value: unknown): boolean {
  return typeof value === "object" && value !== null && "type" in value && "props" in value;
}
