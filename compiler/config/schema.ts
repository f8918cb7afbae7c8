/** SPEC 2.1–2.20: every key `defineDocs()` accepts. Types the spec leaves "not shown" are open objects. */
import { s, type Shape } from "./shape.ts";

const colors = s.object(Object.fromEntries(
  ["primary", "primaryForeground", "background", "foreground", "muted", "mutedForeground", "border", "card",
    "cardForeground", "accent", "accentForeground", "secondary", "secondaryForeground", "popover",
    "popoverForeground", "ring"].map((k) => [k, s.string()]),
));

const fontStyle = s.object({ size: s.string(), weight: s.or(s.string(), s.number()), lineHeight: s.string(), letterSpacing: s.string() });

const uiConfig = s.object({
  colors,
  typography: s.object({
    font: s.object({ style: s.object({ sans: s.string(), mono: s.string() }), h1: fontStyle, h2: fontStyle, h3: fontStyle, body: fontStyle, small: fontStyle }),
  }),
  radius: s.string(),
  layout: s.object({
    contentWidth: s.number(), sidebarWidth: s.number(), tocWidth: s.number(),
    header: s.object({ height: s.number(), sticky: s.boolean() }),
    toc: s.object({ enabled: s.boolean(), depth: s.number() }),
  }),
  codeBlock: s.object({ showLineNumbers: s.boolean(), showCopyButton: s.boolean(), theme: s.string(), darkTheme: s.string() }),
  sidebar: s.object({ style: s.oneOf("default", "bordered", "floating"), background: s.string(), borderColor: s.string() }),
  card: s.openObject(),
});

const folderBehavior = s.oneOf("link", "toggle", "hidden");
const orderingItem: Shape = { kind: "object", fields: { slug: s.string() } };
(orderingItem as { fields: Record<string, Shape> }).fields.children = s.array(orderingItem);

const chunking = s.object({ strategy: s.oneOf("page", "section") });
const searchProviderFields = {
  enabled: s.boolean(), provider: s.oneOf("simple", "typesense", "algolia", "mcp", "custom"), maxResults: s.number(), chunking,
  baseUrl: s.string(), collection: s.string(), apiKey: s.string(), adminApiKey: s.string(), syncOnSearch: s.boolean(),
  queryBy: s.array(s.string()), mode: s.oneOf("keyword", "hybrid"),
  embeddings: s.object({ provider: s.string(), model: s.string(), baseUrl: s.string() }),
  appId: s.string(), indexName: s.string(), searchApiKey: s.string(),
  endpoint: s.string(), headers: s.record(s.string()), toolName: s.string(), protocolVersion: s.string(),
  adapter: s.unknown(),
};

const agentFeedback = s.toggle({ enabled: s.boolean(), route: s.string(), schemaRoute: s.string(), schema: s.openObject(), onFeedback: s.fn() });

const streamConfig = { enabled: s.boolean(), console: s.or(s.boolean(), s.oneOf("log", "info", "debug")), includeInputs: s.boolean(), onEvent: s.fn() };

const evaluationTask = s.openObject({ id: s.string(), query: s.string(), expect: s.openObject(), filters: s.object({ framework: s.string(), version: s.string(), locale: s.string() }) });

const pageActionTarget = s.oneOf("markdown", "page", "source", "github");

export const docsConfigShape = s.object({
  entry: s.string(),
  docsPath: s.string(),
  contentDir: s.string(),
  staticExport: s.boolean(),
  theme: s.object({ name: s.string(), ui: uiConfig }),
  github: s.or(s.string(), s.object({ url: s.string(), branch: s.string(), directory: s.string() })),
  nav: s.object({ title: s.unknown(), url: s.string() }),
  themeToggle: s.toggle({ enabled: s.boolean(), default: s.oneOf("light", "dark", "system"), mode: s.oneOf("light-dark", "light-dark-system") }),
  breadcrumb: s.toggle({ enabled: s.boolean(), component: s.unknown() }),
  sidebar: s.toggle({
    enabled: s.boolean(), component: s.unknown(), footer: s.unknown(), banner: s.unknown(), collapsible: s.boolean(), flat: s.boolean(),
    folderIndexBehavior: folderBehavior, folderIndexBehaviorOverrides: s.record(folderBehavior),
  }),
  icons: s.record(s.unknown()),
  components: s.record(s.unknown()),
  analytics: s.toggle(streamConfig),
  telemetry: s.toggle({ enabled: s.boolean(), siteOrigin: s.string(), endpoint: s.string() }),
  observability: s.toggle(streamConfig),
  onCopyClick: s.fn(),
  feedback: s.toggle({
    enabled: s.boolean(), question: s.string(), positiveLabel: s.string(), negativeLabel: s.string(),
    requireComment: s.boolean(), onFeedback: s.fn(), agent: agentFeedback,
  }),
  agent: s.object({
    compact: s.openObject({ maxOutputTokens: s.number(), minOutputTokens: s.number() }),
    evaluations: s.toggle({
      enabled: s.boolean(), tokenBudget: s.number(), topK: s.number(), surface: s.oneOf("mcp-context", "configured-search", "ask-ai-context"),
      allowNetwork: s.boolean(), searchTimeoutMs: s.number(),
      answer: s.openObject({ provider: s.unknown(), run: s.fn(), endpoint: s.string(), headers: s.record(s.string()), timeoutMs: s.number() }),
      tasks: s.array(evaluationTask),
    }),
    contentChanges: s.boolean(),
  }),
  review: s.toggle({
    enabled: s.boolean(),
    ci: s.toggle({ enabled: s.boolean(), name: s.string(), mode: s.oneOf("off", "warn", "block"), annotations: s.boolean(), comment: s.boolean() }),
    score: s.openObject({ threshold: s.number() }),
    rules: s.record(s.oneOf("off", "suggestion", "warn", "error")),
  }),
  readingTime: s.toggle({ enabled: s.boolean(), wordsPerMinute: s.number(), format: s.oneOf("long", "short"), includeCode: s.boolean() }),
  pageActions: s.object({
    position: s.oneOf("above-title", "below-title"), alignment: s.oneOf("left", "right"),
    copyMarkdown: s.toggle({ enabled: s.boolean(), format: s.oneOf("markdown", "text"), label: s.string(), copiedLabel: s.string(), includeTitle: s.boolean() }),
    openDocs: s.toggle({
      enabled: s.boolean(), target: pageActionTarget, prompt: s.string(),
      providers: s.array(s.object({
        id: s.string(), name: s.string(), icon: s.unknown(), target: pageActionTarget, prompt: s.string(),
        mode: s.oneOf("web", "app"), urlTemplate: s.string(), promptUrlTemplate: s.string(),
      })),
    }),
  }),
  ai: s.object({
    enabled: s.boolean(), mode: s.oneOf("search", "floating"), position: s.oneOf("bottom-right", "bottom-left", "bottom-center"),
    floatingStyle: s.oneOf("panel", "modal", "popover", "full-modal"), triggerComponent: s.unknown(), model: s.string(),
    systemPrompt: s.string(), baseUrl: s.string(), apiKey: s.string(), maxResults: s.number(),
    useMcp: s.or(s.boolean(), s.openObject()), suggestedQuestions: s.array(s.string()), aiLabel: s.string(),
    feedback: s.or(s.boolean(), s.openObject()), onActions: s.fn(), packageName: s.string(), docsUrl: s.string(),
    loader: s.oneOf("shimmer-dots", "circular", "dots", "typing", "wave", "bars", "pulse", "pulse-dot", "terminal", "text-blink", "text-shimmer", "loading-dots"),
    loadingComponent: s.fn(),
  }),
  search: s.toggle(searchProviderFields),
  mcp: s.toggle({
    enabled: s.boolean(), route: s.string(), name: s.string(), version: s.string(),
    tools: s.object(Object.fromEntries(
      ["listDocs", "listPages", "listTasks", "readTask", "getNavigation", "searchDocs", "readPage", "getCodeExamples", "getConfigSchema", "getContext"]
        .map((k) => [k, s.boolean()]),
    )),
    security: s.object({
      allowedOrigins: s.or(s.oneOf("same-origin"), s.array(s.string()), s.fn()),
      authenticate: s.fn(), maxBodyBytes: s.number(),
      cors: s.toggle({ allowedHeaders: s.array(s.string()), exposedHeaders: s.array(s.string()), allowCredentials: s.boolean(), maxAgeSeconds: s.number() }),
    }),
  }),
  apiReference: s.toggle({
    enabled: s.boolean(), renderer: s.string(), path: s.string(), specUrl: s.string(), routeRoot: s.string(), exclude: s.array(s.string()),
    versions: s.array(s.openObject()), defaultVersion: s.string(), overlays: s.array(s.unknown()),
  }),
  sitemap: s.or(s.boolean(), s.openObject({ enabled: s.boolean(), baseUrl: s.string() })),
  robots: s.toggle({
    enabled: s.boolean(), path: s.string(), baseUrl: s.string(), ai: s.or(s.boolean(), s.oneOf("allow", "disallow")),
    aiUserAgents: s.stringOrList(),
    extraRules: s.array(s.object({ userAgent: s.stringOrList(), allow: s.stringOrList(), disallow: s.stringOrList(), crawlDelay: s.number() })),
  }),
  llmsTxt: s.object({
    enabled: s.boolean(), baseUrl: s.string(), siteTitle: s.string(), siteDescription: s.string(),
    maxChars: s.object({ mode: s.oneOf("warn", "error", "off"), chars: s.number() }),
    sections: s.array(s.object({ title: s.string(), description: s.string(), match: s.stringOrList(), maxChars: s.number() })),
    apiCatalog: s.boolean(),
  }),
  changelog: s.toggle({
    enabled: s.boolean(), path: s.string(), contentDir: s.string(), title: s.string(), description: s.string(),
    search: s.boolean(), actionsComponent: s.unknown(),
  }),
  ordering: s.or(s.oneOf("alphabetical", "numeric"), s.array(orderingItem)),
  lastUpdated: s.toggle({ enabled: s.boolean(), label: s.string(), position: s.oneOf("footer", "below-title") }),
  metadata: s.object({ titleTemplate: s.string(), description: s.string(), twitterCard: s.oneOf("summary", "summary_large_image") }),
  og: s.object({ enabled: s.boolean(), type: s.oneOf("static", "dynamic"), endpoint: s.string(), defaultImage: s.string() }),
  i18n: s.unknown(),
  codeBlocks: s.openObject({ validate: s.unknown() }),
});
