/** Finds the line of a key path inside a YAML frontmatter block, for positioned messages. */

/**
 * @param yaml the text between the `---` fences
 * @param path keys and array indices, e.g. `["agent", "commands", "1"]`
 * @returns 1-based line and column within `yaml`, or undefined when the path is not written literally
 */
export function locateYamlPath(yaml: string, path: string[]): { line: number; column: number } | undefined {
  const lines = yaml.split("\n");
  let from = 0;
  let to = lines.length;
  let parentIndent = -1;
  let found: { line: number; column: number } | undefined;
  for (const segment of path) {
    const hit = /^\d+$/.test(segment)
      ? findItem(lines, from, to, parentIndent, Number(segment))
      : findKey(lines, from, to, parentIndent, segment);
    if (!hit) return found;
    found = { line: hit.index + 1, column: hit.indent + 1 };
    parentIndent = hit.indent;
    from = hit.index + 1;
    to = blockEnd(lines, from, hit.indent, hit.isItem);
    if (hit.inlineRest) {
      // `- key: value` keeps nested keys at the item's content indent.
      from = hit.index;
      parentIndent = hit.indent - 1;
    }
  }
  return found;
}

interface Hit {
  index: number;
  indent: number;
  isItem: boolean;
  inlineRest: boolean;
}

function findKey(lines: string[], from: number, to: number, parentIndent: number, key: string): Hit | undefined {
  const pattern = new RegExp(`^(\\s*)(?:- )?(["']?)${escapeRegExp(key)}\\2\\s*:`);
  let childIndent: number | undefined;
  for (let i = from; i < to; i++) {
    const match = pattern.exec(lines[i]);
    // `- key:` puts the key at the item's content indent.
    const indent = indentOf(lines[i]) + (lines[i].trimStart().startsWith("- ") ? 2 : 0);
    if (lines[i].trim() === "" || lines[i].trim().startsWith("#")) continue;
    if (indent <= parentIndent) break;
    childIndent ??= indent;
    if (match && indent === childIndent) {
      const keyIndent = match[0].indexOf(key.charAt(0), match[1].length);
      return { index: i, indent: keyIndent, isItem: false, inlineRest: false };
    }
  }
  return undefined;
}

function findItem(lines: string[], from: number, to: number, parentIndent: number, n: number): Hit | undefined {
  let count = -1;
  let itemIndent: number | undefined;
  for (let i = from; i < to; i++) {
    const text = lines[i];
    if (text.trim() === "" || text.trim().startsWith("#")) continue;
    const indent = indentOf(text);
    if (indent < parentIndent || (indent === parentIndent && !text.trimStart().startsWith("- "))) break;
    if (text.trimStart().startsWith("- ") && (itemIndent === undefined || indent === itemIndent)) {
      itemIndent = indent;
      count++;
      if (count === n) return { index: i, indent: indent + 2, isItem: true, inlineRest: /^\s*- \S+\s*:/.test(text) };
    }
  }
  return undefined;
}

function blockEnd(lines: string[], from: number, indent: number, isItem: boolean): number {
  for (let i = from; i < lines.length; i++) {
    const text = lines[i];
    if (text.trim() === "") continue;
    const own = indentOf(text);
    // A block list may sit at its key's indent (`tags:\n- a`).
    if (isItem ? own < indent : own < indent || (own === indent && !text.trimStart().startsWith("- "))) return i;
  }
  return lines.length;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
