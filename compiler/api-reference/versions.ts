/**
 * `apiReference.versions` (SPEC 2.15, issue 17): each entry `{ id, specUrl?, overlays?, title? }` is one version of
 * the reference. The default version (`defaultVersion`, else the first) keeps the reference's own route
 * (`<docs>/<path>`); every other version lives under `<docs>/<path>/<id>`. A version without `specUrl` builds the
 * top-level `specUrl` (so one contract can give several editions through overlays). Top-level `overlays` apply to
 * every version, before the version's own. Without `versions` there is one unnamed version.
 */
import type { ResolvedConfig } from "../config/types.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { isObject } from "./operations.ts";

/** URL-safe: a path segment that needs no escaping and cannot be `.` or `..`. */
const VERSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface ApiVersion {
  /** Undefined for a reference without `versions`. */
  id?: string;
  /** What readers see: `title`, else the id. */
  label?: string;
  specUrl: string;
  overlays: unknown[];
  isDefault: boolean;
  /** Slug of the version's index page, relative to the docs route: `api-reference` or `api-reference/v1`. */
  base: string;
}

type Surface = ResolvedConfig["surfaces"]["apiReference"];

export function apiVersionsOf(
  surface: Surface,
  configFile: string,
): { versions: ApiVersion[]; messages: BuildMessage[] } {
  const { path: base, specUrl, overlays, versions: entries = [], defaultVersion } = surface;
  const error = (reason: string, hint?: string): { versions: ApiVersion[]; messages: BuildMessage[] } => ({
    versions: [],
    messages: [
      { severity: "error", rule: "api-reference/versions", file: configFile, reason, ...(hint ? { hint } : {}) },
    ],
  });
  if (entries.length === 0)
    return specUrl
      ? { versions: [{ specUrl, overlays, isDefault: true, base }], messages: [] }
      : { versions: [], messages: [] };

  const seen = new Set<string>();
  const parsed: Omit<ApiVersion, "isDefault" | "base">[] = [];
  for (const [index, entry] of entries.entries()) {
    const where = `apiReference.versions[${index}]`;
    if (!isObject(entry) || typeof entry.id !== "string")
      return error(`${where} needs an \`id\``, 'write each version as { id: "v2", specUrl: "openapi/v2.yaml" }');
    const { id } = entry;
    if (!VERSION_ID.test(id))
      return error(
        `${where}.id "${id}" is not URL-safe`,
        "use letters, digits, `.`, `_` and `-`, starting with a letter or digit",
      );
    if (seen.has(id.toLowerCase())) return error(`${where}.id "${id}" is used by an earlier version`);
    seen.add(id.toLowerCase());
    const own = entry.specUrl ?? specUrl;
    if (typeof own !== "string" || own.trim() === "")
      return error(`${where} (${id}) has no specUrl, and apiReference.specUrl is not set either`);
    if (entry.overlays !== undefined && !Array.isArray(entry.overlays))
      return error(`${where}.overlays must be a list of overlay files or objects`);
    if (entry.title !== undefined && typeof entry.title !== "string") return error(`${where}.title must be a string`);
    parsed.push({
      id,
      label: (entry.title as string | undefined)?.trim() || id,
      specUrl: own,
      overlays: [...overlays, ...((entry.overlays as unknown[] | undefined) ?? [])],
    });
  }
  const chosen = defaultVersion ?? parsed[0].id;
  if (!parsed.some((version) => version.id === chosen))
    return error(
      `apiReference.defaultVersion "${chosen}" is none of the versions (${parsed.map((v) => v.id).join(", ")})`,
    );
  return {
    versions: parsed.map((version) => ({
      ...version,
      isDefault: version.id === chosen,
      base: version.id === chosen ? base : `${base}/${version.id}`,
    })),
    messages: [],
  };
}
