/**
 * Finds where a config key is written so messages can say `docs.config.ts:LINE:COL`.
 * A light tokenizer over the source: enough for object literals, not a full TS parser.
 */

interface Token {
  text: string;
  kind: "name" | "string" | "punct";
  line: number;
  column: number;
}

export interface SourcePosition {
  line: number;
  column: number;
}

export function locateConfigKey(source: string, path: string[]): SourcePosition | undefined {
  const tokens = tokenize(source);
  const start = findConfigObject(tokens);
  if (start < 0) return undefined;
  let objectStart = start;
  let found: Token | undefined;
  for (const segment of path) {
    const open = tokens[objectStart];
    const next =
      open?.text === "["
        ? nthElement(tokens, objectStart, Number(segment))
        : findProperty(tokens, objectStart, segment);
    if (next === undefined) break;
    found = tokens[next.keyIndex];
    objectStart = next.valueIndex;
  }
  return found ? { line: found.line, column: found.column } : position(tokens[start]);
}

/** Position of the config object's `{` (in `defineDocs({` or `export default {`) for problems without a key. */
export function locateConfigObject(source: string): SourcePosition | undefined {
  const tokens = tokenize(source);
  const start = findConfigObject(tokens);
  return start < 0 ? undefined : position(tokens[start]);
}

function position(token: Token | undefined): SourcePosition | undefined {
  return token && { line: token.line, column: token.column };
}

function findConfigObject(tokens: Token[]): number {
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i].text === "defineDocs" && tokens[i + 1].text === "(" && tokens[i + 2].text === "{") return i + 2;
  }
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i].text === "export" && tokens[i + 1].text === "default" && tokens[i + 2].text === "{") return i + 2;
  }
  return -1;
}

/** Walks the top level of the object opened at `open`, returning the key token and its value's start. */
function findProperty(
  tokens: Token[],
  open: number,
  key: string,
): { keyIndex: number; valueIndex: number } | undefined {
  let depth = 0;
  let expectKey = true;
  for (let i = open; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === "punct" && "{[(".includes(token.text)) depth++;
    else if (token.kind === "punct" && "}])".includes(token.text)) {
      depth--;
      if (depth === 0) return undefined;
    } else if (depth === 1 && token.text === ",") expectKey = true;
    else if (depth === 1 && expectKey && token.kind !== "punct") {
      expectKey = false;
      const name = token.kind === "string" ? token.text.slice(1, -1) : token.text;
      if (name === key) return { keyIndex: i, valueIndex: tokens[i + 1]?.text === ":" ? i + 2 : i };
    }
  }
  return undefined;
}

function nthElement(tokens: Token[], open: number, n: number): { keyIndex: number; valueIndex: number } | undefined {
  let depth = 0;
  let index = 0;
  for (let i = open; i < tokens.length; i++) {
    const text = tokens[i].kind === "punct" ? tokens[i].text : "";
    if (depth === 1 && index === n && text !== "," && text !== "]") return { keyIndex: i, valueIndex: i };
    if ("{[(".includes(text) && text) depth++;
    else if ("}])".includes(text) && text) {
      depth--;
      if (depth === 0) return undefined;
    } else if (depth === 1 && text === ",") index++;
  }
  return undefined;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const advanceTo = (end: number) => {
    for (let j = i; j < end; j++)
      if (source[j] === "\n") {
        line++;
        lineStart = j + 1;
      }
    i = end;
  };
  while (i < source.length) {
    const ch = source[i];
    const column = i - lineStart + 1;
    if (source.startsWith("//", i)) advanceTo(indexOrEnd(source, "\n", i));
    else if (source.startsWith("/*", i)) advanceTo(indexOrEnd(source, "*/", i + 2) + 2);
    else if (ch === '"' || ch === "'" || ch === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== ch) j += source[j] === "\\" ? 2 : 1;
      tokens.push({ text: source.slice(i, j + 1), kind: "string", line, column });
      advanceTo(j + 1);
    } else if (/[A-Za-z_$]/.test(ch)) {
      const match = /^[A-Za-z0-9_$]+/.exec(source.slice(i, i + 200))!;
      tokens.push({ text: match[0], kind: "name", line, column });
      advanceTo(i + match[0].length);
    } else if ("{}[](),:".includes(ch)) {
      tokens.push({ text: ch, kind: "punct", line, column });
      advanceTo(i + 1);
    } else advanceTo(i + 1);
  }
  return tokens;
}

function indexOrEnd(source: string, needle: string, from: number): number {
  const at = source.indexOf(needle, from);
  return at < 0 ? source.length : at;
}
