/**
 * Where a partial's node was written. A partial's nodes lose their positions when it is inlined (partials.ts): those
 * index the partial's text, not the page's. The nodes that carry links keep the partial's file and their place in it
 * here, so a broken link there is reported where it is written (links/page-links.ts).
 */
import type { Node } from "unist";

export interface WrittenIn {
  /** The partial's source path, from the site's root (`docs/reference/_flags.mdx`). */
  file: string;
  line: number;
  column: number;
}

/** Node types that can carry a link (links/page-links.ts reads them). */
const LINKING = new Set(["link", "image", "definition", "html", "mdxJsxFlowElement", "mdxJsxTextElement"]);

/** Records `node`'s place in `file`, if it can carry a link and has a position (a nested partial's already has). */
export function keepWrittenIn(node: Node, file: string): void {
  const start = node.position?.start;
  if (!start || !LINKING.has(node.type)) return;
  const writtenIn: WrittenIn = { file, line: start.line, column: start.column };
  node.data = { ...node.data, writtenIn } as Node["data"];
}

/** Where `node` was written when it came from a partial; undefined for the page's own nodes. */
export function writtenIn(node: Node): WrittenIn | undefined {
  return (node.data as { writtenIn?: WrittenIn } | undefined)?.writtenIn;
}
