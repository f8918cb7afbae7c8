/** SPEC 2.17 ReadingTimeConfig: words of the human projection, code stripped unless `includeCode`. */
import type { Nodes, Root } from "mdast";

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/** Counts prose words; links keep their text, URLs, images, raw HTML and JSX attributes never count. */
export function countWords(tree: Root, includeCode: boolean): number {
  let words = 0;
  const walk = (node: Nodes): void => {
    switch (node.type) {
      case "code":
      case "inlineCode":
        if (includeCode) words += countIn(node.value);
        return;
      case "html":
      case "image":
      case "imageReference":
      case "definition":
      case "yaml":
        return;
      case "text":
        words += countIn(node.value.replace(/\b(?:https?:\/\/|www\.)\S+/g, ""));
        return;
    }
    if ("children" in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(tree);
  return words;
}

function countIn(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

export function readingMinutes(words: number, wordsPerMinute: number): number {
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}
