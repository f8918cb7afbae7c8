/**
 * What an Open Graph card shows and how it is laid out, as the plain element tree satori takes (no JSX runtime).
 * Shared by the build's static cards (compiler/emit/og) and the runtime's dynamic endpoint (./route.ts), so both draw
 * the same card.
 */

/** SPEC 4.6: every card Quire generates (static PNG or dynamic endpoint) is 1200 by 630. */
export const OG_CARD_SIZE = { width: 1200, height: 630 } as const;

/** Everything that decides a card's pixels besides the renderer and the font; hashed for the cache key. */
export interface CardInputs {
  siteTitle: string;
  title: string;
  description?: string;
  /** Where the page lives, shown at the bottom: `acme.test/docs/guides/install`, or the route without a base URL. */
  location: string;
  /** Brand color for the top bar, the mark and the location. */
  accent: string;
}

/** The default theme's light `primary` (see compiler/render/html/theme-css.ts), so an unthemed site's cards match. */
const DEFAULT_ACCENT = "#4f46e5";
// Longer text is cut here before layout; satori's lineClamp then fits what is left to the lines available.
export const MAX_TITLE_CHARS = 110;
export const MAX_DESCRIPTION_CHARS = 200;

/**
 * Theme colors are "any CSS color". Satori turns hex and color functions (rgb() through oklch() and color-mix()) into
 * rgb, but drops `var()` and passes unknown words through to resvg unchecked, so only hex and functions without
 * `var()` are used; anything else, named colors included, gets the default rather than a wrong or missing accent.
 */
export function accentOf(primary: string | undefined): string {
  const value = primary?.trim() ?? "";
  const hex = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value);
  const colorFunction =
    /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\([^;{}<>"]*\)$/i.test(value) && !/var\(/i.test(value);
  return hex || colorFunction ? value : DEFAULT_ACCENT;
}

export interface CardElement {
  type: string;
  props: { style?: Record<string, string | number>; children?: (CardElement | string)[] | string };
}

const div = (style: Record<string, string | number>, children?: CardElement["props"]["children"]): CardElement => ({
  type: "div",
  props: { style, ...(children === undefined ? {} : { children }) },
});

/** A white card: accent bar on top, site name, large title, description, and the page location at the bottom. */
export function cardElement(card: CardInputs): CardElement {
  const long = card.title.length > 48;
  // Unbreakable runs (a long identifier, a URL) would run off the right edge: titles wrap inside them, one-line
  // texts end in an ellipsis.
  const wrapping = { display: "block", wordBreak: "break-word" };
  const oneLine = { display: "block", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" };
  return div(
    {
      ...OG_CARD_SIZE,
      display: "flex",
      flexDirection: "column",
      backgroundColor: "#ffffff",
      fontFamily: "Inter",
      color: "#0b0d12",
    },
    [
      div({ height: 14, backgroundColor: card.accent }),
      div(
        {
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          flexGrow: 1,
          padding: "60px 80px 56px",
        },
        [
          div({ display: "flex", alignItems: "center", fontSize: 30, fontWeight: 700, color: "#374151" }, [
            div({
              width: 30,
              height: 30,
              flexShrink: 0,
              borderRadius: 8,
              backgroundColor: card.accent,
              marginRight: 18,
            }),
            div({ ...oneLine, flexShrink: 1 }, card.siteTitle),
          ]),
          div({ display: "flex", flexDirection: "column" }, [
            div(
              {
                ...wrapping,
                fontSize: long ? 58 : 74,
                fontWeight: 700,
                lineHeight: 1.12,
                letterSpacing: "-0.02em",
                lineClamp: 3,
              },
              card.title,
            ),
            ...(card.description
              ? [
                  div(
                    {
                      ...wrapping,
                      marginTop: 28,
                      fontSize: 32,
                      lineHeight: 1.4,
                      color: "#4b5563",
                      lineClamp: long ? 1 : 2,
                    },
                    card.description,
                  ),
                ]
              : []),
          ]),
          div({ ...oneLine, fontSize: 24, fontWeight: 700, color: card.accent }, card.location),
        ],
      ),
    ],
  );
}

/** Whitespace collapsed, and cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}
