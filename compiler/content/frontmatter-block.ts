/**
 * A file's frontmatter block as gray-matter reads it, and its body with the block blanked to empty lines, so body
 * positions match the file. Kept apart from the validation (frontmatter.ts) so a thread that only needs the body
 * (markdown/parse-ahead-worker.ts) loads gray-matter alone.
 */
import matter from "gray-matter";
import { fillBlankLines, heroImage, heroLines } from "./home-hero.ts";

export type FrontmatterBlock =
  | {
      file: matter.GrayMatterFile<string>;
      body: string;
      /** Whether a `hero` or `features` in the frontmatter opens the body (home-hero.ts); undefined without them. */
      heroShown?: boolean;
      /** True when the hero has an `image` the opening leaves out (it has no path, or no room). */
      heroImageLeftOut?: boolean;
      error?: undefined;
    }
  | { error: unknown; file?: undefined; body?: undefined; heroShown?: undefined; heroImageLeftOut?: undefined };

/** `syntax`: the page's, so a home page's hero is written as its opening (home-hero.ts); omitted, it is not. */
export function readFrontmatterBlock(source: string, syntax?: "md" | "mdx"): FrontmatterBlock {
  let file: matter.GrayMatterFile<string>;
  try {
    // Passing options turns off gray-matter's global cache, which would hold every page in memory.
    file = matter(source, {});
  } catch (error) {
    return { error };
  }
  const prefixLength = source.length - file.content.length;
  const blank = source.slice(0, prefixLength).replace(/[^\n]/g, "");
  const hero = syntax && heroLines(file.data, syntax === "mdx");
  if (!hero) return { file, body: blank + file.content };
  const whole = fillBlankLines(blank, hero);
  // Without the image (two lines) rather than without the hero, when only that fits.
  const opening = whole ?? fillBlankLines(blank, heroLines(file.data, syntax === "mdx", false)!);
  const image = heroImage(file.data);
  const heroImageLeftOut = image !== undefined && opening !== undefined && (image === null || whole === undefined);
  return { file, body: (opening ?? blank) + file.content, heroShown: opening !== undefined, heroImageLeftOut };
}
