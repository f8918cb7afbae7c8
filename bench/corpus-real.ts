/**
 * The "real" page profile of the bench corpus (issue 10, "Speed on real pages"). Its shape follows what was measured
 * on three public documentation sets moved into Quire — numbers only, none of their text: pages of 8–16 KB, 7–15
 * code fences each in 15+ languages, admonitions in the three common spellings (`:::tip`, VitePress `::: warning
 * Title`, GitHub `> [!NOTE]`), tabs on MDX pages, long option tables (15–40 rows) and many links (link lists and
 * links in prose). Every word and snippet comes from the generator's own lists, from the same seeded PRNG.
 *
 * Most real Markdown holds a character beyond Latin-1 somewhere in its prose ("—", "→", "“"): 172 of the 221
 * READMEs over 4 KB in this repository's node_modules did (counted 2026-11-26). V8 then keeps the whole source, and
 * every code block cut from it, two bytes per character, which costs the highlighter (compiler/markdown/
 * one-byte-lines.ts). So the same share of pages (`WIDE_PAGE_PERCENT`) says "See … — and …" in its opening
 * paragraph; which pages is decided by that paragraph's length, so no draw of the PRNG is added.
 */
import { type SnippetContext, codeBlock, LANGS } from "./corpus-code.ts";
import type { Rng } from "./corpus-random.ts";
import { cap, type Noun } from "./corpus-words.ts";

/** Byte and fence bounds of a real-profile page. */
export const REAL_PAGE = { minBytes: 8 * 1024, maxBytes: 16 * 1024, minFences: 7, maxFences: 15 } as const;

/** Pages in a hundred whose prose holds a character beyond Latin-1: 172 of 221 measured READMEs, rounded. */
export const WIDE_PAGE_PERCENT = 78;

/** Snippets in the languages the default profile lacks, so a real site uses more than 15. */
const MORE_SNIPPETS: Record<string, (n: Noun, r: Rng) => string> = {
  dockerfile: (n, r) =>
    `FROM node:${r.int(18, 22)}-slim\nWORKDIR /srv/${n.many}\nCOPY package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nEXPOSE ${r.int(3000, 9000)}\nCMD ["node", "server.js"]`,
  toml: (n, r) =>
    `[${n.many}]\nenabled = true\nmax_retries = ${r.int(1, 9)}\n\n[${n.many}.limits]\nburst = ${r.int(10, 500)}`,
  diff: (n, r) =>
    `--- a/bench.config.ts\n+++ b/bench.config.ts\n@@ -${r.int(1, 40)},3 +${r.int(1, 40)},3 @@\n-  ${n.many}: { concurrency: 4 },\n+  ${n.many}: { concurrency: ${r.int(5, 64)} },`,
  kotlin: (n, r) =>
    `val client = BenchClient(timeoutMs = ${r.int(1, 30) * 1000})\nfun list${cap(n.many)}(): List<${cap(n.one)}> =\n    client.${n.many}.list(limit = ${r.int(10, 100)}).filter { it.active }`,
  swift: (n, r) =>
    `let client = BenchClient(timeout: ${r.int(1, 30)})\nlet ${n.many} = try await client.${n.many}.list(limit: ${r.int(10, 100)})\nprint(${n.many}.count)`,
  php: (n, r) =>
    `<?php\n$client = new Bench\\Client(['timeout' => ${r.int(1, 30)}]);\nforeach ($client->${n.many}()->list(${r.int(10, 100)}) as $${n.one}) {\n    echo $${n.one}->id, PHP_EOL;\n}`,
  ruby: (n, r) =>
    `client = Bench::Client.new(timeout: ${r.int(1, 30)})\nclient.${n.many}.list(limit: ${r.int(10, 100)}).each do |${n.one}|\n  puts ${n.one}.id\nend`,
  csharp: (n, r) =>
    `var client = new BenchClient(TimeSpan.FromSeconds(${r.int(1, 30)}));\nawait foreach (var ${n.one} in client.${cap(n.many)}.ListAsync(${r.int(10, 100)}))\n    Console.WriteLine(${n.one}.Id);`,
  graphql: (n, r) =>
    `query ${cap(n.many)} {\n  ${n.many}(first: ${r.int(10, 100)}) {\n    id\n    status\n    updatedAt\n  }\n}`,
  ini: (n, r) => `[${n.many}]\nenabled=true\nretries=${r.int(1, 9)}\nregion=eu-${r.int(1, 3)}`,
};

export const REAL_LANGS = [...LANGS, ...Object.keys(MORE_SNIPPETS)];

/** What the real profile borrows from the default generator (its prose, tables, tabs and frontmatter). */
export interface RealPageKit<C extends SnippetContext> {
  frontmatter(c: C): string;
  paragraph(c: C, min?: number, max?: number): string;
  sentence(c: C): string;
  bulletList(c: C): string;
  numberedList(c: C): string;
  tabs(c: C): string;
  /** A Markdown link to another page of the site. */
  linkToOther(c: C): string;
  /** Option rows `| name | type | default | description |`. */
  optionRow(c: C): string;
  headings: string[];
  mdx: boolean;
}

function fence(c: SnippetContext, lang: string): string {
  const more = MORE_SNIPPETS[lang];
  if (!more) return codeBlock(c, lang);
  const meta = c.r.chance(0.2) ? ` title="example.${lang}"` : "";
  return "```" + lang + meta + "\n" + more(c.page.noun, c.r) + "\n```";
}

function admonition<C extends SnippetContext>(c: C, kit: RealPageKit<C>): string {
  const text = kit.paragraph(c, 20, 45);
  switch (c.r.int(0, 2)) {
    case 0:
      return `:::${c.r.pick(["tip", "note", "warning", "danger"])}\n${text}\n:::`;
    case 1:
      return `::: ${c.r.pick(["tip", "info", "warning"])} ${cap(c.page.noun.one)} limits\n${text}\n:::`;
    default:
      return `> [!${c.r.pick(["NOTE", "TIP", "IMPORTANT", "WARNING"])}]\n> ${text}`;
  }
}

function longTable<C extends SnippetContext>(c: C, kit: RealPageKit<C>): string {
  const rows = Array.from({ length: c.r.int(15, 40) }, () => kit.optionRow(c));
  return ["| Option | Type | Default | Description |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

function linkList<C extends SnippetContext>(c: C, kit: RealPageKit<C>): string {
  return Array.from({ length: c.r.int(8, 20) }, () => `- ${kit.linkToOther(c)}: ${kit.sentence(c)}`).join("\n");
}

/** One real-profile page: 7–15 fences spread over its sections, prose and blocks until it is 8–16 KB. */
export function renderRealPage<C extends SnippetContext>(c: C, kit: RealPageKit<C>): string {
  const { r } = c;
  const fences = r.int(REAL_PAGE.minFences, REAL_PAGE.maxFences);
  const target = r.int(REAL_PAGE.minBytes + 512, REAL_PAGE.maxBytes - 1536);
  const langs = r.sample(REAL_LANGS, Math.min(fences, REAL_LANGS.length));
  const frontmatter = kit.frontmatter(c);
  const opening = kit.paragraph(c);
  const and = opening.length % 100 < WIDE_PAGE_PERCENT ? "— and" : "and";
  const parts = [frontmatter, `${opening} See ${kit.linkToOther(c)} ${and} ${kit.linkToOther(c)}.`];
  const sections = r.int(6, 10);
  const headings = r.sample(kit.headings, Math.min(sections, kit.headings.length));
  let placed = 0;
  let tabFences = 0; // each tab set holds up to 3 install fences; they count toward the page's fences
  headings.forEach((heading, i) => {
    parts.push(`${i > 0 && r.chance(0.3) ? "###" : "##"} ${heading}`, kit.paragraph(c));
    // Fences spread evenly: section i ends with fence count ⌈fences·(i+1)/sections⌉.
    const due = Math.ceil((fences * (i + 1)) / headings.length);
    for (; placed < due; placed++) {
      parts.push(fence(c, langs[placed % langs.length]));
      if (r.chance(0.4)) parts.push(kit.sentence(c));
    }
    const roll = r.next();
    if (roll < 0.3) parts.push(admonition(c, kit));
    else if (roll < 0.45 && kit.mdx && fences + tabFences + 3 <= REAL_PAGE.maxFences) {
      parts.push(kit.tabs(c));
      tabFences += 3;
    } else if (roll < 0.6) parts.push(kit.bulletList(c));
    else if (roll < 0.7) parts.push(kit.numberedList(c));
  });
  const size = () => Buffer.byteLength(parts.join("\n\n"));
  if (r.chance(0.6)) parts.push("## Options", longTable(c, kit));
  parts.push("## Related pages", linkList(c, kit));
  // Fill to the target with prose that links (real pages link a lot), never past the upper bound.
  while (size() < target) {
    const next = `${kit.paragraph(c, 40, 90)} Read ${kit.linkToOther(c)} next.`;
    if (size() + Buffer.byteLength(next) + 2 > REAL_PAGE.maxBytes) break;
    parts.push(next);
  }
  while (size() > REAL_PAGE.maxBytes && parts.length > 3) {
    let drop = parts.length - 1;
    while (drop > 1 && (parts[drop].startsWith("```") || parts[drop].startsWith("#"))) drop--;
    if (drop <= 1) break;
    parts.splice(drop, 1);
  }
  return parts.join("\n\n") + "\n";
}
