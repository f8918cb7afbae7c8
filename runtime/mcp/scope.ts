/**
 * Page scoping for the MCP filters (SPEC 2.6, 9.5): `framework`, `version`, `package` and `locale`.
 *
 * A page's values for a dimension are its contract's `appliesTo` values together with its own frontmatter
 * `framework` / `version` / `locale`. A page that declares nothing for a dimension is general-purpose and matches
 * any filter on it; a page that declares values matches when one of them matches.
 */
import type { PageEntry } from "../contract/index.ts";

export interface ScopeFilter {
  framework?: string;
  version?: string;
  package?: string;
  locale?: string;
}

export function pageScope(page: PageEntry): {
  framework: string[];
  version: string[];
  package: string[];
  locale: string[];
} {
  const applies = page.contract?.appliesTo;
  const union = (values: string[] | undefined, own: string | null) => [
    ...new Set([...(values ?? []), ...(own ? [own] : [])]),
  ];
  return {
    framework: union(applies?.framework, page.framework),
    version: union(applies?.version, page.version),
    package: union(applies?.package, null),
    locale: page.locale ? [page.locale] : [],
  };
}

export function matchesScope(page: PageEntry, filter: ScopeFilter): boolean {
  const scope = pageScope(page);
  const check = (
    declared: string[],
    wanted: string | undefined,
    match: (declared: string, wanted: string) => boolean,
  ) => !wanted?.trim() || declared.length === 0 || declared.some((value) => match(value, wanted.trim()));
  return (
    check(scope.framework, filter.framework, sameName) &&
    check(scope.package, filter.package, sameName) &&
    check(scope.version, filter.version, versionMatches) &&
    check(scope.locale, filter.locale, localeMatches)
  );
}

function sameName(declared: string, wanted: string): boolean {
  return declared.trim().toLowerCase() === wanted.toLowerCase();
}

/** `en` matches `en-US` and the other way round: a language asks for all its regions. */
function localeMatches(declared: string, wanted: string): boolean {
  const a = declared.toLowerCase().replace(/_/g, "-");
  const b = wanted.toLowerCase().replace(/_/g, "-");
  return a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`);
}

/**
 * Whether a declared version (`2.0`, `2`, `1.x`, `>=20`, `^2.1`, `>=1 <3`) admits the wanted one (`2.0`, `v2`, `22`).
 * Plain versions match on whole segments in either direction, so `2` and `2.0.1` both match `2.0`.
 */
export function versionMatches(declared: string, wanted: string): boolean {
  const want = normalizeVersion(wanted);
  const parts = declared.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return false;
  return parts.every((part) => versionPartMatches(part, want));
}

function normalizeVersion(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^v(?=\d)/, "");
}

function versionPartMatches(part: string, want: string): boolean {
  const comparator = /^(>=|<=|>|<|=|\^|~)\s*(.+)$/.exec(part);
  if (!comparator) {
    const have = normalizeVersion(part);
    if (have === want) return true;
    if (/[x*]/.test(have)) return wildcardMatches(have, want);
    return have.startsWith(`${want}.`) || want.startsWith(`${have}.`);
  }
  const [, op, raw] = comparator;
  const base = normalizeVersion(raw);
  const order = compareVersions(want, base);
  if (order === undefined) return false;
  switch (op) {
    case ">=":
      return order >= 0;
    case ">":
      return order > 0;
    case "<=":
      return order <= 0;
    case "<":
      return order < 0;
    case "=":
      return order === 0;
    // ^2.1 admits 2.x from 2.1 up; ~2.1 admits 2.1.x.
    case "^":
      return order >= 0 && segments(want)?.[0] === segments(base)?.[0];
    default:
      return order >= 0 && segments(want)?.slice(0, 2).join(".") === segments(base)?.slice(0, 2).join(".");
  }
}

function wildcardMatches(pattern: string, want: string): boolean {
  const have = pattern.split(".");
  const got = want.split(".");
  return have.every((segment, i) => segment === "x" || segment === "*" || segment === got[i]);
}

function segments(version: string): number[] | undefined {
  const parts = version.split(".");
  return parts.every((p) => /^\d+$/.test(p)) ? parts.map(Number) : undefined;
}

/** Numeric comparison of dotted versions; missing segments count as 0. Undefined when either is not numeric. */
function compareVersions(a: string, b: string): number | undefined {
  const x = segments(a);
  const y = segments(b);
  if (!x || !y) return undefined;
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
