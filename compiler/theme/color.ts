/**
 * The little colour arithmetic the theme needs (SPEC 2.17 ColorsConfig: "any CSS color"): parse the sRGB forms a
 * config writes (hex, rgb(), hsl(), a few keywords), composite over a background, and WCAG 2 contrast ratios.
 * Forms it does not parse (named colours beyond the keywords below, lab(), oklch(), var()) return null: the theme then
 * uses them as written and cannot check or adjust their contrast (docs/theming.md says so).
 */

/** An sRGB colour with channels 0–255 and alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const KEYWORDS: Record<string, Rgba> = {
  black: { r: 0, g: 0, b: 0, a: 1 },
  white: { r: 255, g: 255, b: 255, a: 1 },
  transparent: { r: 0, g: 0, b: 0, a: 0 },
};

export function parseColor(text: string): Rgba | null {
  const value = text.trim().toLowerCase();
  if (value in KEYWORDS) return KEYWORDS[value];
  if (value.startsWith("#")) return parseHex(value.slice(1));
  const call = /^(rgba?|hsla?)\(\s*([^)]*)\)$/.exec(value);
  if (!call) return null;
  // Both `rgb(1, 2, 3, .5)` and `rgb(1 2 3 / 50%)`.
  const parts = call[2].split(/\s*[,/]\s*|\s+/).filter(Boolean);
  if (parts.length !== 3 && parts.length !== 4) return null;
  const alpha = parts.length === 4 ? parseUnit(parts[3], 1) : 1;
  if (alpha === null) return null;
  if (call[1].startsWith("rgb")) {
    const [r, g, b] = parts.slice(0, 3).map((part) => parseUnit(part, 255));
    if (r === null || g === null || b === null) return null;
    return { r: clamp(r, 255), g: clamp(g, 255), b: clamp(b, 255), a: clamp(alpha, 1) };
  }
  const hue = Number.parseFloat(parts[0].replace(/deg$/, ""));
  const saturation = parseUnit(parts[1], 1);
  const lightness = parseUnit(parts[2], 1);
  if (!Number.isFinite(hue) || saturation === null || lightness === null) return null;
  return { ...hslToRgb({ h: hue, s: clamp(saturation, 1), l: clamp(lightness, 1) }), a: clamp(alpha, 1) };
}

function parseHex(hex: string): Rgba | null {
  if (!/^([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(hex)) return null;
  const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join("") : hex;
  const channel = (index: number) => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
}

/** `50%` is half of `scale`; a bare number is on the channel's own scale (alpha and hsl percentages: 0–1). */
function parseUnit(part: string, scale: number): number | null {
  const percent = part.endsWith("%");
  const number = Number.parseFloat(percent ? part.slice(0, -1) : part);
  if (!Number.isFinite(number)) return null;
  return percent ? (number / 100) * scale : number;
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

export interface Hsl {
  /** Degrees. */
  h: number;
  /** 0–1. */
  s: number;
  /** 0–1. */
  l: number;
}

export function hslToRgb({ h, s, l }: Hsl): Omit<Rgba, "a"> {
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return { r: channel(0), g: channel(8), b: channel(4) };
}

export function rgbToHsl({ r, g, b }: Rgba): Hsl {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === red ? ((green - blue) / d) % 6 : max === green ? (blue - red) / d + 2 : (red - green) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

/** `#rrggbb` (or `#rrggbbaa` when not opaque), rounded the way the browser will see it. */
export function toHex(color: Rgba): string {
  const hex = (value: number) => Math.round(value).toString(16).padStart(2, "0");
  const alpha = color.a < 1 ? hex(color.a * 255) : "";
  return `#${hex(color.r)}${hex(color.g)}${hex(color.b)}${alpha}`;
}

/** `top` painted over an opaque `bottom` (what `color-mix(in srgb, top p%, bottom)` gives with `a = p`). */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG 2 relative luminance. */
export function luminance(color: Rgba): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** WCAG 2 contrast ratio (1–21) of a text colour over an opaque background; a translucent text is composited first. */
export function contrastRatio(text: Rgba, background: Rgba): number {
  const a = luminance(text.a < 1 ? composite(text, background) : text);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
