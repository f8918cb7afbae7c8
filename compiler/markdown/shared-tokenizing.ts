/**
 * Tokenizes a code block once for all of its themes.
 *
 * Shiki colours a block for a light and a dark theme by tokenizing it once per theme: each pass runs every line
 * through the grammar (`tokenizeLine2`), whose matching is the costly part of highlighting, and only the colours it
 * attaches depend on the theme. While a block is highlighted inside `tokenizingOnce`, each grammar's `tokenizeLine2`
 * keeps the first pass's tokens with their scopes (`tokenizeLine`), and the next theme's pass, which asks for the
 * same line from the same state, is answered from them. Every pass colours the kept scopes itself, with the theme
 * set at that moment, by the rules vscode-textmate applies while it tokenizes:
 *
 * - a line's attributes start from the theme's defaults and the grammar's default language and token type;
 * - each scope, outermost first, merges in its language and token type and the theme's match for the scope path so
 *   far (what is set replaces, what is unset keeps the outer value);
 * - a token's bracket flag is set for the scopes the grammar's bracket selectors accept;
 * - adjacent tokens whose attributes are equal are one token, and a last token made of the line's end alone is
 *   dropped.
 *
 * `shared-tokenizing.test.ts` compares the HTML of every sample language both ways. A grammar with token-type
 * overrides, which this does not reproduce, is left as it is.
 */
import { EncodedTokenMetadata, INITIAL, type IGrammar, type StateStack } from "@shikijs/vscode-textmate";

/** vscode-textmate's "not set" values in `EncodedTokenMetadata.set`. */
const TOKEN_TYPE_NOT_SET = 8;
const FONT_STYLE_NOT_SET = -1;

/** A scope path as the theme's `match` reads it: the innermost scope and its parent. */
interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}

interface StyleAttributes {
  fontStyle: number;
  foregroundId: number;
  backgroundId: number;
}

interface BasicScopeAttributes {
  languageId: number;
  tokenType: number;
}

/** The parts of vscode-textmate's Grammar this reads, beyond its public interface. */
interface GrammarInternals extends IGrammar {
  themeProvider: { themeMatch(path: ScopePath): StyleAttributes | null; getDefaults(): StyleAttributes };
  getMetadataForScope(scope: string): BasicScopeAttributes;
  balancedBracketSelectors: { matchesAlways: boolean; matchesNever: boolean; match(scopes: string[]): boolean } | null;
  _basicScopeAttributesProvider: { getDefaultAttributes(): BasicScopeAttributes };
  _tokenTypeMatchers: unknown[];
}

/** What `tokenizeLine` gives: each token's start and scopes, and the state after the line. */
type ScopedLine = ReturnType<IGrammar["tokenizeLine"]>;

/** One attributed scope path: its encoded attributes and the longer paths met so far. */
interface AttributeNode {
  path: ScopePath;
  attributes: number;
  children: Map<string, AttributeNode>;
}

/** Each grammar's lines of the block in progress, by the state they start from; undefined outside `tokenizingOnce`. */
let block: Map<IGrammar, Map<StateStack, Map<string, ScopedLine>>> | undefined;

const wrapped = new WeakSet<IGrammar>();

/** Runs `highlight` (one block, every theme) with each line tokenized once by the grammars `shareTokenizing` wraps. */
export function tokenizingOnce<T>(highlight: () => T): T {
  const outer = block;
  block = new Map();
  try {
    return highlight();
  } finally {
    block = outer;
  }
}

/**
 * Makes `grammar` answer a line it has already tokenized in the block in progress from the kept scopes. Returns
 * false, leaving it as it is, when the grammar lacks what this needs.
 */
export function shareTokenizing(grammar: IGrammar): boolean {
  if (wrapped.has(grammar)) return true;
  const internals = grammar as GrammarInternals;
  if (
    typeof internals.themeProvider?.themeMatch !== "function" ||
    typeof internals.getMetadataForScope !== "function" ||
    typeof internals._basicScopeAttributesProvider?.getDefaultAttributes !== "function" ||
    !Array.isArray(internals._tokenTypeMatchers) ||
    internals._tokenTypeMatchers.length > 0
  )
    return false;
  const tokenizeLine2 = grammar.tokenizeLine2.bind(grammar);
  const coloured = new WeakMap<StyleAttributes, Map<string, AttributeNode>>();
  grammar.tokenizeLine2 = (lineText, prevState, timeLimit) => {
    if (!block) return tokenizeLine2(lineText, prevState, timeLimit);
    let byState = block.get(grammar);
    if (!byState) block.set(grammar, (byState = new Map()));
    const start = prevState ?? INITIAL;
    let lines = byState.get(start);
    if (!lines) byState.set(start, (lines = new Map()));
    let line = lines.get(lineText);
    if (!line) lines.set(lineText, (line = grammar.tokenizeLine(lineText, prevState, timeLimit)));
    const defaults = internals.themeProvider.getDefaults();
    let roots = coloured.get(defaults);
    if (!roots) coloured.set(defaults, (roots = new Map()));
    return { tokens: binaryTokens(internals, roots, line), ruleStack: line.ruleStack, stoppedEarly: line.stoppedEarly };
  };
  wrapped.add(grammar);
  return true;
}

/** The line's tokens as `tokenizeLine2` gives them: start offset and attributes, equal neighbours joined. */
function binaryTokens(grammar: GrammarInternals, roots: Map<string, AttributeNode>, line: ScopedLine): Uint32Array {
  const out: number[] = [];
  const brackets = grammar.balancedBracketSelectors;
  for (const token of line.tokens) {
    let attributes = attributesOf(grammar, roots, token.scopes);
    const balanced = brackets
      ? brackets.matchesAlways || (!brackets.matchesNever && brackets.match(token.scopes))
      : false;
    if (balanced)
      attributes = EncodedTokenMetadata.set(attributes, 0, TOKEN_TYPE_NOT_SET, true, FONT_STYLE_NOT_SET, 0, 0);
    if (out.length > 0 && out[out.length - 1] === attributes) continue;
    out.push(token.startIndex, attributes);
  }
  return new Uint32Array(out);
}

/** The attributes of a scope path under the current theme, built outermost scope first and kept for reuse. */
function attributesOf(grammar: GrammarInternals, roots: Map<string, AttributeNode>, scopes: string[]): number {
  const first = scopes[0];
  if (first === undefined) return 0;
  let root = roots.get(first);
  if (!root) {
    const base = grammar._basicScopeAttributesProvider.getDefaultAttributes();
    const style = grammar.themeProvider.getDefaults();
    const defaults = EncodedTokenMetadata.set(
      0,
      base.languageId,
      base.tokenType,
      null,
      style.fontStyle,
      style.foregroundId,
      style.backgroundId,
    );
    root = attributed(grammar, defaults, { parent: null, scopeName: first });
    roots.set(first, root);
  }
  let node = root;
  for (let i = 1; i < scopes.length; i++) {
    const scope = scopes[i]!;
    let child: AttributeNode | undefined = node.children.get(scope);
    if (!child) {
      child = attributed(grammar, node.attributes, { parent: node.path, scopeName: scope });
      node.children.set(scope, child);
    }
    node = child;
  }
  return node.attributes;
}

/** `outer` with the innermost scope of `path` merged in: its language and token type, and the theme's match. */
function attributed(grammar: GrammarInternals, outer: number, path: ScopePath): AttributeNode {
  const basic = grammar.getMetadataForScope(path.scopeName);
  const style = grammar.themeProvider.themeMatch(path);
  const attributes = EncodedTokenMetadata.set(
    outer,
    basic.languageId,
    basic.tokenType,
    null,
    style ? style.fontStyle : FONT_STYLE_NOT_SET,
    style ? style.foregroundId : 0,
    style ? style.backgroundId : 0,
  );
  return { path, attributes, children: new Map() };
}
