/**
 * Issue 14, SPEC 2.5: what the discovery manifest's `locales` says on a multilingual site besides `available` and
 * the query parameters: the default locale and, per locale, its tag, label, direction, docs root and llms.txt.
 * Nothing is added on a site without `i18n`, so its manifest stays as it was.
 */
import {
  DOCS_API_ROUTE,
  LLMS_ROUTES,
  localeDocsApiRoute,
  localeLlmsRoutes,
  localePrefix,
} from "../../runtime/contract/index.ts";
import type { ResolvedConfig } from "../config/types.ts";
import { absoluteUrl } from "../model/routes.ts";

export interface ManifestLocales {
  default?: string;
  entries?: {
    code: string;
    lang: string;
    label: string;
    dir: "ltr" | "rtl";
    docsRoute: string;
    llmsTxt: string;
    /** The docs API scoped to the locale (`/fr/api/docs`); null under staticExport, which serves no API. */
    docsApi: string | null;
  }[];
}

export function manifestLocales(config: ResolvedConfig): ManifestLocales {
  const locales = config.i18n;
  if (!locales) return {};
  const defaultLocale = locales.locales.find((locale) => locale.code === locales.defaultLocale);
  return {
    default: defaultLocale?.lang ?? locales.defaultLocale,
    entries: locales.locales.map((locale) => {
      const prefix = localePrefix(locales, locale.code);
      const docsRoute = prefix ? `${prefix}${config.docsRoute === "/" ? "" : config.docsRoute}` : config.docsRoute;
      const llms = prefix ? localeLlmsRoutes(locale.code).index : LLMS_ROUTES.index;
      return {
        code: locale.code,
        lang: locale.lang,
        label: locale.label,
        dir: locale.dir,
        docsRoute: absoluteUrl(config.baseUrl, docsRoute),
        llmsTxt: absoluteUrl(config.baseUrl, llms),
        docsApi: config.staticExport
          ? null
          : absoluteUrl(config.baseUrl, prefix ? localeDocsApiRoute(locale.code, DOCS_API_ROUTE) : DOCS_API_ROUTE),
      };
    }),
  };
}
