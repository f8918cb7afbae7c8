import { describe, expect, it } from "vitest";
import { docsConfigShape } from "../../runtime/contract/config-schema.ts";
import { validateShape } from "../config/validate.ts";
import { createTheme, extendTheme } from "./create-theme.ts";
import { presets } from "./presets.ts";

describe("createTheme / extendTheme (SPEC 2.17)", () => {
  it("builds a theme from options, named custom by default, without keeping the options object", () => {
    const options = { ui: { colors: { primary: "#e4572e" } } };
    const theme = createTheme(options);
    expect(theme).toEqual({ name: "custom", ui: { colors: { primary: "#e4572e" } } });
    options.ui.colors.primary = "#000";
    expect(theme.ui?.colors?.primary).toBe("#e4572e");
  });

  it("merges overrides key by key into nested objects and leaves the base unchanged", () => {
    const base = createTheme({
      name: "base",
      ui: { colors: { primary: "#111", background: "#fff" }, layout: { header: { height: 60, sticky: true } } },
    });
    const extended = extendTheme(base, {
      ui: { colors: { primary: "#e4572e", ring: undefined }, layout: { header: { sticky: false } } },
    });
    expect(extended).toEqual({
      name: "base",
      ui: { colors: { primary: "#e4572e", background: "#fff" }, layout: { header: { height: 60, sticky: false } } },
    });
    expect(base.ui?.colors?.primary).toBe("#111");
    expect(extendTheme(base, { name: "brand" }).name).toBe("brand");
  });

  it("replaces arrays and functions instead of merging them", () => {
    const base = { name: "a", ui: { card: { tags: ["x", "y"] } } };
    expect(extendTheme(base, { ui: { card: { tags: ["z"] } } }).ui?.card).toEqual({ tags: ["z"] });
  });

  it.each(Object.entries(presets))("preset %s is a valid theme config", (name, theme) => {
    expect(theme.name).toBe(name);
    expect(validateShape({ entry: "docs", theme }, docsConfigShape)).toEqual([]);
  });

  it("keeps presets intact when a site extends one", () => {
    const before = JSON.stringify(presets.ember);
    extendTheme(presets.ember, { ui: { colors: { primary: "#000" }, layout: { contentWidth: 900 } } });
    expect(JSON.stringify(presets.ember)).toBe(before);
  });
});
