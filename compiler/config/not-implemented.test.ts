import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatMessage } from "../diagnostics.ts";
import { build } from "../index.ts";
import { loadConfig } from "./load.ts";
import { NOT_IMPLEMENTED, notImplementedWarnings } from "./not-implemented.ts";
import { checkConfig } from "./resolve.ts";

const sites: string[] = [];

async function site(config: string, files: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "quire-not-implemented-"));
  sites.push(root);
  for (const [file, text] of Object.entries({ "docs.config.ts": config, ...files })) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

/** `line:col key` of each warning, after the config passed validation. */
async function warningsOf(config: string): Promise<string[]> {
  const loaded = await loadConfig(await site(config));
  checkConfig(loaded);
  return notImplementedWarnings(loaded).map((m) => {
    expect(m).toMatchObject({ severity: "warning", rule: "config/not-implemented", file: "docs.config.ts" });
    return `${m.line}:${m.column} ${/^"([^"]+)"/.exec(m.reason)?.[1]}`;
  });
}

afterEach(async () => {
  await Promise.all(sites.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

const EVERY_KEY = `import { defineDocs } from "quire";

export default defineDocs({
  entry: "docs",
  nav: { title: { type: "span", props: {} } },
  theme: {
    ui: {
      sidebar: { background: "#fff", borderColor: "#eee" },
      card: { radius: "4px" },
      typography: { font: { h1: { size: "2rem" }, h2: { size: "1.5rem" }, h3: { size: "1.2rem" }, body: { size: "1rem" }, small: { size: "0.8rem" } } },
    },
  },
  breadcrumb: { component: () => null },
  sidebar: { footer: "f", banner: "b", component: () => null },
  telemetry: { siteOrigin: "https://docs.example.com" },
  onCopyClick: () => {},
  feedback: { question: "Was this helpful?", agent: { enabled: true } },
  agent: { compact: { maxOutputTokens: 2000 }, evaluations: { tasks: [] } },
  review: { enabled: true },
  pageActions: { copyMarkdown: true },
  ai: { enabled: true, mode: "search", triggerComponent: () => null, loadingComponent: () => null },
  search: { provider: "typesense", syncOnSearch: true },
  apiReference: { routeRoot: "api", exclude: ["/api/x"], versions: [], defaultVersion: "v1", overlays: [], renderer: "x" },
  changelog: { path: "changelog", actionsComponent: () => null },
  og: { type: "dynamic", endpoint: "/og" },
  i18n: { locales: ["en", "fr"] },
  codeBlocks: { validate: { mode: "report" } },
});
`;

describe("config keys that nothing implements yet", () => {
  it("warns once per written key, at the key, naming it", async () => {
    expect(await warningsOf(EVERY_KEY)).toEqual([
      "21:40 ai.triggerComponent",
      "21:70 ai.loadingComponent",
      "23:108 apiReference.renderer",
      "24:35 changelog.actionsComponent",
      "14:40 sidebar.component",
      "13:17 breadcrumb.component",
      "5:10 nav.title",
      "9:7 theme.ui.card",
    ]);
  });

  it("covers every entry of the list in the test above", async () => {
    const warned = new Set((await warningsOf(EVERY_KEY)).map((w) => w.split(" ")[1]));
    expect(NOT_IMPLEMENTED.map((entry) => entry.path.join(".")).filter((key) => !warned.has(key))).toEqual([]);
  });

  it("stays quiet for keys that are off, or that ask only for what is implemented", async () => {
    expect(
      await warningsOf(`export default {
  entry: "docs",
  nav: { title: "Acme" },
  sidebar: { collapsible: false },
  telemetry: false,
  review: { enabled: false },
  apiReference: { enabled: false },
  changelog: false,
  feedback: { agent: { route: "/api/feedback" } },
  ai: { docsUrl: "https://docs.example.com" },
  og: { type: "static" },
  search: { provider: "typesense", syncOnSearch: false },
};
`),
    ).toEqual([]);
  });

  it("stays quiet for the human feedback widget, page actions, onCopyClick and telemetry (issue 13)", async () => {
    expect(
      await warningsOf(
        `export default { entry: "docs", feedback: true, pageActions: { copyMarkdown: true }, onCopyClick: () => {}, telemetry: {}, og: { enabled: false, type: "dynamic" } };\n`,
      ),
    ).toEqual([]);
  });

  it("reaches the build's warnings and the diagnostics report", async () => {
    const root = await site(
      `import { defineDocs } from "quire";\n\nexport default defineDocs({\n  entry: "docs",\n  sitemap: { baseUrl: "https://docs.example.com" },\n  apiReference: { specUrl: "openapi.yaml", renderer: "x" },\n});\n`,
      {
        "docs/page.md": "---\ntitle: Home\n---\n\n# Home\n",
        "openapi.yaml":
          "openapi: 3.1.0\ninfo: { title: T, version: '1' }\npaths:\n  /ping:\n    get:\n      responses: { '200': { description: ok } }\n",
      },
    );
    const result = await build({ root, outDir: path.join(root, "dist"), git: false });
    expect(result.warnings.map(formatMessage)).toEqual([
      `docs.config.ts:6:44 "apiReference.renderer" is not implemented yet: the reference is rendered by Quire's own page layout whatever renderer is named [config/not-implemented]\n` +
        "  the key is accepted so that configs written for the full spec build; remove it to silence this warning",
    ]);
    const report = JSON.parse(await readFile(path.join(root, "dist", "_docs", "diagnostics.json"), "utf8"));
    expect(report.issues).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        code: "config/not-implemented",
        file: "docs.config.ts",
        line: 6,
        column: 44,
      }),
    );
  }, 60_000);
});
