/**
 * Issue 10 (admonitions as other tools write them): VitePress and older Docusaurus write containers as
 * `::: warning Custom title` (a space after the colons, the title bare). The directive syntax wants
 * `:::warning[Custom title]`; this rewrites such opening lines before parsing, outside code fences only.
 * Only the rewritten line changes, so every other line keeps its line and column.
 */
import { fencedLines } from "./outside-fences.ts";

/** `:::` + optional spaces + a name + (spaces + a title)? — and not already in directive form. */
const SPACED_OPENING = /^([ \t]*)(:{3,})[ \t]*([A-Za-z][\w-]*)(?:[ \t]+([^\s{[][^\n]*?))?[ \t]*$/;

export function normalizeContainerSyntax(source: string): string {
  if (!source.includes(":::")) return source;
  const lines = source.split("\n");
  const fenced = fencedLines();
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fenced(line)) continue;
    const container = SPACED_OPENING.exec(line.replace(/\r$/, ""));
    // `:::tip` alone is already a directive; only a space before the name or a bare title needs rewriting.
    if (!container || (!line.includes(`${container[2]} `) && container[4] === undefined)) continue;
    const [, indent, colons, name, title] = container;
    const label = title ? `[${title.replace(/[[\]\\]/g, (c) => `\\${c}`)}]` : "";
    lines[i] = `${indent}${colons}${name}${label}${line.endsWith("\r") ? "\r" : ""}`;
    changed = true;
  }
  return changed ? lines.join("\n") : source;
}
