/** SPEC 2.17: the theme's UI tokens (`theme.ui`): colours, typography, radius, layout, code blocks, sidebar, cards. */
import { s, type ConfigOf } from "./config-shape.ts";

const colors = {
  /** Brand colour: links, active sidebar item, focus ring; readable shades are derived from it. */
  primary: s.string(),
  /** Text on `primary` surfaces. */
  primaryForeground: s.string(),
  /** Page background. */
  background: s.string(),
  /** Body text. */
  foreground: s.string(),
  /** Subtle surfaces: inline code, table stripes. */
  muted: s.string(),
  /** Secondary text: descriptions, captions, the TOC. */
  mutedForeground: s.string(),
  /** Lines between regions and around cards. */
  border: s.string(),
  /** Card and callout background. */
  card: s.string(),
  /** Text on cards. */
  cardForeground: s.string(),
  /** Hover background of list items. */
  accent: s.string(),
  /** Text on `accent` surfaces. */
  accentForeground: s.string(),
  /** Secondary buttons. */
  secondary: s.string(),
  /** Text on secondary buttons. */
  secondaryForeground: s.string(),
  /** Menus and hover cards. */
  popover: s.string(),
  /** Text in menus and hover cards. */
  popoverForeground: s.string(),
  /** Focus ring. */
  ring: s.string(),
};

/** SPEC 2.17 FontStyle. */
const fontStyle = s.object({
  /** CSS font size, e.g. `"2rem"`. */
  size: s.string(),
  /** CSS font weight, e.g. `600`. */
  weight: s.or(s.string(), s.number()),
  /** CSS line height. */
  lineHeight: s.string(),
  /** CSS letter spacing. */
  letterSpacing: s.string(),
});

export const uiConfig = s.object({
  /** Colour tokens (any CSS colour); unset tokens keep the built-in palette; text under WCAG AA is moved to AA. */
  colors: s.object(colors),
  /** Fonts. */
  typography: s.object({
    /** Font stacks and per-element styles. */
    font: s.object({
      /** Font stacks. */
      style: s.object({
        /** Font stack of text. */
        sans: s.string(),
        /** Font stack of code. */
        mono: s.string(),
      }),
      /** Page title. */
      h1: fontStyle,
      /** Section headings. */
      h2: fontStyle,
      /** Subsection headings. */
      h3: fontStyle,
      /** Body text. */
      body: fontStyle,
      /** Captions and labels. */
      small: fontStyle,
    }),
  }),
  /** Corner radius of cards, code blocks and inputs (a CSS length). */
  radius: s.string(),
  /** Widths and header of the page layout. */
  layout: s.object({
    /** Width of the article column in px. @default 768 */
    contentWidth: s.number(768),
    /** Width of the sidebar in px. @default 272 */
    sidebarWidth: s.number(272),
    /** Width of the table of contents in px. @default 224 */
    tocWidth: s.number(224),
    /** The top bar. */
    header: s.object({
      /** Header height in px. @default 56 */
      height: s.number(56),
      /** Keep the header at the top while scrolling. @default true */
      sticky: s.boolean(true),
    }),
    /** The table of contents. */
    toc: s.object({
      /** Show the table of contents. @default true */
      enabled: s.boolean(true),
      /** Deepest heading level listed. @default 3 */
      depth: s.number(3),
    }),
  }),
  /** Code blocks (SPEC 2.17 CodeBlockConfig). */
  codeBlock: s.object({
    /** Number the lines of code blocks. @default false */
    showLineNumbers: s.boolean(false),
    /** Show a copy button on code blocks. @default true */
    showCopyButton: s.boolean(true),
    /** Shiki theme in light mode; token colours under WCAG AA are raised to AA. @default "github-light" */
    theme: s.string("github-light"),
    /** Shiki theme in dark mode; token colours under WCAG AA are raised to AA. @default "github-dark" */
    darkTheme: s.string("github-dark"),
  }),
  /** Sidebar look (SPEC 2.17 SidebarStyleConfig). */
  sidebar: s.object({
    /** Sidebar look. @default "default" */
    style: s.oneOf(["default", "bordered", "floating"], "default"),
    /** Sidebar background colour. */
    background: s.string(),
    /** Sidebar border colour. */
    borderColor: s.string(),
  }),
  /** Card style tokens. */
  card: s.openObject(),
});

/** SPEC 2.17 ColorsConfig tokens (any CSS colour). */
export type ColorsConfig = ConfigOf<typeof colors>;
