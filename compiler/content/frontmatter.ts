/**
 * Parses YAML frontmatter with gray-matter and validates it against SPEC 2.6, with positioned messages. `title` may be
 * absent here: the page's leading `# heading` can supply it (content/page-title.ts). Keys of other docs tools warn
 * (content/foreign-frontmatter.ts).
 */
import type { ErrorObject } from "ajv";
import { closestName, type BuildMessage, type RuleId } from "../diagnostics.ts";
import type { PageFrontmatter } from "../model/types.ts";
import { normalizeContract } from "./contract.ts";
import { readFrontmatterBlock } from "./frontmatter-block.ts";
import { setAsideForeignKeys } from "./foreign-frontmatter.ts";
import { frontmatterSchema } from "./frontmatter-schema.ts";
import { frontmatterValidator } from "./frontmatter-validator.ts";
import { locateYamlPath } from "./yaml-position.ts";

const validate = await frontmatterValidator();

const NAMED_KEYS = new Set(Object.keys(frontmatterSchema.properties));

/** Frontmatter as written: the title is settled later, from the body when the frontmatter has none. */
export type AuthoredFrontmatter = Omit<PageFrontmatter, "title"> & { title?: string };

export interface ParsedSource {
  frontmatter?: AuthoredFrontmatter;
  /** The body with the frontmatter block blanked to empty lines, so body positions match the file. */
  body: string;
  messages: BuildMessage[];
  /** The YAML between the fences (its line N is file line N) and every key as written; absent when it does not parse. */
  written?: { yaml: string; data: Record<string, unknown> };
}

export function parseFrontmatter(source: string, file: string): ParsedSource {
  const block = readFrontmatterBlock(source, file.endsWith(".mdx") ? "mdx" : "md");
  if (!block.file) {
    const { error } = block;
    // YAML marks count from the opening fence's newline, so mark.line (0-based) + 1 is the file line.
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split("\n")[0];
    return {
      body: source,
      messages: [
        {
          severity: "error",
          rule: "frontmatter/yaml",
          file,
          line: mark ? mark.line + 1 : 1,
          column: mark ? mark.column + 1 : 1,
          reason: `invalid YAML frontmatter: ${reason}`,
        },
      ],
    };
  }
  const { file: parsed, body } = block;
  // gray-matter's `matter` starts with the newline after the opening fence, so its line N is file line N.
  const yaml = parsed.matter ?? "";
  const foreign = setAsideForeignKeys(normalizeDates(parsed.data) as Record<string, unknown>, yaml, file, NAMED_KEYS);
  const data = foreign.data;
  const errors = validate(data) ? [] : describeErrors(validate.errors ?? [], data, yaml, file);
  const messages = [
    ...foreign.messages,
    ...(block.heroShown === false ? [heroNotShown(yaml, file)] : []),
    ...(block.heroImageLeftOut ? [heroImageNotShown(yaml, file)] : []),
    ...errors,
  ];
  const written = { yaml, data: parsed.data as Record<string, unknown> };
  if (errors.length > 0) return { body, messages, written };
  return { body, messages, written, frontmatter: toFrontmatter(data) };
}

function toFrontmatter(data: Record<string, unknown>): AuthoredFrontmatter {
  const extra = Object.fromEntries(Object.entries(data).filter(([key]) => !NAMED_KEYS.has(key)));
  const d = data as Record<string, never>;
  return {
    title: d.title,
    description: d.description,
    related: d.related ?? [],
    agent: d.agent ? normalizeContract(d.agent) : undefined,
    sidebar: d.sidebar,
    readingTime: d.readingTime,
    icon: d.icon,
    order: d.order,
    tags: d.tags ?? [],
    ogImage: d.ogImage,
    openGraph: d.openGraph,
    twitter: d.twitter,
    hidden: d.hidden ?? false,
    framework: d.framework,
    version: d.version,
    locale: d.locale,
    lastModified: d.lastModified ?? d.lastUpdated,
    extra,
  };
}

/** YAML turns `2024-05-01` into a Date; frontmatter keeps dates as ISO strings. */
function normalizeDates(value: unknown): unknown {
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  if (Array.isArray(value)) return value.map(normalizeDates);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizeDates(v)]));
  }
  return value;
}

function describeErrors(
  errors: ErrorObject[],
  data: Record<string, unknown>,
  yaml: string,
  file: string,
): BuildMessage[] {
  // An anyOf failure explains itself; its branches' errors at the same place are noise.
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === "anyOf").map((e) => e.instancePath));
  const relevant = errors.filter(
    (e) =>
      e.keyword === "anyOf" ||
      ![...anyOfPaths].some((p) => e.instancePath.startsWith(p) && e.schemaPath.includes("anyOf")),
  );
  const seen = new Set<string>();
  const messages: BuildMessage[] = [];
  for (const error of relevant) {
    const path = error.instancePath
      .split("/")
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    const message = describeError(error, path, data, yaml);
    if (seen.has(message.reason)) continue;
    seen.add(message.reason);
    const at = message.path.length > 0 ? locateYamlPath(yaml, message.path) : undefined;
    messages.push({
      severity: "error",
      rule: RULE_OF_KEYWORD[error.keyword] ?? "frontmatter/invalid",
      file,
      line: at ? at.line : 1,
      column: at ? at.column : 1,
      reason: message.reason,
      hint: message.hint,
    });
  }
  return messages;
}

/** Which rule an Ajv keyword failure reports under; other keywords are `frontmatter/invalid`. */
const RULE_OF_KEYWORD: Record<string, RuleId> = {
  required: "frontmatter/required",
  additionalProperties: "frontmatter/unknown-key",
  type: "frontmatter/type",
  enum: "frontmatter/enum",
  anyOf: "frontmatter/form",
};

function describeError(
  error: ErrorObject,
  path: string[],
  data: Record<string, unknown>,
  yaml: string,
): { path: string[]; reason: string; hint?: string } {
  const name = path.join(".");
  const value = path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], data);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return {
        path,
        reason: `frontmatter is missing the required "${params.missingProperty}"`,
        hint: `add \`${params.missingProperty}: ...\` between the --- fences`,
      };
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const parentSchema = error.parentSchema as { properties?: Record<string, unknown> };
      const suggestion = closestName(key, Object.keys(parentSchema.properties ?? {}));
      return {
        path: [...path, key],
        reason: `unknown frontmatter key "${[...path, key].join(".")}"${suggestion ? ` — did you mean "${suggestion}"?` : ""}`,
      };
    }
    case "type":
      if (name === "version" && typeof value === "number") {
        // YAML reads `2.0` as 2: quote what the author wrote, not the parsed number.
        const written = /^version\s*:\s*([^\s#]+)/m.exec(yaml)?.[1] ?? String(value);
        return {
          path,
          reason: `numeric "version" (${written}) must be quoted so it stays a string`,
          hint: `write version: "${written}"`,
        };
      }
      return { path, reason: `frontmatter "${name}" must be ${params.type}, got ${describeValue(value)}` };
    case "enum":
      return {
        path,
        reason: `frontmatter "${name}" must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, got ${describeValue(value)}`,
      };
    case "anyOf":
      return { path, reason: `frontmatter "${name}" has the wrong form: ${anyOfHint(path)}` };
    default:
      return { path, reason: `frontmatter "${name}" ${error.message ?? "is invalid"}` };
  }
}

function anyOfHint(path: string[]): string {
  const field = path.find((p) =>
    ["commands", "verification", "failureModes", "framework", "version", "package"].includes(p),
  );
  switch (field) {
    case "commands":
      return "use a string or { run, cwd?, description? }";
    case "verification":
      return "use a string or { description?, run?, expect? }";
    case "failureModes":
      return "use a string or { symptom, resolution? }";
    default:
      return "use a string or a list of strings";
  }
}

function describeValue(value: unknown): string {
  if (typeof value === "string") return `string ${JSON.stringify(value)}`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}

/** A hero image with no path to show (Starlight's `{ html }`), or none of the lines its Markdown needs. */
function heroImageNotShown(yaml: string, file: string): BuildMessage {
  const at = locateYamlPath(yaml, ["hero", "image"]);
  return {
    severity: "warning",
    rule: "frontmatter/foreign-key",
    file,
    line: at?.line ?? 1,
    column: at?.column ?? 1,
    reason: "the hero's image is not shown: it has no path, or no line is left for it in the frontmatter block",
    hint: "give `hero.image` a path (`src`, or `light` and `dark`) in YAML's block style, or add the image to the page",
  };
}

/** A hero written so compactly (YAML's flow style) that its Markdown needs more lines than its block has. */
function heroNotShown(yaml: string, file: string): BuildMessage {
  const at = locateYamlPath(yaml, ["hero"]) ?? locateYamlPath(yaml, ["features"]);
  return {
    severity: "warning",
    rule: "frontmatter/foreign-key",
    file,
    line: at?.line ?? 1,
    column: at?.column ?? 1,
    reason: "the frontmatter's hero and features are not shown: as Markdown they take more lines than their YAML",
    hint: "write `hero` and `features` in YAML's block style, one key per line, as VitePress's examples do",
  };
}
