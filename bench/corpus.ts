/**
 * Deterministic generator of realistic docs sites for benchmarks.
 *
 *   npx tsx bench/corpus.ts --pages 1000 --out /tmp/corpus-1000 [--seed 1]
 *
 * Everything comes from one seeded PRNG (mulberry32): no Math.random, no wall clock, so the same options always give
 * the same bytes. `stripMdx` turns a generated `.mdx` page into plain Markdown for peer tools (VitePress, Starlight).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export interface CorpusOptions {
  /** Exact number of pages (`page.md` / `page.mdx` files) to generate; the root page counts as one. */
  pages: number;
  /** PRNG seed; defaults to 1. */
  seed?: number;
  /**
   * Page shape: `bench` (default; ≈800 words, ~3 fences) or `real` (issue 10: 8–16 KB, 7–15 fences in 15+ languages,
   * admonitions, tabs, long tables, many links; bench/corpus-real.ts).
   */
  profile?: CorpusProfile;
}

export type CorpusProfile = "bench" | "real";
export const CORPUS_PROFILES: readonly CorpusProfile[] = ["bench", "real"];
import { Rng } from "./corpus-random.ts";
import {
  third,
  cap,
  type Noun,
  NOUNS,
  AREAS,
  GERUNDS,
  TASK_VERBS,
  PAGE_SUFFIXES,
  ADJECTIVES,
  SUBJECTS,
  VERBS,
  OBJECTS,
  QUALIFIERS,
  CONDITIONS,
  REASONS,
  OPTIONS,
  COMMANDS,
  FILES,
  TAGS,
  FRAMEWORKS,
  HEADINGS,
} from "./corpus-words.ts";
import { codeBlock } from "./corpus-code.ts";
import { renderRealPage } from "./corpus-real.ts";

export { stripMdx } from "./strip-mdx.ts";

// ---------------------------------------------------------------- site plan

interface PagePlan {
  /** Folder segments under `docs/`; empty for the root page. */
  segments: string[];
  title: string;
  noun: Noun;
  ext: "md" | "mdx";
  children: PagePlan[];
  /** Position among siblings, used for `order`. */
  order: number;
}

const pageUrl = (p: PagePlan): string => ["/docs", ...p.segments].join("/");
const pagePath = (p: PagePlan): string => ["docs", ...p.segments, `page.${p.ext}`].join("/");

function nameChild(r: Rng, parent: PagePlan, depth: number): { slug: string; title: string; noun: Noun } {
  // Pages often share their folder's subject; top-level sections never inherit the root's.
  const noun = depth > 1 && r.chance(0.4) ? parent.noun : r.pick(NOUNS);
  const roll = r.next();
  if (depth === 1) {
    if (roll < 0.3) {
      const area = r.pick(AREAS);
      return { slug: area, title: cap(area.replace(/-/g, " ")), noun };
    }
    if (roll < 0.7) return { slug: noun.many, title: cap(noun.many), noun };
    const area = r.pick(AREAS);
    return { slug: `${noun.one}-${area}`, title: `${cap(noun.one)} ${area.replace(/-/g, " ")}`, noun };
  }
  if (roll < 0.45) {
    const g = r.pick(GERUNDS);
    return { slug: `${g}-${noun.many}`, title: `${cap(g)} ${noun.many}`, noun };
  }
  if (roll < 0.75) {
    const s = r.pick(PAGE_SUFFIXES);
    return { slug: `${noun.one}-${s}`, title: `${cap(noun.one)} ${s.replace(/-/g, " ")}`, noun };
  }
  if (roll < 0.9) {
    const a = r.pick(ADJECTIVES);
    return { slug: `${a}-${noun.many}`, title: `${cap(a)} ${noun.many}`, noun };
  }
  return { slug: noun.many, title: cap(noun.many), noun };
}

/** Builds the page tree: top-level sections until the budget is spent, each with 5–15 children, 1–3 folders deep. */
function planSite(r: Rng, total: number): PagePlan[] {
  const root: PagePlan = { segments: [], title: "Bench Docs", noun: r.pick(NOUNS), ext: "mdx", children: [], order: 0 };
  const all = [root];
  const addChild = (parent: PagePlan, depth: number): PagePlan => {
    const taken = new Set(parent.children.map((c) => c.segments[c.segments.length - 1]));
    let name = nameChild(r, parent, depth);
    for (let tries = 0; taken.has(name.slug) && tries < 4; tries++) name = nameChild(r, parent, depth);
    let slug = name.slug;
    let title = name.title;
    for (let n = 2; taken.has(slug); n++) [slug, title] = [`${name.slug}-${n}`, `${name.title} (part ${n})`];
    // Sections stay md/mdx at the same 70/30 split as leaves.
    const child: PagePlan = {
      segments: [...parent.segments, slug],
      title,
      noun: name.noun,
      ext: r.chance(0.3) ? "mdx" : "md",
      children: [],
      order: parent.children.length + 1,
    };
    parent.children.push(child);
    all.push(child);
    return child;
  };
  const fill = (folder: PagePlan, depth: number): void => {
    const k = r.int(5, 15);
    for (let i = 0; i < k && all.length < total; i++) {
      const child = addChild(folder, depth + 1);
      if (depth + 1 < 3 && r.chance(0.3)) fill(child, depth + 1);
    }
  };
  while (all.length < total) fill(addChild(root, 1), 1);
  return all;
}

// ---------------------------------------------------------------- prose

interface Ctx {
  r: Rng;
  page: PagePlan;
  all: PagePlan[];
}

function otherPage(c: Ctx): PagePlan {
  if (c.all.length === 1) return c.page;
  for (;;) {
    const p = c.r.pick(c.all);
    if (p !== c.page) return p;
  }
}

function subject(c: Ctx): string {
  const n = c.page.noun;
  return c.r.chance(0.7)
    ? c.r.pick(SUBJECTS)
    : c.r.pick([`each ${n.one}`, `the ${n.one} service`, `the ${n.many} API`]);
}
function object(c: Ctx): string {
  const n = c.page.noun;
  return c.r.chance(0.7)
    ? c.r.pick(OBJECTS)
    : c.r.pick([`every ${n.one}`, `the ${n.one} metadata`, `pending ${n.many}`]);
}
const opt = (c: Ctx): [string, string, string] => c.r.pick(OPTIONS);
const link = (p: PagePlan): string => `[${p.title.toLowerCase()}](${pageUrl(p)})`;

/** One plausible technical sentence. Never emits `<`, `{` or `}` outside backticks, so it is safe in MDX. */
function sentence(c: Ctx): string {
  const { r } = c;
  const v = r.pick(VERBS);
  switch (r.int(0, 10)) {
    case 0:
      return `${cap(subject(c))} ${third(v)} ${object(c)} ${r.pick(QUALIFIERS)}.`;
    case 1: {
      const [name, , def] = opt(c);
      return `By default, ${subject(c)} ${third(v)} ${object(c)}; set \`${name}\` to a value other than \`${def}\` to change this.`;
    }
    case 2:
      return `If ${r.pick(CONDITIONS)}, ${subject(c)} ${third(v)} ${object(c)} ${r.pick(QUALIFIERS)}.`;
    case 3:
      return `This matters because ${r.pick(REASONS)}.`;
    case 4:
      return `${cap(subject(c))} does not ${v} ${object(c)} unless ${r.pick(CONDITIONS)}.`;
    case 5:
      return `You can ${v} ${object(c)} manually with \`bench ${c.page.noun.many} ${r.pick(COMMANDS)}\`.`;
    case 6:
      return `See ${link(otherPage(c))} for details on how ${subject(c)} ${third(v)} ${object(c)}.`;
    case 7:
      return `The \`${opt(c)[0]}\` option in \`${r.pick(FILES)}\` controls how ${subject(c)} ${third(v)} ${object(c)}.`;
    case 8:
      return `In most projects, ${subject(c)} ${third(v)} ${object(c)} ${r.pick(QUALIFIERS)}, so you rarely need to tune it.`;
    case 9:
      return `When ${r.pick(CONDITIONS)}, expect ${subject(c)} to ${v} ${object(c)} ${r.pick(QUALIFIERS)}.`;
    default:
      return `Each ${c.page.noun.one} is ${r.pick(["immutable", "versioned", "scoped to a project", "cached for an hour", "validated on write"])}, which is why ${r.pick(REASONS)}.`;
  }
}

const wordCount = (s: string): number => s.split(/\s+/).filter(Boolean).length;

function paragraph(c: Ctx, min = 40, max = 110): string {
  const target = c.r.int(min, max);
  const out: string[] = [];
  let words = 0;
  while (words < target) {
    let s = sentence(c);
    // Avoid two sentences in a row that open the same way ("This matters because … This matters because …").
    const opening = (t: string | undefined): string => (t ?? "").split(" ", 2).join(" ");
    for (let i = 0; i < 3 && opening(s) === opening(out[out.length - 1]); i++) s = sentence(c);
    out.push(s);
    words += wordCount(s);
  }
  return out.join(" ");
}

function bulletList(c: Ctx): string {
  return Array.from({ length: c.r.int(3, 6) }, () => {
    if (c.r.chance(0.4)) {
      const [name, type] = opt(c);
      return `- \`${name}\` (${type}): controls how ${subject(c)} ${third(c.r.pick(VERBS))} ${object(c)}.`;
    }
    return `- ${sentence(c)}`;
  }).join("\n");
}

function imperative(c: Ctx): string {
  const { r } = c;
  switch (r.int(0, 4)) {
    case 0:
      return `Run \`bench ${r.pick(COMMANDS)}\` in the project root.`;
    case 1: {
      const [name, , def] = opt(c);
      return `Open \`${r.pick(FILES)}\` and set \`${name}\` to \`${def}\`.`;
    }
    case 2:
      return `${cap(r.pick(VERBS))} ${object(c)} ${r.pick(QUALIFIERS)}.`;
    case 3:
      return `Check ${link(otherPage(c))} for the expected behaviour when ${r.pick(CONDITIONS)}.`;
    default:
      return `Commit the change and redeploy with \`bench deploy --env ${r.pick(["staging", "production", "preview"])}\`.`;
  }
}
const numberedList = (c: Ctx): string =>
  Array.from({ length: c.r.int(3, 6) }, (_, i) => `${i + 1}. ${imperative(c)}`).join("\n");

function table(c: Ctx): string {
  if (c.r.chance(0.6)) {
    const rows = c.r
      .sample(OPTIONS, c.r.int(3, 6))
      .map(
        ([name, type, def]) =>
          `| \`${name}\` | \`${type}\` | \`${def}\` | ${cap(third(c.r.pick(VERBS)))} ${object(c)} ${c.r.pick(QUALIFIERS)}. |`,
      );
    return ["| Option | Type | Default | Description |", "| --- | --- | --- | --- |", ...rows].join("\n");
  }
  const rows = c.r
    .sample(COMMANDS, c.r.int(3, 6))
    .map((cmd) => `| \`bench ${cmd}\` | ${cap(third(c.r.pick(VERBS)))} ${object(c)} ${c.r.pick(QUALIFIERS)}. |`);
  return ["| Command | What it does |", "| --- | --- |", ...rows].join("\n");
}

// ---------------------------------------------------------------- MDX-only blocks

const callout = (c: Ctx): string =>
  `<Callout type="${c.r.pick(["info", "warn"])}">\n\n${paragraph(c, 25, 50)}\n\n</Callout>`;

function tabs(c: Ctx): string {
  const pkg = `@bench/${c.page.noun.many}`;
  const all: [string, string][] = [
    ["npm", `npm install ${pkg}`],
    ["pnpm", `pnpm add ${pkg}`],
    ["yarn", `yarn add ${pkg}`],
  ];
  const chosen = all.slice(0, c.r.int(2, 3));
  const items = chosen.map(([v]) => JSON.stringify(v)).join(", ");
  const body = chosen.map(([v, cmd]) => `<Tab value="${v}">\n\n\`\`\`bash\n${cmd}\n\`\`\`\n\n</Tab>`).join("\n");
  return `<Tabs items={[${items}]}>\n${body}\n</Tabs>`;
}

const steps = (c: Ctx): string => `<Steps>\n\n${numberedList(c)}\n\n</Steps>`;
const audience = (c: Ctx, tag: "Agent" | "Human"): string => `<${tag}>\n\n${paragraph(c, 30, 70)}\n\n</${tag}>`;

// ---------------------------------------------------------------- pages

function block(c: Ctx, mdx: boolean): string {
  const roll = c.r.next();
  if (mdx && roll < 0.2) return c.r.pick([callout, tabs, steps])(c);
  if (roll < 0.5) return codeBlock(c);
  if (roll < 0.65) return bulletList(c);
  if (roll < 0.8) return numberedList(c);
  return table(c);
}

const yamlStr = (s: string): string => JSON.stringify(s); // JSON strings are valid YAML double-quoted scalars
const yamlList = (indent: string, items: string[]): string => items.map((i) => `${indent}- ${yamlStr(i)}`).join("\n");

function isoDate(r: Rng): string {
  const day = Date.UTC(2023, 0, 1) + r.int(0, 3 * 365) * 86_400_000; // fixed epoch, no wall clock
  return new Date(day).toISOString().slice(0, 10);
}

function agentContract(c: Ctx): string {
  const { r, page } = c;
  const n = page.noun;
  const fw = r.chance(0.7) ? r.pick(FRAMEWORKS) : r.sample(FRAMEWORKS, 2);
  const lines = [
    "agent:",
    `  task: ${yamlStr(`${r.pick(TASK_VERBS)} ${n.many} in an existing ${Array.isArray(fw) ? fw[0] : fw} project`)}`,
    `  outcome: ${yamlStr(`\`bench ${n.many} status\` reports every ${n.one} as healthy`)}`,
    "  appliesTo:",
    `    framework: ${Array.isArray(fw) ? `[${fw.join(", ")}]` : fw}`,
    "  prerequisites:",
    yamlList("    ", [`Node.js 20 or later`, `A Bench project with \`${r.pick(FILES)}\``]),
    "  commands:",
    `    - ${yamlStr(`npm install @bench/${n.many}`)}`,
    `    - run: ${yamlStr(`npx bench ${n.many} ${r.pick(COMMANDS)}`)}`,
    `      description: ${yamlStr(`${cap(third(r.pick(VERBS)))} ${r.pick(OBJECTS)}`)}`,
    "  verification:",
    `    - run: ${yamlStr(`npx bench ${n.many} status --json`)}`,
    `      expect: ${yamlStr(`"healthy": true`)}`,
    "  rollback:",
    yamlList("    ", [`npx bench rollback --only ${n.many}`, `Revert the change to \`${r.pick(FILES)}\``]),
    "  failureModes:",
    `    - symptom: ${yamlStr(`The CLI reports that ${r.pick(CONDITIONS)}`)}`,
    `      resolution: ${yamlStr(`Re-run \`npx bench ${n.many} ${r.pick(COMMANDS)}\` after fixing \`${opt(c)[0]}\``)}`,
  ];
  return lines.join("\n");
}

function frontmatter(c: Ctx): string {
  const { r, page } = c;
  const n = page.noun;
  const description = r.pick([
    `Learn how to ${r.pick(VERBS)} ${n.many} ${r.pick(QUALIFIERS)}.`,
    `Reference for ${n.one} options, limits and defaults.`,
    `How ${r.pick(SUBJECTS)} ${third(r.pick(VERBS))} ${n.many} and how to configure it.`,
  ]);
  const lines = [
    `title: ${yamlStr(page.title)}`,
    `description: ${yamlStr(description)}`,
    `lastModified: "${isoDate(r)}"`,
  ];
  if (page.segments.length > 0 && r.chance(0.4)) lines.push(`order: ${page.order}`);
  if (r.chance(0.6)) lines.push(`tags: [${[...new Set([n.one, ...r.sample(TAGS, r.int(1, 2))])].join(", ")}]`);
  if (r.chance(0.5)) {
    const related = [...new Set(Array.from({ length: r.int(1, 4) }, () => pageUrl(otherPage(c))))];
    lines.push("related:", yamlList("  ", related));
  }
  if (page.children.length > 0 && r.chance(0.1))
    lines.push("sidebar:", `  folderIndexBehavior: ${r.pick(["link", "toggle"])}`);
  if (page.segments.length > 0 && r.chance(0.1)) lines.push(agentContract(c));
  return `---\n${lines.join("\n")}\n---`;
}

function renderPage(c: Ctx): string {
  const { r, page } = c;
  const mdx = page.ext === "mdx";
  const parts = [frontmatter(c), paragraph(c)];
  if (page.children.length > 0) {
    parts.push("## In this section");
    parts.push(page.children.map((ch) => `- [${ch.title}](${pageUrl(ch)}): ${sentence(c)}`).join("\n"));
  }
  const n = page.noun;
  const headingPool = [
    ...HEADINGS,
    `Configuring ${n.many}`,
    `Creating a ${n.one}`,
    `${cap(n.one)} lifecycle`,
    `Retrying failed ${n.many}`,
    `Listing ${n.many}`,
    `Deleting a ${n.one}`,
  ];
  const totalHeadings = page.children.length > 0 ? r.int(2, 5) : r.int(3, 7);
  const headings = r.sample(headingPool, totalHeadings);
  // Audience blocks go into one random section each (SPEC 2.7); only MDX pages can carry them.
  const agentAt = mdx && r.chance(0.6) ? r.int(0, headings.length - 1) : -1;
  const humanAt = mdx && r.chance(0.4) ? r.int(0, headings.length - 1) : -1;
  headings.forEach((h, i) => {
    parts.push(`${i > 0 && r.chance(0.3) ? "###" : "##"} ${h}`, paragraph(c));
    if (r.chance(0.8)) parts.push(block(c, mdx));
    if (r.chance(0.25)) parts.push(paragraph(c));
    if (i === agentAt) parts.push(audience(c, "Agent"));
    if (i === humanAt) parts.push(audience(c, "Human"));
  });
  return parts.join("\n\n") + "\n";
}

function renderReal(c: Ctx): string {
  const n = c.page.noun;
  return renderRealPage(c, {
    frontmatter,
    paragraph,
    sentence,
    bulletList,
    numberedList,
    tabs,
    linkToOther: (c) => link(otherPage(c)),
    optionRow: (c) => {
      const [name, type, def] = opt(c);
      return `| \`${name}\` | \`${type}\` | \`${def}\` | ${cap(third(c.r.pick(VERBS)))} ${object(c)} ${c.r.pick(QUALIFIERS)}. |`;
    },
    headings: [
      ...HEADINGS,
      `Configuring ${n.many}`,
      `Creating a ${n.one}`,
      `${cap(n.one)} lifecycle`,
      `Listing ${n.many}`,
    ],
    mdx: c.page.ext === "mdx",
  });
}

const CONFIG = `import { defineDocs } from "quire";

export default defineDocs({
  entry: "docs",
  nav: { title: "Bench Docs" },
  sitemap: { baseUrl: "https://bench.example" },
});
`;

/** Generates the site: relative path → file text, inserted in path order. */
export function generateCorpus(options: CorpusOptions): Map<string, string> {
  if (!Number.isInteger(options.pages) || options.pages < 1)
    throw new Error(`pages must be a positive integer, got ${options.pages}`);
  const r = new Rng(options.seed ?? 1);
  const all = planSite(r, options.pages);
  const files: [string, string][] = [["docs.config.ts", CONFIG]];
  const render = options.profile === "real" ? renderReal : renderPage;
  for (const page of all) files.push([pagePath(page), render({ r, page, all })]);
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(files);
}

/** Replaces `dir` with a freshly generated site. */
export async function writeCorpus(dir: string, options: CorpusOptions): Promise<void> {
  await writeFiles(dir, generateCorpus(options));
}

async function writeFiles(dir: string, files: Map<string, string>): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const dirs = new Set([...files.keys()].map((p) => dirname(join(dir, p))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  const entries = [...files];
  for (let i = 0; i < entries.length; i += 512) {
    await Promise.all(entries.slice(i, i + 512).map(([p, text]) => writeFile(join(dir, p), text)));
  }
}

// ---------------------------------------------------------------- CLI

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: "string" },
      out: { type: "string" },
      seed: { type: "string", default: "1" },
      profile: { type: "string", default: "bench" },
    },
  });
  if (!values.pages || !values.out) {
    console.error("usage: npx tsx bench/corpus.ts --pages <n> --out <dir> [--seed <n>] [--profile bench|real]");
    process.exit(2);
  }
  if (!CORPUS_PROFILES.includes(values.profile as CorpusProfile)) {
    console.error(`--profile must be one of ${CORPUS_PROFILES.join(", ")}`);
    process.exit(2);
  }
  const options = { pages: Number(values.pages), seed: Number(values.seed), profile: values.profile as CorpusProfile };
  const started = performance.now();
  const files = generateCorpus(options);
  const generated = performance.now();
  await writeFiles(values.out, files);
  const written = performance.now();
  let bytes = 0;
  let words = 0;
  let mdx = 0;
  for (const [path, text] of files) {
    bytes += Buffer.byteLength(text);
    if (path === "docs.config.ts") continue;
    words += wordCount(text.slice(text.indexOf("\n---\n") + 5));
    if (path.endsWith(".mdx")) mdx++;
  }
  console.log(
    `corpus: ${options.pages} pages (${options.pages - mdx} md, ${mdx} mdx), ${files.size} files, ` +
      `${(bytes / 1e6).toFixed(1)} MB, ${Math.round(words / options.pages)} words/page avg → ${resolve(values.out)}\n` +
      `generate ${((generated - started) / 1000).toFixed(2)}s, write ${((written - generated) / 1000).toFixed(2)}s`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
