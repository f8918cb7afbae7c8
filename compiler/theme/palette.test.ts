import { describe, expect, it } from "vitest";
import { composite, contrastRatio, parseColor, type Rgba } from "./color.ts";
import { accessiblePalette, type Palette } from "./palette.ts";
import { themeCss } from "../render/html/theme-css.ts";
import { resolveConfig } from "../config/resolve.ts";
import type { DocsConfig } from "../config/types.ts";

const rgb = (css: string): Rgba => {
  const color = parseColor(css);
  if (!color) throw new Error(`unparsed ${css}`);
  return color;
};
const ratio = (text: string, background: string) => contrastRatio(rgb(text), rgb(background));

/** The light and dark palettes themeCss writes, read back from the CSS (what the browser gets). */
function emittedPalettes(colors: Record<string, string>): { light: Palette; dark: Palette } {
  const config = resolveConfig({ entry: "docs", theme: { ui: { colors } } } as DocsConfig, "/site", "docs.config.ts");
  const css = themeCss(config.theme);
  const block = (selector: string) => {
    const start = css.indexOf(`${selector}{`);
    const body = css.slice(start + selector.length + 1, css.indexOf("}", start));
    return Object.fromEntries(
      body
        .split(";")
        .filter((d) => d.startsWith("--q-"))
        .map((d) => [d.slice(4, d.indexOf(":")), d.slice(d.indexOf(":") + 1)]),
    );
  };
  return { light: block(":root"), dark: block(":root[data-theme=dark]") };
}

/** Every text-on-surface pair the stylesheet draws, with the ratio WCAG AA asks of it. */
function failures(palette: Palette): string[] {
  const tint = (alpha: number) => composite({ ...rgb(palette.primary), a: alpha }, rgb(palette.background));
  const pairs: [string, string, number][] = [
    ["primary", "background", 4.5],
    ["primary", "card", 4.5],
    ["primary", "muted", 4.5],
    ["primary-hover", "background", 4.5],
    ["primary-foreground", "primary", 4.5],
    ["foreground", "background", 4.5],
    ["foreground", "muted", 4.5],
    ["muted-foreground", "background", 4.5],
    ["muted-foreground", "muted", 4.5],
    ["card-foreground", "card", 4.5],
    ["accent-foreground", "accent", 4.5],
    ["secondary-foreground", "secondary", 4.5],
    ["popover-foreground", "popover", 4.5],
    ["ring", "background", 3],
  ];
  const found = pairs
    .filter(([text, background, min]) => ratio(palette[text], palette[background]) < min)
    .map(([text, background]) => `${text} on ${background}: ${ratio(palette[text], palette[background]).toFixed(2)}`);
  // The active sidebar item: brand text on a 10–12% brand tint.
  if (contrastRatio(rgb(palette.primary), tint(0.12)) < 4.5) found.push("primary on its 12% tint");
  return found;
}

describe("accessible palette", () => {
  it("derives readable brand shades from #e4572e: zero AA failures in light and dark", () => {
    expect(ratio("#e4572e", "#ffffff")).toBeLessThan(4.5);
    const { light, dark } = emittedPalettes({ primary: "#e4572e" });
    expect(failures(light)).toEqual([]);
    expect(failures(dark)).toEqual([]);
    // Same hue, darker in light mode; the ring and hover come from the brand, not the built-in indigo.
    expect(light.primary).not.toBe("#e4572e");
    expect(light.ring).toBe("#e4572e");
    expect(light.accent).not.toBe("#eef0fe");
  });

  it("keeps a colour that already passes exactly as written", () => {
    const { light } = emittedPalettes({ primary: "#1d4ed8", mutedForeground: "#4b5563" });
    expect(light.primary).toBe("#1d4ed8");
    expect(light["muted-foreground"]).toBe("#4b5563");
  });

  it.each([
    ["a pale brand", { primary: "#ffd166" }],
    ["a dark brand", { primary: "#1b1b3a" }],
    ["grey text tokens", { mutedForeground: "#aaaaaa", foreground: "#999999", accentForeground: "#ccccff" }],
    ["a dark custom surface", { background: "#1e1e2e", card: "#1e1e2e", muted: "#2a2a3c", foreground: "#555566" }],
    ["a foreground that fails on the brand", { primary: "#0ea5e9", primaryForeground: "#0ea5e9" }],
  ])("moves %s to AA shades", (_, colors) => {
    const { light, dark } = emittedPalettes(colors);
    expect(failures(light)).toEqual([]);
    expect(failures(dark)).toEqual([]);
  });

  it("uses colours it cannot parse as written", () => {
    const palette = accessiblePalette({ primary: "#4f46e5", background: "#fff" }, { primary: "var(--brand)" });
    expect(palette.primary).toBe("var(--brand)");
  });
});

describe("parseColor", () => {
  it.each([
    ["#e4572e", { r: 228, g: 87, b: 46, a: 1 }],
    ["#fff", { r: 255, g: 255, b: 255, a: 1 }],
    ["#00000080", { r: 0, g: 0, b: 0, a: 128 / 255 }],
    ["rgb(10, 20, 30)", { r: 10, g: 20, b: 30, a: 1 }],
    ["rgb(10 20 30 / 50%)", { r: 10, g: 20, b: 30, a: 0.5 }],
    ["hsl(0 100% 50%)", { r: 255, g: 0, b: 0, a: 1 }],
    ["White", { r: 255, g: 255, b: 255, a: 1 }],
  ])("reads %s", (css, expected) => {
    const color = rgb(css);
    for (const key of ["r", "g", "b", "a"] as const) expect(color[key]).toBeCloseTo(expected[key], 5);
  });

  it.each(["oklch(70% 0.1 200)", "rebeccapurple", "#12", "rgb(1, 2)", "var(--x)"])("returns null for %s", (css) => {
    expect(parseColor(css)).toBeNull();
  });

  it("computes WCAG ratios", () => {
    expect(ratio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(ratio("#777", "#fff")).toBeCloseTo(4.48, 2);
  });
});
