/**
 * A file's frontmatter block as gray-matter reads it, and its body with the block blanked to empty lines, so body
 * positions match the file. Kept apart from the validation (frontmatter.ts) so a thread that only needs the body
 * (markdown/parse-ahead-worker.ts) loads gray-matter alone.
 */
import matter from "gray-matter";

export type FrontmatterBlock =
  | { file: matter.GrayMatterFile<string>; body: string; error?: undefined }
  | { error: unknown; file?: undefined; body?: undefined };

export function readFrontmatterBlock(source: string): FrontmatterBlock {
  let file: matter.GrayMatterFile<string>;
  try {
    // Passing options turns off gray-matter's global cache, which would hold every page in memory.
    file = matter(source, {});
  } catch (error) {
    return { error };
  }
  const prefixLength = source.length - file.content.length;
  return { file, body: source.slice(0, prefixLength).replace(/[^\n]/g, "") + file.content };
}
