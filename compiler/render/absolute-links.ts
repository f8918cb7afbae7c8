/**
 * Root-relative links of agent Markdown made absolute against the site's base URL. Agent Markdown is quoted,
 * chunked and pasted far from the URL it was fetched at; `/docs/x` then points nowhere, `https://site/docs/x` still
 * does. Rewritten: inline link and image destinations, reference definitions, and `href`/`src` attributes of raw
 * HTML. Code (fenced blocks and inline spans) is left exactly as written.
 */

/** `markdown` with every root-relative link destination prefixed with `baseUrl` (no trailing slash needed). */
export function absoluteLinks(markdown: string, baseUrl: string | null): string {
  if (!baseUrl) return markdown;
  const base = baseUrl.replace(/\/+$/, "");
  let fence: string | undefined;
  return markdown
    .split("\n")
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
          fence = undefined;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      // Most lines hold no root-relative destination at all: nothing to rewrite, code spans or not.
      if (!CANDIDATE.test(line)) return line;
      return outsideCodeSpans(line, (text) => rewrite(text, base));
    })
    .join("\n");
}

/** A root-relative target starts with one slash; two slashes would be a protocol-relative URL to another host. */
const ROOT = String.raw`\/(?!\/)`;
const INLINE = new RegExp(String.raw`(\]\(\s*<?)(${ROOT})`, "g");
const DEFINITION = new RegExp(String.raw`^( {0,3}\[[^\]]+\]:[ \t]*<?)(${ROOT})`);
const ATTRIBUTE = new RegExp(String.raw`(\s(?:href|src)=["'])(${ROOT})`, "gi");
/** Any of the three, anywhere in a line (a line without one is returned as it is). */
const CANDIDATE = new RegExp(String.raw`\]\(\s*<?${ROOT}|\]:[ \t]*<?${ROOT}|\s(?:href|src)=["']${ROOT}`, "i");

function rewrite(text: string, base: string): string {
  return text
    .replace(INLINE, (_m, lead: string) => `${lead}${base}/`)
    .replace(DEFINITION, (_m, lead: string) => `${lead}${base}/`)
    .replace(ATTRIBUTE, (_m, lead: string) => `${lead}${base}/`);
}

/** Applies `change` to the parts of a line outside backtick code spans (CommonMark: a run closes an equal run). */
function outsideCodeSpans(line: string, change: (text: string) => string): string {
  let out = "";
  let plain = "";
  let i = 0;
  while (i < line.length) {
    const tick = line.indexOf("`", i);
    if (tick < 0) {
      plain += line.slice(i);
      break;
    }
    plain += line.slice(i, tick);
    i = tick;
    let run = 1;
    while (line[i + run] === "`") run++;
    const ticks = "`".repeat(run);
    let close = line.indexOf(ticks, i + run);
    while (close >= 0 && line[close + run] === "`") {
      let skip = close;
      while (line[skip] === "`") skip++;
      close = line.indexOf(ticks, skip);
    }
    if (close < 0) {
      plain += ticks;
      i += run;
      continue;
    }
    out += change(plain) + line.slice(i, close + run);
    plain = "";
    i = close + run;
  }
  return out + change(plain);
}
