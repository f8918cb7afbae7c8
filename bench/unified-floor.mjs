/**
 * The floor for a Markdown docs build: read every `.md` file, run remark-parse → remark-gfm → remark-rehype →
 * rehype-stringify, write one `.html` file per page. No layout, navigation, highlighting or search: whatever Quire
 * spends above this is the cost of everything else it does.
 *
 *   node bench/unified-floor.mjs --in <dir of .md files> --out <dir>
 *
 * A leading `---` frontmatter block is dropped before parsing (remark-parse alone would read it as Markdown). Folders
 * named `node_modules` or starting with `.` are skipped, so a VitePress site folder can be the input.
 *
 * Plain JavaScript, run with no loader, as Quire's side of the comparison is (the installed package, compiled lib/).
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

const FRONTMATTER = /^---\n[\s\S]*?\n---\n/;

async function main() {
  const { values } = parseArgs({ options: { in: { type: "string" }, out: { type: "string" } } });
  if (!values.in || !values.out) {
    console.error("usage: unified-floor.mjs --in <dir> --out <dir>");
    process.exit(2);
  }
  const started = performance.now();
  const input = path.resolve(values.in);
  const output = path.resolve(values.out);
  const files = (await readdir(input, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.relative(input, path.join(e.parentPath ?? e.path, e.name)))
    .filter((f) => !f.split(path.sep).some((segment) => segment.startsWith(".") || segment === "node_modules"))
    .sort();
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify);
  let bytes = 0;
  for (const file of files) {
    const markdown = (await readFile(path.join(input, file), "utf8")).replace(FRONTMATTER, "");
    const html = String(await processor.process(markdown));
    const target = path.join(output, file.replace(/\.md$/, ".html"));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, html);
    bytes += Buffer.byteLength(html);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `unified floor: ${files.length} pages, ${(bytes / 1024 / 1024).toFixed(1)} MiB HTML in ${seconds.toFixed(2)}s`,
  );
}

await main();
