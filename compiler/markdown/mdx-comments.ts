/**
 * HTML comments in MDX, as Docusaurus reads them. MDX has no `<!-- -->` (its comments are JavaScript comments in
 * braces), but Docusaurus compiles MDX with HTML comments allowed (its `mdx1Compat.comments`, on by default), so
 * pages written for it hold `<!-- truncate -->`, commented-out paragraphs and notes to other writers. Before an MDX
 * body is parsed, each comment outside code is rewritten as an MDX comment of the same length (`<!--` becomes an
 * opening brace, slash, star and space; `-->` a star, slash and closing brace), so every node keeps its line, column
 * and offset, and the comment shows nowhere, as in Docusaurus's HTML.
 */
import { fencedLines } from "./outside-fences.ts";

/** Inside an HTML comment, inside an MDX comment the author wrote (left as it is), or in neither. */
type Inside = "html" | "mdx" | undefined;

/** `text` with its HTML comments outside fenced code, code spans and MDX comments written as MDX comments. */
export function htmlCommentsAsMdx(text: string): string {
  if (!text.includes("<!--")) return text;
  const lines = text.split("\n");
  const fenced = fencedLines();
  let inside: Inside;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // A fence inside a comment is the comment's text.
    if (inside === undefined && fenced(line)) continue;
    const rewritten = rewriteLine(line, inside);
    inside = rewritten.inside;
    if (rewritten.line !== line) {
      lines[i] = rewritten.line;
      changed = true;
    }
  }
  return changed ? lines.join("\n") : text;
}

/** One line: HTML comments' ends and starts rewritten; code spans and MDX comments (`{/* … *\/}`) left alone. */
function rewriteLine(line: string, inside: Inside): { line: string; inside: Inside } {
  let out = "";
  let at = 0;
  while (at < line.length) {
    if (inside !== undefined) {
      const end = line.indexOf(inside === "html" ? "-->" : "*/", at);
      if (end < 0) return { line: out + line.slice(at), inside };
      out += inside === "html" ? `${line.slice(at, end)}*/}` : line.slice(at, end + 2);
      at = end + (inside === "html" ? 3 : 2);
      inside = undefined;
      continue;
    }
    const open = line.indexOf("<!--", at);
    const tick = line.indexOf("`", at);
    const mdx = line.indexOf("{/*", at);
    const first = Math.min(...[open, tick, mdx].map((found) => (found < 0 ? Infinity : found)));
    if (first === Infinity) return { line: out + line.slice(at), inside };
    if (first === mdx) {
      out += line.slice(at, mdx + 3);
      at = mdx + 3;
      inside = "mdx";
      continue;
    }
    if (first === tick) {
      // A code span: from a run of backticks to the next run of the same length, or the run alone when unclosed.
      const run = /^`+/.exec(line.slice(tick))![0];
      const close = line.indexOf(run, tick + run.length);
      const spanEnd = close < 0 ? tick + run.length : close + run.length;
      out += line.slice(at, spanEnd);
      at = spanEnd;
      continue;
    }
    out += `${line.slice(at, open)}{/* `;
    at = open + 4;
    inside = "html";
  }
  return { line: out, inside };
}
