/**
 * The opening of a home page written for VitePress (`layout: home` with `hero` and `features`) or Starlight (a
 * splash page's `hero`), as Markdown. Quire pages have one layout, so the hero and the features become the page's
 * first content: the hero's name as the page's `# heading` (its title, when the frontmatter has none), its text and
 * tagline as paragraphs, its image (the light one of a pair), its actions as a list of links, and each feature as an
 * item of a second list.
 *
 * The lines are written into the empty lines the frontmatter block leaves at the top of the body
 * (frontmatter-block.ts), so every line of the page keeps its number: the tree, the `.md`, the search index and the
 * positions of messages all read the same text. A hero that needs more lines than the block has is shown without its
 * image, or not at all when even that does not fit.
 */

/** What a page's frontmatter holds of a hero, as VitePress and Starlight name it. */
interface Hero {
  /** VitePress `hero.name`, Starlight `hero.title`. */
  name?: string;
  text?: string;
  tagline?: string;
  /** VitePress `hero.image` (a path, `{ src, alt }` or `{ light, dark, alt }`), Starlight `{ file, alt }`. */
  image?: { src: string; alt: string };
  actions: { text: string; link: string }[];
}

interface Feature {
  title?: string;
  details?: string;
  icon?: string;
  link?: string;
  linkText?: string;
}

/**
 * The Markdown lines of the page's opening, or undefined when the frontmatter has no hero and no features. `mdx`:
 * the page is MDX, where `<`, `{` and `}` are syntax, not text. `image`: with the hero's image, if it has one.
 */
export function heroLines(data: Record<string, unknown>, mdx: boolean, image = true): string[] | undefined {
  const hero = readHero(data.hero);
  const features = readFeatures(data.features);
  if (!hero && features.length === 0) return undefined;
  const text = (value: string) => inline(value, mdx);
  const title = typeof data.title === "string" && data.title.trim() !== "" ? data.title.trim() : undefined;
  const heading = title === undefined ? (hero?.name ?? hero?.text) : undefined;
  const paragraphs = [
    hero?.name !== heading && hero?.name !== title ? hero?.name && `**${text(hero.name)}**` : undefined,
    hero?.text !== heading ? hero?.text && text(hero.text) : undefined,
    hero?.tagline && text(hero.tagline),
  ].filter((p): p is string => Boolean(p));
  const blocks: string[][] = [
    ...paragraphs.map((p) => [blockSafe(p)]),
    image && hero?.image ? [`!${link(text(hero.image.alt), hero.image.src)}`] : [],
    (hero?.actions ?? []).map((action) => `- ${link(text(action.text), action.link)}`),
    features.map((feature) => `* ${featureItem(feature, text)}`),
  ].filter((block) => block.length > 0);
  const lines = heading === undefined ? [] : [`# ${text(heading)}`];
  for (const block of blocks) {
    if (lines.length > 0) lines.push("");
    lines.push(...block);
  }
  return lines;
}

/**
 * The frontmatter block's empty lines (`blank`: one `\n` per line) with `lines` written into the last of them but
 * one, which stays empty before the body: the text keeps its length in lines, and nothing but empty lines comes
 * before the opening (a plain page's `.md` is this text, trimmed). Undefined when the lines do not fit.
 */
export function fillBlankLines(blank: string, lines: readonly string[]): string | undefined {
  if (lines.length === 0 || lines.length >= blank.length) return undefined;
  return `${blank.slice(lines.length + 1)}${lines.join("\n")}\n\n`;
}

function readHero(value: unknown): Hero | undefined {
  if (!isRecord(value)) return undefined;
  const name = oneLine(value.name) ?? oneLine(value.title);
  const text = oneLine(value.text);
  const tagline = oneLine(value.tagline);
  const actions = (Array.isArray(value.actions) ? value.actions : []).flatMap((action) => {
    if (!isRecord(action)) return [];
    const actionText = oneLine(action.text);
    const actionLink = oneLine(action.link);
    return actionText && actionLink ? [{ text: actionText, link: actionLink }] : [];
  });
  if (!name && !text && !tagline && actions.length === 0) return undefined;
  return { name, text, tagline, image: readImage(value.image, name), actions };
}

/**
 * The hero's image as the opening shows it; null when the hero has an image without a path to show (Starlight's
 * `{ html }`), undefined when it has none.
 */
export function heroImage(data: Record<string, unknown>): Hero["image"] | null | undefined {
  const hero = data.hero;
  if (!isRecord(hero) || hero.image === undefined || hero.image === null) return undefined;
  return readImage(hero.image, oneLine(hero.name) ?? oneLine(hero.title)) ?? null;
}

/** The image's path (the light one of a pair) and its text; none for Starlight's `{ html }`. */
function readImage(value: unknown, name: string | undefined): Hero["image"] {
  const src = isRecord(value) ? (oneLine(value.src) ?? oneLine(value.file) ?? oneLine(value.light)) : oneLine(value);
  if (!src) return undefined;
  return { src, alt: (isRecord(value) ? oneLine(value.alt) : undefined) ?? name ?? "" };
}

function readFeatures(value: unknown): Feature[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item)) return [];
    const feature = {
      title: oneLine(item.title),
      details: oneLine(item.details),
      // An emoji; VitePress's image icons (`{ src }`) are not shown.
      icon: oneLine(item.icon),
      link: oneLine(item.link),
      linkText: oneLine(item.linkText),
    };
    return feature.title || feature.details ? [feature] : [];
  });
}

function featureItem(feature: Feature, text: (value: string) => string): string {
  const name = [feature.icon, feature.title].filter(Boolean).join(" ");
  const parts = [
    name && (feature.details ? `**${text(name)}**:` : `**${text(name)}**`),
    feature.details && text(feature.details),
    feature.link && link(text(feature.linkText ?? "Learn more"), feature.link),
  ];
  return parts.filter(Boolean).join(" ");
}

/** A Markdown link; spaces and parentheses in the URL are percent-encoded so the destination needs no `<…>`. */
function link(label: string, url: string): string {
  const destination = url.replace(/[ ()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `[${label}](${destination})`;
}

/**
 * Text as Markdown inline content: the characters that would start emphasis, code, links or strikethrough are
 * escaped, and a letter after `:` is kept from starting a directive. In MDX `<`, `{` and `}` are escaped too; in
 * Markdown, HTML stays HTML, as VitePress shows it.
 */
function inline(value: string, mdx: boolean): string {
  const special = mdx ? /[\\`*_[\]~<{}]|:(?=[A-Za-z])/g : /[\\`*_[\]~]|:(?=[A-Za-z])/g;
  return value.replace(special, (c) => `\\${c}`);
}

/** A paragraph line that would start another block (`#`, `>`, `-`, `+`, `=`, `1.`) starts with an escape. */
function blockSafe(line: string): string {
  return line.replace(/^([#>+=-])|^(\d+)([.)])/, (_, marker, digits, delimiter) =>
    marker ? `\\${marker}` : `${digits}\\${delimiter}`,
  );
}

function oneLine(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value).replace(/\s+/g, " ").trim();
  return text === "" ? undefined : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
