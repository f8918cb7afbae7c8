/**
 * URLs written in raw HTML inside a Markdown page (issue 10 "Links"): `<a href>`, `<img src>` and their kin, so
 * `<a href="./guide.md">` is rewritten and checked like `[text](./guide.md)`. A scan of tags, not a full HTML parser:
 * comments are skipped, attribute values may be double-, single- or unquoted.
 */

export interface HtmlUrl {
  /** The value as written (entities not decoded). */
  value: string;
  /** The value with `&amp;`-style entities decoded: the URL a browser follows. */
  url: string;
  kind: "link" | "image";
  /** Offsets of the value inside the scanned text (end exclusive), for rewriting it in place. */
  start: number;
  end: number;
  /** Offset of the tag's `<`, for positioning a message at the element. */
  tagStart: number;
}

/** Attributes holding a URL a reader follows or loads, by element. */
const URL_ATTRIBUTES: Record<string, { name: string; kind: HtmlUrl["kind"] }> = {
  a: { name: "href", kind: "link" },
  area: { name: "href", kind: "link" },
  img: { name: "src", kind: "image" },
  source: { name: "src", kind: "image" },
  video: { name: "src", kind: "image" },
  audio: { name: "src", kind: "image" },
};

const TAG = /<([a-z][a-z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /(\s)([^\s"'=<>/`]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Every URL attribute of `html`, in order. */
export function htmlUrls(html: string): HtmlUrl[] {
  // Blank out comments with spaces so offsets still match the text.
  const text = html.replace(COMMENT, (comment) => " ".repeat(comment.length));
  const urls: HtmlUrl[] = [];
  for (const tag of text.matchAll(TAG)) {
    const wanted = URL_ATTRIBUTES[tag[1].toLowerCase()];
    if (!wanted) continue;
    const attributesStart = tag.index + 1 + tag[1].length;
    for (const attribute of tag[2].matchAll(ATTRIBUTE)) {
      if (attribute[2].toLowerCase() !== wanted.name) continue;
      const value = attribute[3] ?? attribute[4] ?? attribute[5];
      if (value === undefined) break;
      // The value is the attribute's last `value.length` characters, less a closing quote.
      const quoted = attribute[5] === undefined ? 1 : 0;
      const end = attributesStart + attribute.index + attribute[0].length - quoted;
      urls.push({
        value,
        url: decodeEntities(value),
        kind: wanted.kind,
        start: end - value.length,
        end,
        tagStart: tag.index,
      });
      break;
    }
  }
  return urls;
}

/** The 1-based line and column of `offset` in `text`, counted from where `text` starts. */
export function positionIn(
  text: string,
  offset: number,
  start: { line: number; column: number },
): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf("\n");
  if (lastBreak === -1) return { line: start.line, column: start.column + offset };
  return { line: start.line + before.split("\n").length - 1, column: offset - lastBreak };
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== "#") return NAMED[body.toLowerCase()] ?? entity;
    const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
