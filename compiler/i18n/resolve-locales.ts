/**
 * Issue 14: `i18n` as written → `SiteLocales` (every default filled once), and the positioned problems of a written
 * `i18n` (an unknown default locale, a code that is no language tag, a code twice).
 */
import {
  DEFAULT_FALLBACK_NOTICE,
  directionOf,
  type SiteLocale,
  type SiteLocales,
} from "../../runtime/contract/locales.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { locateConfigKey } from "../config/locate.ts";

interface WrittenLocale {
  label?: string;
  lang?: string;
  dir?: "ltr" | "rtl";
  fallbackNotice?: string;
}

interface WrittenI18n {
  defaultLocale?: string;
  locales?: string[] | Record<string, WrittenLocale>;
  fallback?: boolean;
}

/** A language tag, as folder names and `hreflang` need it: `en`, `fr`, `pt-BR`, `zh-Hant`. */
const LOCALE_CODE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

function entriesOf(written: WrittenI18n): [string, WrittenLocale][] {
  const { locales } = written;
  if (Array.isArray(locales)) return locales.map((code) => [code, {}]);
  return Object.entries(locales ?? {});
}

/** Null when the config has no `i18n` or it names no locale. Expects a config that passed `checkLocales`. */
export function resolveLocales(written: WrittenI18n | undefined): SiteLocales | null {
  if (!written) return null;
  const entries = entriesOf(written);
  if (entries.length === 0) return null;
  const locales: SiteLocale[] = entries.map(([code, settings]) => {
    const lang = settings.lang ?? code;
    return {
      code,
      label: settings.label ?? code,
      lang,
      dir: settings.dir ?? directionOf(lang),
      fallbackNotice: settings.fallbackNotice ?? DEFAULT_FALLBACK_NOTICE,
    };
  });
  return { defaultLocale: written.defaultLocale ?? locales[0].code, locales, fallback: written.fallback ?? true };
}

/** Problems of a written `i18n` that its shape cannot express; positioned at the key in the config source. */
export function checkLocales(written: unknown, file: string, source: string): BuildMessage[] {
  if (typeof written !== "object" || written === null) return [];
  const i18n = written as WrittenI18n;
  const messages: BuildMessage[] = [];
  const problem = (path: string[], reason: string, hint: string) => {
    const at = locateConfigKey(source, ["i18n", ...path]) ?? locateConfigKey(source, ["i18n"]);
    messages.push({
      severity: "error",
      rule: "config/locales",
      file,
      line: at?.line,
      column: at?.column,
      reason,
      hint,
    });
  };
  const entries = entriesOf(i18n);
  const codes = entries.map(([code]) => code);
  if (entries.length === 0)
    problem(["locales"], "i18n.locales names no locale", 'list the site\'s locales, e.g. locales: ["en", "fr"]');
  for (const code of codes) {
    if (!LOCALE_CODE.test(code))
      problem(
        ["locales"],
        `"${code}" is not a locale code`,
        "use a BCP 47 language tag such as en, fr or pt-BR; it names the locale's content folder",
      );
  }
  const twice = codes.filter((code, i) => codes.findIndex((c) => c.toLowerCase() === code.toLowerCase()) !== i);
  for (const code of new Set(twice)) problem(["locales"], `locale "${code}" is listed twice`, "list each locale once");
  if (i18n.defaultLocale !== undefined && entries.length > 0 && !codes.includes(i18n.defaultLocale))
    problem(
      ["defaultLocale"],
      `defaultLocale "${i18n.defaultLocale}" is not one of the locales (${codes.join(", ")})`,
      "name one of i18n.locales, or leave defaultLocale out to use the first",
    );
  return messages;
}
