import { describe, expect, it } from "vitest";
import { BuildFailure, formatMessage } from "../diagnostics.ts";
import { checkConfig } from "../config/resolve.ts";
import { pageRoutes } from "../model/routes.ts";
import { resolveLocales } from "./resolve-locales.ts";

const failure = (value: Record<string, unknown>, source: string): string[] => {
  try {
    checkConfig({ file: "docs.config.ts", source, value });
  } catch (error) {
    if (error instanceof BuildFailure) return error.messages.map(formatMessage);
    throw error;
  }
  throw new Error("config passed");
};

describe("i18n config", () => {
  it("is null without i18n, so a one-language site resolves as before", () => {
    expect(resolveLocales(undefined)).toBeNull();
  });

  it("takes a list of codes: the first is the default, labels are the codes, Arabic is right to left", () => {
    const locales = resolveLocales({ locales: ["en", "fr", "ar"] });
    expect(locales?.defaultLocale).toBe("en");
    expect(locales?.fallback).toBe(true);
    expect(locales?.locales.map((l) => [l.code, l.label, l.lang, l.dir])).toEqual([
      ["en", "en", "en", "ltr"],
      ["fr", "fr", "fr", "ltr"],
      ["ar", "ar", "ar", "rtl"],
    ]);
  });

  it("takes settings per code: label, lang, dir and the fallback notice", () => {
    const locales = resolveLocales({
      defaultLocale: "pt-br",
      locales: { "pt-br": { label: "Português", lang: "pt-BR" }, he: { label: "עברית" }, fa: { dir: "ltr" } },
      fallback: false,
    });
    expect(locales?.defaultLocale).toBe("pt-br");
    expect(locales?.fallback).toBe(false);
    expect(locales?.locales.map((l) => [l.code, l.lang, l.dir])).toEqual([
      ["pt-br", "pt-BR", "ltr"],
      ["he", "he", "rtl"],
      ["fa", "fa", "ltr"],
    ]);
  });

  it("reports an unknown defaultLocale at its key, with the locales it could name", () => {
    const source = `export default {\n  entry: "docs",\n  i18n: {\n    defaultLocale: "de",\n    locales: ["en", "fr"],\n  },\n};\n`;
    expect(failure({ entry: "docs", i18n: { defaultLocale: "de", locales: ["en", "fr"] } }, source)).toEqual([
      `docs.config.ts:4:5 defaultLocale "de" is not one of the locales (en, fr) [config/locales]\n  name one of i18n.locales, or leave defaultLocale out to use the first`,
    ]);
  });

  it("reports a code that is no language tag, a code listed twice, and no locales at all", () => {
    const source = `export default {\n  entry: "docs",\n  i18n: { locales: ["en", "en", "../fr"] },\n};\n`;
    const messages = failure({ entry: "docs", i18n: { locales: ["en", "en", "../fr"] } }, source);
    expect(messages.map((m) => m.split("\n")[0])).toEqual([
      `docs.config.ts:3:11 "../fr" is not a locale code [config/locales]`,
      `docs.config.ts:3:11 locale "en" is listed twice [config/locales]`,
    ]);
    const empty = failure(
      { entry: "docs", i18n: { locales: [] } },
      `export default { entry: "docs", i18n: { locales: [] } };\n`,
    );
    expect(empty[0]).toMatch(/^docs\.config\.ts:1:\d+ i18n\.locales names no locale \[config\/locales\]/);
  });
});

describe("locale routes", () => {
  const i18n = resolveLocales({ locales: ["en", "fr"] });
  it("serves a locale folder under its prefix and leaves the default locale's routes alone", () => {
    expect(pageRoutes({ docsPath: "docs", i18n }, "guides/install")).toEqual({
      route: "/docs/guides/install",
      markdownRoute: "/docs/guides/install.md",
    });
    expect(pageRoutes({ docsPath: "docs", i18n }, "fr/guides/install")).toEqual({
      route: "/fr/docs/guides/install",
      markdownRoute: "/fr/docs/guides/install.md",
    });
    expect(pageRoutes({ docsPath: "docs", i18n }, "fr")).toEqual({ route: "/fr/docs", markdownRoute: "/fr/docs.md" });
    expect(pageRoutes({ docsPath: "", i18n }, "fr")).toEqual({ route: "/fr", markdownRoute: "/fr.md" });
    expect(pageRoutes({ docsPath: "", i18n }, "fr/a")).toEqual({ route: "/fr/a", markdownRoute: "/fr/a.md" });
  });

  it("keeps a folder named like a locale an ordinary folder on a site without i18n", () => {
    expect(pageRoutes({ docsPath: "docs" }, "fr/guides")).toEqual({
      route: "/docs/fr/guides",
      markdownRoute: "/docs/fr/guides.md",
    });
  });
});
