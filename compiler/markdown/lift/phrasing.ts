/**
 * Phrasing content (a paragraph's, a heading's, a list item's text) read here when it is plain: text, code spans of
 * one backtick, and inline links (`[label](destination)`, no title). Anything that could open another construct
 * (emphasis, an escape, a character reference, a tag or autolink, an image, strikethrough, a text directive, an
 * autolink literal, a footnote call, a hard break) makes the reading give up, and micromark reads that block.
 */
import type { InlineCode, Link, PhrasingContent, Text } from "mdast";
import type { PointReader } from "./points.ts";

/** What gives up anywhere in a block's text, code spans included: tabs, what opens a construct left to micromark. */
const NEVER = /[\t*_\\&<~]|!\[/;
/** The same in MDX, where braces open an expression. */
const NEVER_IN_MDX = /[\t*_\\&<~{}]|!\[/;
/** What starts an autolink literal (GFM), in text. */
const LITERAL = /@|www\.|https?:\/\//i;
/** Characters a lifted link's destination may hold: not white space, brackets, quotes, or what starts a construct. */
const DESTINATION = /^[^\s()<>[\]\\`"'&]+$/;

const BACKTICK = 96;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_PAREN = 40;
const COLON = 58;
const CARET = 94;
const LINE_FEED = 10;

/** The phrasing content of `source`, whose points `points` reads, or undefined when it is not plain. */
export function plainPhrasing(source: string, points: PointReader, mdx: boolean): PhrasingContent[] | undefined {
  if ((mdx ? NEVER_IN_MDX : NEVER).test(source)) return undefined;
  return phrasing(source, 0, source.length, points, true);
}

function phrasing(
  source: string,
  from: number,
  to: number,
  points: PointReader,
  links: boolean,
): PhrasingContent[] | undefined {
  const children: PhrasingContent[] = [];
  let textStart = from;
  const flush = (end: number): boolean => {
    if (end === textStart) return true;
    const value = source.slice(textStart, end);
    if (LITERAL.test(value)) return false;
    const node: Text = { type: "text", value, position: { start: points.at(textStart), end: points.at(end) } };
    children.push(node);
    return true;
  };
  for (let index = from; index < to; index++) {
    const code = source.charCodeAt(index);
    if (code === BACKTICK) {
      const close = codeSpanEnd(source, index, to);
      if (close === -1 || !flush(index)) return undefined;
      const value = source.slice(index + 1, close);
      // Inside a link's label, a bracket in a code span would change which bracket closes the label.
      if (!links && (value.includes("[") || value.includes("]"))) return undefined;
      const start = points.at(index);
      const node: InlineCode = { type: "inlineCode", value, position: { start, end: points.at(close + 1) } };
      children.push(node);
      index = close;
      textStart = close + 1;
    } else if (code === OPEN_BRACKET) {
      if (!links || !flush(index)) return undefined;
      const link = inlineLink(source, index, to, points);
      if (!link) return undefined;
      children.push(link.node);
      index = link.end - 1;
      textStart = link.end;
    } else if (code === CLOSE_BRACKET) {
      return undefined;
    } else if (code === COLON && directiveNameStart(source.charCodeAt(index + 1))) {
      return undefined;
    }
  }
  return flush(to) ? children : undefined;
}

/** A text directive's name may start with any character but white space and punctuation: a digit too ("1:1"). */
function directiveNameStart(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code >= 0x80;
}

/** Where the code span of one backtick opening at `open` closes, on its line, or −1. */
function codeSpanEnd(source: string, open: number, to: number): number {
  if (source.charCodeAt(open + 1) === BACKTICK || source.charCodeAt(open - 1) === BACKTICK) return -1;
  const close = source.indexOf("`", open + 1);
  if (close === -1 || close >= to || close === open + 1 || source.charCodeAt(close + 1) === BACKTICK) return -1;
  const value = source.slice(open + 1, close);
  if (value.includes("\n") || value.startsWith(" ") || value.endsWith(" ")) return -1;
  return close;
}

/** The inline link `[label](destination)` opening at `open`, or undefined. */
function inlineLink(
  source: string,
  open: number,
  to: number,
  points: PointReader,
): { node: Link; end: number } | undefined {
  if (source.charCodeAt(open + 1) === CARET) return undefined;
  let labelEnd = open + 1;
  for (; labelEnd < to; labelEnd++) {
    const code = source.charCodeAt(labelEnd);
    if (code === CLOSE_BRACKET) break;
    if (code === OPEN_BRACKET || code === LINE_FEED) return undefined;
    if (code === BACKTICK) {
      const close = codeSpanEnd(source, labelEnd, to);
      if (close === -1) return undefined;
      labelEnd = close;
    }
  }
  if (labelEnd >= to || labelEnd === open + 1 || source.charCodeAt(labelEnd + 1) !== OPEN_PAREN) return undefined;
  const close = source.indexOf(")", labelEnd + 2);
  if (close === -1 || close >= to) return undefined;
  const url = source.slice(labelEnd + 2, close);
  if (!DESTINATION.test(url)) return undefined;
  const start = points.at(open);
  const children = phrasing(source, open + 1, labelEnd, points, false);
  if (!children) return undefined;
  const node: Link = { type: "link", title: null, url, children, position: { start, end: points.at(close + 1) } };
  return { node, end: close + 1 };
}
