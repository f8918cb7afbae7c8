/**
 * Follow-up questions (SPEC 2.18) offered under an answer: made from what retrieval found, not by a second model
 * call, so they cost nothing, never promise what the docs do not hold, and are the same for the same sources. In
 * rank order, skipping the page the answer leaned on most (its first source): a page's task contract gives "How do
 * I …?" (a task starts with a verb, which is lowercased), a matched section "What does “Page” say about “Section”?"
 * (both as written; not when the question already names every word of the section), a page alone "What does “Page”
 * cover?". At most MAX_FOLLOW_UPS, none repeating the question.
 */
import type { PageEntry } from "../contract/index.ts";
import type { RetrievedSource } from "./retrieve.ts";

export const MAX_FOLLOW_UPS = 3;

export function followUpQuestions(
  question: string,
  sources: RetrievedSource[],
  pageOf: (url: string) => PageEntry | undefined,
): string[] {
  const asked = normalize(question);
  const seenPages = new Set<string>();
  const questions: string[] = [];
  const lead = sources[0] ? pageKey(sources[0].url) : undefined;
  for (const source of sources) {
    const key = pageKey(source.url);
    if (key === lead || seenPages.has(key)) continue;
    seenPages.add(key);
    const candidate = questionFor(source, pageOf(source.url), asked);
    if (candidate && normalize(candidate) !== asked && !questions.includes(candidate)) questions.push(candidate);
    if (questions.length === MAX_FOLLOW_UPS) break;
  }
  return questions;
}

function questionFor(source: RetrievedSource, page: PageEntry | undefined, asked: string): string | undefined {
  const task = page?.contract?.task?.trim().replace(/[.!?]+$/, "");
  if (task) return `How do I ${lowerFirst(task)}?`;
  const title = source.title.trim();
  if (!title) return undefined;
  const section = source.section?.trim();
  // A section the question already names ("green tea" in "… for green tea?") is what was just answered.
  if (section && normalize(section) !== normalize(title) && !wordsWithin(section, asked))
    return `What does “${title}” say about “${section}”?`;
  return `What does “${title}” cover?`;
}

/** "Deploy a worker" → "deploy a worker"; a first word with more capitals ("API", "GitHub") stays as written. */
function lowerFirst(text: string): string {
  const first = text.split(/\s/, 1)[0];
  return /^[A-Z][a-z]*$/.test(first) ? text[0].toLowerCase() + text.slice(1) : text;
}

function pageKey(url: string): string {
  try {
    return new URL(url, "http://docs.invalid").pathname;
  } catch {
    return url;
  }
}

/** Every word of `text` occurs in the normalized `question`. */
function wordsWithin(text: string, question: string): boolean {
  const words = new Set(question.split(" "));
  return normalize(text)
    .split(" ")
    .every((word) => words.has(word));
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
