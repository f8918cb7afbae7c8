/**
 * SPEC 2.17 typography keys `font.h1`, `h2`, `h3`, `body`, `small` (FontStyle: `size`, `weight`, `lineHeight`,
 * `letterSpacing`) as CSS rules after quire.css, only for the keys a theme sets. Selectors keep quire.css's
 * specificity (`:where(.q-content)` adds none), so component rules such as the Steps titles keep their own look.
 */
export interface FontStyle {
  size?: string;
  weight?: string | number;
  lineHeight?: string;
  letterSpacing?: string;
}

export type Typography = Partial<Record<"h1" | "h2" | "h3" | "body" | "small", FontStyle>>;

/** What each key styles: the page title, article headings, article text, and captions and labels. */
const SELECTORS: Record<keyof Typography, string> = {
  h1: ".q-page-header h1",
  h2: ":where(.q-content) h2",
  h3: ":where(.q-content) h3",
  body: ":where(.q-content)",
  small: ".q-toc,.q-breadcrumbs ol,.q-page-meta,.q-page-footer-meta,.q-pager-label,[data-rehype-pretty-code-caption]",
};

const PROPERTIES: [keyof FontStyle, string][] = [
  ["size", "font-size"],
  ["weight", "font-weight"],
  ["lineHeight", "line-height"],
  ["letterSpacing", "letter-spacing"],
];

export function typographyCss(typography: Typography, safe: RegExp): string {
  let css = "";
  for (const [key, selector] of Object.entries(SELECTORS) as [keyof Typography, string][]) {
    const style = typography[key];
    if (!style) continue;
    const declarations = PROPERTIES.flatMap(([field, property]) => {
      const value = style[field];
      return value !== undefined && safe.test(String(value)) ? [`${property}:${String(value).trim()}`] : [];
    });
    if (declarations.length > 0) css += `${selector}{${declarations.join(";")}}\n`;
  }
  return css;
}
