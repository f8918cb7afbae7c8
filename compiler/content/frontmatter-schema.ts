/** SPEC 2.6 as a JSON Schema (Draft 2020-12 compatible subset): the frontmatter contract. */

const stringList = { type: "array", items: { type: "string" } } as const;
const stringOrList = { anyOf: [{ type: "string" }, stringList] } as const;

export const pageAgentSchema = {
  type: "object",
  properties: {
    tokenBudget: { type: "number", exclusiveMinimum: 0 },
    task: { type: "string" },
    outcome: { type: "string" },
    appliesTo: {
      type: "object",
      properties: { framework: stringOrList, version: stringOrList, package: stringOrList },
      additionalProperties: false,
    },
    prerequisites: stringList,
    files: stringList,
    commands: {
      type: "array",
      items: {
        anyOf: [
          { type: "string" },
          {
            type: "object",
            required: ["run"],
            properties: { run: { type: "string" }, cwd: { type: "string" }, description: { type: "string" } },
            additionalProperties: false,
          },
        ],
      },
    },
    sideEffects: stringList,
    verification: {
      type: "array",
      items: {
        anyOf: [
          { type: "string" },
          {
            type: "object",
            properties: { description: { type: "string" }, run: { type: "string" }, expect: { type: "string" } },
            additionalProperties: false,
          },
        ],
      },
    },
    rollback: stringList,
    failureModes: {
      type: "array",
      items: {
        anyOf: [
          { type: "string" },
          {
            type: "object",
            required: ["symptom"],
            properties: { symptom: { type: "string" }, resolution: { type: "string" } },
            additionalProperties: false,
          },
        ],
      },
    },
  },
  additionalProperties: false,
} as const;

/** `title` is not required here: a page without one takes its leading `# heading` (content/page-title.ts). */
export const frontmatterSchema = {
  type: "object",
  properties: {
    title: { type: "string", minLength: 1 },
    description: { type: "string" },
    related: stringList,
    agent: pageAgentSchema,
    sidebar: {
      type: "object",
      properties: { folderIndexBehavior: { enum: ["link", "toggle", "hidden"] } },
      additionalProperties: false,
    },
    readingTime: { type: ["boolean", "number"] },
    icon: { type: "string" },
    order: { type: "number" },
    tags: stringList,
    ogImage: { type: "string" },
    openGraph: { type: "object" },
    twitter: { type: "object" },
    hidden: { type: "boolean" },
    framework: { type: "string" },
    version: { type: "string" },
    locale: { type: "string" },
    lastModified: { type: "string" },
    lastUpdated: { type: "string" },
  },
  additionalProperties: true,
} as const;
