/** Issue 13: every ColorsConfig token (SPEC 2.17) changes the page: the stylesheets use it and the theme CSS sets it. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { uiConfig } from "../../runtime/contract/config-schema-theme.ts";
import { resolveConfig } from "../config/resolve.ts";
import type { DocsConfig } from "../config/types.ts";
import { themeCss } from "../render/html/theme-css.ts";

const templates = path.resolve(import.meta.dirname, "../../templates");
const stylesheets = readdirSync(templates)
  .filter((name) => name.endsWith(".css"))
  .map((name) => readFileSync(path.join(templates, name), "utf8"))
  .join("\n");
const tokens = Object.keys(uiConfig.fields.colors.fields);
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const cssOf = (colors: Record<string, string>) =>
  themeCss(resolveConfig({ entry: "docs", theme: { ui: { colors } } } as DocsConfig, "/site", "docs.config.ts").theme);
/** The light scheme's value of a custom property. */
const lightValue = (css: string, name: string) => new RegExp(`:root\\{[^}]*--q-${name}:([^;}]+)`).exec(css)?.[1];

describe("ColorsConfig tokens", () => {
  it("names all sixteen tokens of SPEC 2.17", () => {
    expect(tokens).toHaveLength(16);
  });

  it.each(tokens)("%s is used by the stylesheets and set by the theme", (token) => {
    const name = kebab(token);
    expect(stylesheets).toContain(`var(--q-${name})`);
    // A dark enough colour passes on the default light surfaces, a light one as a surface: kept exactly as written.
    const value = /foreground$|^(primary|ring)$/i.test(token) && token !== "primaryForeground" ? "#102a43" : "#fdfaf0";
    const css = cssOf({ [token]: value });
    expect(lightValue(css, name)).toBe(value);
    expect(lightValue(cssOf({}), name)).not.toBe(value);
  });
});
