/**
 * Theme presets (issue 13): complete looks to use as they are (`theme: presets.ocean`) or to start from
 * (`extendTheme(presets.ember, { ui: { colors: { primary: "#c2410c" } } })`). Each sets light-scheme colours; the
 * dark scheme keeps the built-in dark surfaces and takes the brand colour, made readable there by
 * compiler/theme/palette.ts. Every preset has a fixture site, fixtures/theme-<name>/, with golden snapshots.
 */
import { createTheme, type DocsTheme } from "./create-theme.ts";

/** Blue brand, white surfaces, bordered sidebar, rounder corners. */
const ocean = createTheme({
  name: "ocean",
  ui: {
    colors: {
      primary: "#0369a1",
      foreground: "#0c1b2a",
      mutedForeground: "#4a5b6d",
      muted: "#f0f6fa",
      border: "#d6e4ee",
      secondary: "#e8f1f7",
    },
    radius: "12px",
    sidebar: { style: "bordered", borderColor: "#d6e4ee" },
    codeBlock: { theme: "github-light", darkTheme: "github-dark" },
  },
});

/** Green brand on warm paper, a floating sidebar panel and a serif page title. */
const forest = createTheme({
  name: "forest",
  ui: {
    colors: {
      primary: "#2f7d4f",
      background: "#fbfaf6",
      card: "#fffefa",
      foreground: "#1d261f",
      muted: "#f1efe7",
      mutedForeground: "#58625a",
      border: "#e2dfd3",
      popover: "#fffefa",
    },
    radius: "6px",
    typography: {
      font: {
        h1: { size: "2.5rem", weight: 600, letterSpacing: "-0.01em" },
        h2: { weight: 600 },
      },
    },
    sidebar: { style: "floating", background: "#f4f2ea" },
    codeBlock: { theme: "min-light", darkTheme: "min-dark" },
  },
});

/**
 * A warm orange-red brand (`#e4572e`) whose raw value fails AA on white (3.7:1): the build uses the nearest readable
 * shade for text and the ring, which is what this preset exists to show and its fixture pins.
 */
const ember = createTheme({
  name: "ember",
  ui: {
    colors: { primary: "#e4572e", primaryForeground: "#ffffff" },
    radius: "4px",
    layout: { contentWidth: 720, header: { sticky: true } },
    codeBlock: { theme: "one-light", darkTheme: "one-dark-pro", showLineNumbers: true },
    typography: { font: { body: { lineHeight: "1.75" }, small: { size: "0.8125rem", letterSpacing: "0.01em" } } },
  },
});

/** Greys only: the brand is the text colour, square corners, a tinted sidebar and a compact, non-sticky header. */
const mono = createTheme({
  name: "mono",
  ui: {
    colors: { primary: "#111111", primaryForeground: "#ffffff", ring: "#111111", accent: "#f2f2f2" },
    radius: "0px",
    layout: { header: { height: 48, sticky: false }, toc: { depth: 2 } },
    sidebar: { style: "default", background: "#f7f7f7", borderColor: "#dddddd" },
    codeBlock: { theme: "github-light", darkTheme: "github-dark", showCopyButton: false },
    typography: { font: { style: { mono: '"JetBrains Mono", ui-monospace, monospace' } } },
  },
});

export const presets: Readonly<Record<"ocean" | "forest" | "ember" | "mono", DocsTheme>> = Object.freeze({
  ocean,
  forest,
  ember,
  mono,
});
