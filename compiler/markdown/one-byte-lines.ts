/**
 * Hands a grammar each line as a one-byte string whenever every character of it fits in one byte.
 *
 * V8 stores a string with one byte per character or with two, and text cut from a two-byte string is two-byte
 * too, whatever it holds. One "—", "→" or "“" anywhere in a page's Markdown makes the whole source two-byte, and with
 * it every code block and line sliced from it. V8 compiles a regex separately for each width it runs on, and runs
 * it slower on two bytes: a grammar's hundreds of patterns were compiled twice in a build whose pages mixed the two,
 * and matched more slowly on half of them. Tokenizing the 1,099 code blocks of 100 real-profile pages, half of them
 * made two-byte: 2.6–3.0 s of CPU for the first pass, 0.4–0.6 s for each pass after it, against 3.8–4.6 s and
 * 1.0–1.2 s (three runs each way). A line with a character beyond one byte (a CJK comment, an emoji) stays as it is.
 */
import { Buffer } from "node:buffer";
import type { IGrammar } from "@shikijs/vscode-textmate";

/** A character that needs two bytes. */
const WIDE = /[^\u0000-\u00ff]/;

/** Whether every character of `text` fits in one byte (U+0000–U+00FF). */
export function fitsOneByte(text: string): boolean {
  return !WIDE.test(text);
}

/** `text` itself, as a new one-byte string when every character fits in one byte. */
export function oneByte(text: string): string {
  return fitsOneByte(text) ? Buffer.from(text, "latin1").toString("latin1") : text;
}

const wrapped = new WeakSet<IGrammar>();

/** Makes `grammar` tokenize each line it is given as `oneByte` of it; its tokens are the same. */
export function oneByteLines(grammar: IGrammar): void {
  if (wrapped.has(grammar)) return;
  const tokenizeLine = grammar.tokenizeLine.bind(grammar);
  const tokenizeLine2 = grammar.tokenizeLine2.bind(grammar);
  grammar.tokenizeLine = (lineText, prevState, timeLimit) => tokenizeLine(oneByte(lineText), prevState, timeLimit);
  grammar.tokenizeLine2 = (lineText, prevState, timeLimit) => tokenizeLine2(oneByte(lineText), prevState, timeLimit);
  wrapped.add(grammar);
}
