/**
 * Issue 10: code fences as VitePress, Docusaurus and Starlight pages write them.
 *
 * - `js{1,3-5}` (highlight ranges glued to the language) is split into the language and the meta
 *   `{1,3-5}`, which rehype-pretty-code reads like `title="…"`.
 * - A language Shiki does not know is reported (`code/unknown-language`, closest known name) and shows as
 *   plain text; the build keeps the first report per language (`firstUsePerLanguage`).
 * - Notation comments (`// [!code ++]`, `[!code --]`, `[!code focus]`, `[!code highlight]`) style lines in the
 *   HTML (Shiki transformers); the agent Markdown keeps the code without them (`stripCodeNotation`), and keeps
 *   the fence's meta (`title="…"`, `{1,3}`) as written in its info string.
 */
import type { Code, Parent, Root } from "mdast";
import { bundledLanguages } from "shiki/langs";
import { walk } from "./walk.ts";
import { closestName, type BuildMessage } from "../diagnostics.ts";

/** Shiki's own names for uncoloured text, which `bundledLanguages` does not list. */
const PLAIN_LANGUAGES = new Set(["plaintext", "plain", "text", "txt", "ansi"]);
const GLUED_META = /^([^{\s]+?)(\{[^}]*\})(.*)$/;
/** A notation comment at the end of a line, in any comment style (`//`, `#`, `--`, `<!-- -->`, `/* *\/`, `;`). */
const NOTATION = /[ \t]*(?:\/\/|#|--|;|<!--|\/\*)[ \t]*\[!code [^\]\n]+\][ \t]*(?:-->|\*\/)?[ \t]*$/gm;

export interface PreparedFences {
  /** True when some fence carries notation comments (its agent copy then differs from the source). */
  notation: boolean;
  messages: BuildMessage[];
}

/** Splits glued meta off the language and reports unknown languages, once per language in this page. */
export function prepareCodeFences(tree: Root, file: string): PreparedFences {
  const prepared: PreparedFences = { notation: false, messages: [] };
  const reported = new Set<string>();
  walk(tree, "code", (node: Code) => {
    const glued = node.lang ? GLUED_META.exec(node.lang) : null;
    if (glued) {
      node.lang = glued[1];
      node.meta = [glued[2] + glued[3], node.meta].filter(Boolean).join(" ");
    }
    if (hasCodeNotation(node.value)) prepared.notation = true;
    const lang = node.lang?.toLowerCase();
    if (!lang || PLAIN_LANGUAGES.has(lang) || lang in bundledLanguages || reported.has(lang)) return;
    reported.add(lang);
    const suggestion = closestName(lang, Object.keys(bundledLanguages));
    prepared.messages.push({
      severity: "warning",
      rule: "code/unknown-language",
      file,
      line: node.position?.start.line,
      column: node.position?.start.column,
      reason: `unknown code language \`${node.lang}\`${suggestion ? ` — did you mean \`${suggestion}\`?` : ""}; shown as plain text`,
      hint: "use a language name Shiki knows (https://shiki.style/languages), or `text` for no colours",
    });
  });
  return prepared;
}

/**
 * Whether code may carry notation comments: its agent copy leaves them out, and only then do the notation transformers
 * have anything to do in its HTML.
 */
export function hasCodeNotation(code: string): boolean {
  return code.includes("[!code ");
}

/** Removes notation comments from the code of an agent-projected tree, in place. */
export function stripCodeNotation(tree: Root | Parent): void {
  walk(tree, "code", (node: Code) => {
    if (hasCodeNotation(node.value)) node.value = node.value.replace(NOTATION, "");
  });
}

/** Keeps the first `code/unknown-language` message per language across the whole build (pages in source order). */
export function firstUsePerLanguage(messages: BuildMessage[]): BuildMessage[] {
  const seen = new Set<string>();
  return messages.filter((message) => {
    if (message.rule !== "code/unknown-language") return true;
    const language = /`([^`]+)`/.exec(message.reason)?.[1]?.toLowerCase() ?? message.reason;
    if (seen.has(language)) return false;
    seen.add(language);
    return true;
  });
}
