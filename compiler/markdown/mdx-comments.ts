/**
 * HTML comments in MDX, as Docusaurus reads them. MDX has no `<!-- -->` (its comments are JavaScript comments in
 * braces), but Docusaurus compiles MDX with HTML comments allowed (its `mdx1Compat.comments`, on by default), so
 * pages written for it hold `<!-- truncate -->`, commented-out paragraphs and notes to other writers. Before an MDX
 * body is parsed, each comment outside code is rewritten as an MDX comment of the same length (`<!--` becomes an
 * opening brace, slash, star and space; `-->` a star, slash and closing brace), so every node keeps its line, column
 * and offset, and the comment shows nowhere, as in Docusaurus's HTML.
 */
import { fencedLines } from "./outside-fences.ts";

/** `text` with its HTML comments outside fenced code and code spans written as MDX comments. */
export function htmlCommentsAsMdx(text: string): string {
  if (!text.includes("<!--")) return text;
  const lines = text.split("\n");
  const fenced = fencedLines();
  let inComment = false;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // A fence inside a comment is the comment's text.
    if (!inComment && fenced(line)) continue;
    const rewritten = rewriteLine(line, inComment);
    inComment = rewritten.inComment;
    if (rewritten.line !== line) {
      lines[i] = rewritten.line;
      changed = true;
    }
  }
  return changed ? lines.join("\n") : text;
}

/** One line: comment ends and starts rewritten, code spans (`` `<!-- -->` ``) left alone. */
function rewriteLine(line: string, inComment: boolean): { line: string; inComment: boolean } {
  let out = "";
  let at = 0;
  while (at < line.length) {
    if (inComment) {
      const end = line.indexOf("-->", at);
      if (end < 0) return { line: out + line.slice(at), inComment };
      out += `${line.slice(at, end)}*/}`;
      at = end + 3;
      inComment = false;
      continue;
    }
    const open = line.indexOf("<!--", at);
    const tick = line.indexOf("`", at);
    if (open < 0) return { line: out + line.slice(at), inComment };
    if (tick >= 0 && tick < open) {
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
    inComment = true;
  }
  return { line: out, inComment };
}
