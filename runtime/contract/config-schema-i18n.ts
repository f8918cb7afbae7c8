/**
 * Issue 14, SPEC 2.1 `i18n` (fields "not shown"): locales the way Starlight and VitePress users write them. The
 * default locale's pages sit at the content folder's root and keep their routes; every other locale's pages sit in
 * a folder named by its code (`<contentDir>/fr/…`) and are served under `/<code>` (`/fr/docs/…`).
 */
import { s } from "./config-shape.ts";

const localeSettings = s.object({
  /** Name in the language switcher, in the locale's own language (`Français`); defaults to the code. */
  label: s.string(),
  /** BCP 47 tag of `<html lang>`, `hreflang` and the agent surfaces (`pt-BR`); defaults to the code. */
  lang: s.string(),
  /** Writing direction; defaults to `rtl` for Arabic, Hebrew, Persian, Urdu and the other right-to-left scripts. */
  dir: s.oneOf(["ltr", "rtl"]),
  /** Notice over a page shown in the default locale because it has no translation yet; `{locale}` is the label. */
  fallbackNotice: s.string(),
});

export const i18nFields = {
  /** Locale of the pages at the content folder's root, served without a prefix; defaults to the first locale. */
  defaultLocale: s.string(),
  /** Locale codes (`["en", "fr", "ar"]`), or settings per code (`{ fr: { label: "Français" } }`). */
  locales: s.or(s.array(s.string()), s.record(localeSettings)),
  /** Serve a default-locale page, with a notice, where a locale has no translation of it. @default true */
  fallback: s.boolean(true),
};
