/**
 * SPEC 2.1–2.20: every key `defineDocs()` accepts, with its meaning and default. This one declaration is the
 * config's TypeScript type (`DocsConfig`), what `docs build` validates, and where every default lives
 * (`fillDefaults`). Types the spec leaves "not shown" are open objects. Keep each JSDoc `@default` equal to the
 * default in code: config-schema.test.ts checks it.
 */
import type {
  AllowedOrigins,
  AuthenticateCallback,
  CodeBlockCopyData,
  DocsAgentFeedbackData,
  DocsAskAIActionData,
  DocsFeedbackData,
  AnalyticsEvent,
  TraceEvent,
} from "./config-callbacks.ts";
import { s, type ConfigOf, type Fields, type Filled, type ObjectShape, type Shape } from "./config-shape.ts";
import { i18nFields } from "./config-schema-i18n.ts";
import { searchFields } from "./config-schema-search.ts";
import { uiConfig } from "./config-schema-theme.ts";
import { DEFAULT_FEEDBACK_ROUTE, DEFAULT_MCP_ROUTE } from "./routes.ts";

const folderIndexBehavior = s.oneOf(["link", "toggle", "hidden"]);

/** SPEC 2.17 OrderingItem: `slug` is a folder name at its level; unlisted pages follow alphabetically. */
export interface OrderingItem {
  /** Folder or page name at this level. */
  slug: string;
  /** Order inside the folder. */
  children?: OrderingItem[];
}
const orderingItem: ObjectShape<Fields> = {
  kind: "object",
  fields: {
    /** Folder or page name at this level. */
    slug: s.string(),
  },
};
(orderingItem.fields as Record<string, Shape>).children = s.array(orderingItem);

const agentFeedback = s.toggle(true, {
  /** Submit route. @default "/api/docs/agent/feedback" */
  route: s.string(DEFAULT_FEEDBACK_ROUTE),
  /** Schema route; defaults to `${route}/schema`. */
  schemaRoute: s.string(),
  /** JSON Schema of `payload`; replaces the built-in one. */
  schema: s.openObject(),
  /** Called after a valid submission. */
  onFeedback: s.fn<(data: DocsAgentFeedbackData) => unknown>(),
});

const eventStream = <E>() => ({
  /** Turn the stream on. @default true */
  enabled: s.boolean(true),
  /** Also print events to the console at this level. */
  console: s.or(s.boolean(), s.oneOf(["log", "info", "debug"])),
  /** Include raw inputs (queries, questions, comments). @default false */
  includeInputs: s.boolean(false),
  /** Called for every event. */
  onEvent: s.fn<(event: E) => void | Promise<void>>(),
});

const evaluationTask = s.openObject({
  /** Task id, unique in the list. */
  id: s.string(),
  /** The question or task an agent would bring. */
  query: s.string(),
  /** What retrieval must find: `relevantSources`, `minRecallAtK`, … */
  expect: s.openObject(),
  /** Narrow retrieval to one framework, version or locale. */
  filters: s.object({
    /** Framework name. */
    framework: s.string(),
    /** Version string. */
    version: s.string(),
    /** Locale code. */
    locale: s.string(),
  }),
});

const pageActionTarget = s.oneOf(["markdown", "page", "source", "github"]);

export const docsConfigFields = {
  /** Docs source route and folder, e.g. `"docs"`. Required. */
  entry: s.string(),
  /** Public route prefix; `""` serves the docs from `/`. Defaults to `entry`. */
  docsPath: s.string(),
  /** Content folder; defaults to `entry` (or `app/<entry>` in a Next.js layout). */
  contentDir: s.string(),
  /** Build a fully static site: search, MCP over HTTP, feedback and the API catalog are off. @default false */
  staticExport: s.boolean(false),
  /** Theme from `createTheme()` / `extendTheme()`. */
  theme: s.object({
    /** Theme name. @default "default" */
    name: s.string("default"),
    ui: uiConfig,
  }),
  /** Repository for "Edit this page" links: a URL or `{ url, branch, directory }`. */
  github: s.or(
    s.string(),
    s.object({
      /** Repository URL, e.g. `https://github.com/acme/docs`. */
      url: s.string(),
      /** Branch edit links open. @default "main" */
      branch: s.string("main"),
      /** Monorepo subdirectory of the site; edit links need it. */
      directory: s.string(),
    }),
  ),
  /** Sidebar header. */
  nav: s.object({
    /** Site title (string or element); a site without a text title is called "Docs". */
    title: s.unknown<unknown>(),
    /** Where the title links; defaults to the docs root. */
    url: s.string(),
  }),
  /** Light/dark toggle. @default true */
  themeToggle: s.toggle(true, {
    /** Initial theme, or the forced one when the toggle is off. @default "system" */
    default: s.oneOf(["light", "dark", "system"], "system"),
    /** Toggle states. @default "light-dark" */
    mode: s.oneOf(["light-dark", "light-dark-system"], "light-dark"),
  }),
  /** Breadcrumbs above the title. @default true */
  breadcrumb: s.toggle(true, {
    /** A breadcrumb component (Next.js adapter only). */
    component: s.unknown(),
  }),
  /** The sidebar. @default true */
  sidebar: s.toggle(true, {
    /** A render function receiving `tree`, `collapsible`, `flat` (Next.js and TanStack adapters). */
    component: s.unknown(),
    /** Content below the sidebar's links: Markdown (raw HTML is dropped) or a JSX element. */
    footer: s.unknown(),
    /** Content above the sidebar's links: Markdown (raw HTML is dropped) or a JSX element. */
    banner: s.unknown(),
    /** Folders can be collapsed. @default true */
    collapsible: s.boolean(true),
    /** One flat list instead of nested folders. @default false */
    flat: s.boolean(false),
    /** How a folder's landing page shows. @default "link" */
    folderIndexBehavior: s.oneOf(["link", "toggle", "hidden"], "link"),
    /** Per-folder override, keyed by the folder's landing URL. */
    folderIndexBehaviorOverrides: s.record(folderIndexBehavior),
  }),
  /** Icon registry for frontmatter `icon` and built-in components. */
  icons: s.record(s.unknown()),
  /** MDX component overrides, merged over the built-ins. */
  components: s.record(s.unknown()),
  /** Product and usage events. @default false */
  analytics: s.toggle(false, eventStream<AnalyticsEvent>()),
  /**
   * Maintainer telemetry: anonymous, coarse, sent by the runtime only in production (`NODE_ENV=production`), never
   * for loopback or `*.localhost` origins, and only to an `endpoint` (or `DOCS_TELEMETRY_ENDPOINT`). Off with `false`,
   * `DOCS_TELEMETRY=false` or `DOCS_TELEMETRY_DISABLED=1`. @default true */
  telemetry: s.toggle(true, {
    /** Origin reported; the request's origin when absent. */
    siteOrigin: s.string(),
    /** Ingestion endpoint (POST JSON); `DOCS_TELEMETRY_ENDPOINT` when absent; without either nothing is sent. */
    endpoint: s.string(),
  }),
  /** Trace events for Ask AI and MCP runs. @default false */
  observability: s.toggle(false, eventStream<TraceEvent>()),
  /** Called when a code block's copy button is clicked. */
  onCopyClick: s.fn<(data: CodeBlockCopyData) => void>(),
  /** Page feedback: the human widget is off by default; the agent endpoints are on. @default false */
  feedback: s.toggle(false, {
    /** Question above the buttons. @default "How is this guide?" */
    question: s.string("How is this guide?"),
    /** @default "Good" */
    positiveLabel: s.string("Good"),
    /** @default "Bad" */
    negativeLabel: s.string("Bad"),
    /** Ask for a comment before sending. @default false */
    requireComment: s.boolean(false),
    /** Called with each vote. */
    onFeedback: s.fn<(data: DocsFeedbackData) => void | Promise<void>>(),
    /** Agent feedback endpoints. @default true */
    agent: agentFeedback,
  }),
  /** Compaction defaults, golden evaluations and the content-changes feed. */
  agent: s.object({
    /** Defaults of `docs agent compact`. */
    compact: s.openObject({
      /** Output token target of a compacted page. */
      maxOutputTokens: s.number(),
      /** Lower bound of the target; clamped to a page's own `agent.tokenBudget`. */
      minOutputTokens: s.number(),
    }),
    /** Golden evaluations. @default true */
    evaluations: s.toggle(true, {
      /** Hard UTF-8 context-byte ceiling. @default 4000 */
      tokenBudget: s.number(4000),
      /** Ranking depth. @default 5 */
      topK: s.number(5),
      /** @default "mcp-context" */
      surface: s.oneOf(["mcp-context", "configured-search", "ask-ai-context"], "mcp-context"),
      /** @default false */
      allowNetwork: s.boolean(false),
      /** @default 30000 */
      searchTimeoutMs: s.number(30000),
      /** Answer provider: `{ provider: "callback", run }` or `{ provider: "http", endpoint, headers?, timeoutMs? }`. */
      answer: s.openObject({
        /** `"callback"` or `"http"`. */
        provider: s.unknown(),
        /** Callback provider: returns `{ text, citations? }`. */
        run: s.fn(),
        /** HTTP provider: URL to POST the task to. */
        endpoint: s.string(),
        /** HTTP provider: request headers (credentials; never in reports). */
        headers: s.record(s.string()),
        /** HTTP provider: timeout in ms. */
        timeoutMs: s.number(),
      }),
      /** Golden tasks; none means unmeasured. */
      tasks: s.array(evaluationTask),
    }),
    /** Serve the content-changes feed (always off under staticExport). @default true */
    contentChanges: s.boolean(true),
  }),
  /** Docs Review. @default true */
  review: s.toggle(true, {
    /** Review in CI. @default true */
    ci: s.toggle(true, {
      /** @default "docs-review" */
      name: s.string("docs-review"),
      /** @default "warn" */
      mode: s.oneOf(["off", "warn", "block"], "warn"),
      /** @default true */
      annotations: s.boolean(true),
      /** @default true */
      comment: s.boolean(true),
    }),
    /** Score settings and severity weights. */
    score: s.openObject({
      /** Healthy score. @default 80 */
      threshold: s.number(80),
      /** Points one error finding takes off 100. @default 10 */
      error: s.number(10),
      /** Points one warning takes off 100. @default 3 */
      warn: s.number(3),
      /** Points one suggestion takes off 100. @default 1 */
      suggestion: s.number(1),
    }),
    /** Severity per rule id, e.g. `{ brokenLinks: "warn" }`. */
    rules: s.record(s.oneOf(["off", "suggestion", "warn", "error"])),
  }),
  /** Reading-time label. @default false */
  readingTime: s.toggle(false, {
    /** @default 220 */
    wordsPerMinute: s.number(220),
    /** `long` reads "3 min read", `short` "3 min". @default "long" */
    format: s.oneOf(["long", "short"], "long"),
    /** Count code too. @default false */
    includeCode: s.boolean(false),
  }),
  /** Copy Markdown and Open in LLM buttons. */
  pageActions: s.object({
    /** @default "below-title" */
    position: s.oneOf(["above-title", "below-title"], "below-title"),
    /** @default "left" */
    alignment: s.oneOf(["left", "right"], "left"),
    /** @default false */
    copyMarkdown: s.toggle(false, {
      /** @default "markdown" */
      format: s.oneOf(["markdown", "text"], "markdown"),
      /** @default "Copy page" */
      label: s.string("Copy page"),
      /** @default "Copied!" */
      copiedLabel: s.string("Copied!"),
      /** @default false */
      includeTitle: s.boolean(false),
    }),
    /** @default false */
    openDocs: s.toggle(false, {
      /** @default "markdown" */
      target: s.oneOf(["markdown", "page", "source", "github"], "markdown"),
      /** Prompt sent with `{url}`; defaults to asking to read the page. */
      prompt: s.string(),
      /** The LLM providers offered; two presets when absent. */
      providers: s.array(
        s.object({
          /** One of the built-in preset ids, or your own. */
          id: s.string(),
          /** Label. */
          name: s.string(),
          /** Icon key or element. */
          icon: s.unknown(),
          /** Which URL fills `{url}`. */
          target: pageActionTarget,
          /** Prompt for this provider. */
          prompt: s.string(),
          /** `app` opens the provider's app deeplink (one preset only). */
          mode: s.oneOf(["web", "app"]),
          /** URL with `{prompt}`, `{url}`, `{pageUrl}`, `{markdownUrl}`, `{sourceUrl}`, `{mdxUrl}`, `{githubUrl}`. */
          urlTemplate: s.string(),
          /** URL used by the `Prompt` component, with `{prompt}`. */
          promptUrlTemplate: s.string(),
        }),
      ),
    }),
  }),
  /** Ask AI chat. */
  ai: s.object({
    /** @default false */
    enabled: s.boolean(false),
    /** @default "search" */
    mode: s.oneOf(["search", "floating"], "search"),
    /** @default "bottom-right" */
    position: s.oneOf(["bottom-right", "bottom-left", "bottom-center"], "bottom-right"),
    /** @default "panel" */
    floatingStyle: s.oneOf(["panel", "modal", "popover", "full-modal"], "panel"),
    /** A custom button that opens the chat. */
    triggerComponent: s.unknown(),
    /** OpenAI-compatible model id. @default "gpt-4o-mini" */
    model: s.string("gpt-4o-mini"),
    /** Replaces the generated system prompt. */
    systemPrompt: s.string(),
    /** OpenAI-compatible API base URL (`/chat/completions` is appended). @default "https://api.openai.com/v1" */
    baseUrl: s.string("https://api.openai.com/v1"),
    /** API key; when absent the runtime reads `DOCS_AI_API_KEY`, then `OPENAI_API_KEY` (never written to dist/). */
    apiKey: s.string(),
    /** Pages retrieved as context. @default 5 */
    maxResults: s.number(5),
    /** Retrieve through MCP `search_docs`. @default false */
    useMcp: s.orDefault(false, s.boolean(), s.openObject()),
    /** Questions offered before the first message. */
    suggestedQuestions: s.array(s.string()),
    /** @default "AI" */
    aiLabel: s.string("AI"),
    /** Copy/like/dislike row. @default true */
    feedback: s.orDefault(true, s.boolean(), s.openObject()),
    /** Called on copy, like and dislike. */
    onActions: s.fn<(data: DocsAskAIActionData) => void | Promise<void>>(),
    /** Package named in the system prompt; inferred from package.json. */
    packageName: s.string(),
    /** Public docs URL; also a base URL for absolute links. */
    docsUrl: s.string(),
    /** @default "shimmer-dots" */
    loader: s.oneOf(
      [
        "shimmer-dots",
        "circular",
        "dots",
        "typing",
        "wave",
        "bars",
        "pulse",
        "pulse-dot",
        "terminal",
        "text-blink",
        "text-shimmer",
        "loading-dots",
      ],
      "shimmer-dots",
    ),
    /** A loading indicator of your own (Next.js adapter only). */
    loadingComponent: s.fn(),
  }),
  /** Search. @default true */
  search: s.toggle(true, searchFields),
  /** The MCP server (stdio, the canonical route and its aliases). @default true */
  mcp: s.toggle(true, {
    /** Canonical MCP route. @default "/api/docs/mcp" */
    route: s.string(DEFAULT_MCP_ROUTE),
    /** Server name; defaults to `nav.title` or the package name. */
    name: s.string(),
    /** Server version. @default "0.0.0" */
    version: s.string("0.0.0"),
    /** Tool toggles; every tool is on unless set to false. */
    tools: s.object({
      /** @default true */
      listDocs: s.boolean(true),
      /** @default true */
      listPages: s.boolean(true),
      /** @default true */
      listTasks: s.boolean(true),
      /** @default true */
      readTask: s.boolean(true),
      /** @default true */
      getNavigation: s.boolean(true),
      /** @default true */
      searchDocs: s.boolean(true),
      /** @default true */
      readPage: s.boolean(true),
      /** @default true */
      getCodeExamples: s.boolean(true),
      /** @default true */
      getConfigSchema: s.boolean(true),
      /** @default true */
      getContext: s.boolean(true),
    }),
    /** HTTP access policy (SPEC 5); stdio is unaffected. */
    security: s.object({
      /** Origins accepted when a request sends `Origin`. @default "same-origin" */
      allowedOrigins: s.typed<AllowedOrigins>()(
        s.orDefault("same-origin", s.oneOf(["same-origin"]), s.array(s.string()), s.fn()),
      ),
      /** Returns a principal, null (401) or a Response; public when absent. */
      authenticate: s.fn<AuthenticateCallback>(),
      /** Largest POST body in bytes. @default 1048576 */
      maxBodyBytes: s.number(1048576),
      /** Exact-origin CORS for accepted origins. @default true */
      cors: s.toggle(true, {
        /** Headers allowed beyond the MCP ones. @default [] */
        allowedHeaders: s.array(s.string(), []),
        /** Headers exposed beyond the MCP ones. @default [] */
        exposedHeaders: s.array(s.string(), []),
        /** @default false */
        allowCredentials: s.boolean(false),
        /** Preflight cache in seconds. @default 600 */
        maxAgeSeconds: s.number(600),
      }),
    }),
  }),
  /** Generated API reference. @default false */
  apiReference: s.toggle(false, {
    /** Renderer id; framework-aware when absent. */
    renderer: s.string(),
    /** Route of the reference pages. @default "api-reference" */
    path: s.string("api-reference"),
    /** A project-relative JSON/YAML OpenAPI file or an absolute URL; turns off route scanning. */
    specUrl: s.string(),
    /** Folder scanned for API routes. @default "api" */
    routeRoot: s.string("api"),
    /** Routes left out of scanning. @default [] */
    exclude: s.array(s.string(), []),
    /**
     * API versions: `{ id, specUrl?, overlays?, title? }` each. `id` is URL-safe; a version without `specUrl` builds
     * the top-level one (editions of one contract through overlays). The default version keeps `path`; the others
     * live under `path/<id>`, and `/api/docs?format=openapi&version=<id>` serves their contracts.
     */
    versions: s.array(s.openObject()),
    /** The version at `path`. Defaults to the first version. */
    defaultVersion: s.string(),
    /**
     * Overlay 1.0/1.1 documents (project-relative files, https URLs or objects), applied in order to every version's
     * contract before `$ref`s are resolved; a version's own `overlays` follow these.
     */
    overlays: s.array(s.unknown()),
  }),
  /** sitemap.xml and the Markdown sitemaps. @default true */
  sitemap: s.openToggle(true, {
    /** Site origin for absolute URLs, e.g. `https://docs.example.com`. */
    baseUrl: s.string(),
  }),
  /** robots.txt. @default true */
  robots: s.toggle(true, {
    /** Where `docs robots generate` writes (SvelteKit projects: `static/robots.txt`). @default "public/robots.txt" */
    path: s.string("public/robots.txt"),
    /** Origin of the Sitemap line; defaults to `sitemap.baseUrl` or `llmsTxt.baseUrl`. */
    baseUrl: s.string(),
    /** AI crawlers. @default "allow" */
    ai: s.orDefault("allow", s.boolean(), s.oneOf(["allow", "disallow"])),
    /** Extra AI crawler tokens. */
    aiUserAgents: s.stringOrList(),
    /** Extra robots.txt groups. @default [] */
    extraRules: s.array(
      s.object({
        /** Product tokens the group applies to; `*` when absent. */
        userAgent: s.stringOrList(),
        /** Allow lines. */
        allow: s.stringOrList(),
        /** Disallow lines. */
        disallow: s.stringOrList(),
        /** Crawl-delay, emitted as written. */
        crawlDelay: s.number(),
      }),
      [],
    ),
  }),
  /** llms.txt and llms-full.txt. */
  llmsTxt: s.object({
    /** @default true */
    enabled: s.boolean(true),
    /** Origin for absolute links; defaults to the request origin. */
    baseUrl: s.string(),
    /** Defaults to `nav.title`, else "Documentation". */
    siteTitle: s.string(),
    /** The `>` summary line; defaults to `metadata.description`. */
    siteDescription: s.string(),
    /** Size budget of each compact llms file. */
    maxChars: s.object({
      /** @default "warn" */
      mode: s.oneOf(["warn", "error", "off"], "warn"),
      /** @default 50000 */
      chars: s.number(50000),
    }),
    /** Per-section llms files, by URL matcher such as `/docs/api/**`. @default [] */
    sections: s.array(
      s.object({
        /** Section title in the root llms.txt. */
        title: s.string(),
        /** One line after the link. */
        description: s.string(),
        /** URL matcher(s); the first one's prefix is where the section's files are served. */
        match: s.stringOrList(),
        /** This section's budget; the global one when absent. */
        maxChars: s.number(),
      }),
      [],
    ),
    /** Publish /.well-known/api-catalog. @default true */
    apiCatalog: s.boolean(true),
  }),
  /** Changelog pages. @default false */
  changelog: s.toggle(false, {
    /** @default "changelog" */
    path: s.string("changelog"),
    /** @default "changelog" */
    contentDir: s.string("changelog"),
    /** @default "Changelog" */
    title: s.string("Changelog"),
    /** Description of the listing page. */
    description: s.string(),
    /** @default true */
    search: s.boolean(true),
    /** Actions shown on each entry (Next.js adapter only). */
    actionsComponent: s.unknown(),
  }),
  /** Sidebar order: `alphabetical`, `numeric` (frontmatter `order`) or an explicit tree. @default "alphabetical" */
  ordering: s.typed<"alphabetical" | "numeric" | OrderingItem[]>()(
    s.orDefault("alphabetical", s.oneOf(["alphabetical", "numeric"]), s.array(orderingItem)),
  ),
  /** Last-updated date. @default true */
  lastUpdated: s.toggle(true, {
    /** Empty string shows the date only. @default "Last updated" */
    label: s.string("Last updated"),
    /** @default "footer" */
    position: s.oneOf(["footer", "below-title"], "footer"),
  }),
  /** SEO metadata. */
  metadata: s.object({
    /** `%s` is the page title; defaults to `%s | <site title>`. */
    titleTemplate: s.string(),
    /** Site description: meta description of pages without their own. */
    description: s.string(),
    /** @default "summary_large_image" */
    twitterCard: s.oneOf(["summary", "summary_large_image"], "summary_large_image"),
  }),
  /** Open Graph images. */
  og: s.object({
    /** Giving `type` turns it on. */
    enabled: s.boolean(),
    /** @default "static" */
    type: s.oneOf(["static", "dynamic"], "static"),
    /** The dynamic image route, given `?title=&description=`. */
    endpoint: s.string(),
    /** Image for pages without their own. */
    defaultImage: s.string(),
  }),
  /**
   * Locales (issue 14): the default locale's pages at the content root, each other locale's in `<contentDir>/<code>/`,
   * served under `/<code>/…` with `<html lang dir>`, `hreflang` alternates and a language switcher.
   */
  i18n: s.object(i18nFields),
  /** Code block checks. */
  codeBlocks: s.openObject({
    /** Validation of code blocks; `{ report: … }`. */
    validate: s.unknown(),
  }),
};

export const docsConfigShape = s.object(docsConfigFields);

export type { ColorsConfig } from "./config-schema-theme.ts";

/** SPEC 2.1: the object passed to `defineDocs`. */
export type DocsConfig = ConfigOf<typeof docsConfigFields> & { entry: string };

/** The config with every declared default applied (`fillDefaults(docsConfigShape, config)`). */
export type FilledDocsConfig = Filled<typeof docsConfigShape>;
