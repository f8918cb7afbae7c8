/** The discovery artifacts of real builds, checked for structure and with independent parsers. */
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuildFailure } from "../diagnostics.ts";
import { build } from "../index.ts";
import { readTree } from "../testing/tree.ts";

const fixtures = path.resolve(import.meta.dirname, "../../fixtures");
let scratch: string;
let example: Map<string, Buffer>;
let staticSite: Map<string, Buffer>;
const text = (tree: Map<string, Buffer>, file: string) => {
  const bytes = tree.get(file);
  if (!bytes) throw new Error(`${file} was not written`);
  return bytes.toString("utf8");
};
const json = (tree: Map<string, Buffer>, file: string) => JSON.parse(text(tree, file));

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "quire-surfaces-"));
  const built = async (site: string) => {
    const out = path.join(scratch, site);
    await build({ root: path.join(fixtures, site), outDir: out, git: false });
    return readTree(out);
  };
  [example, staticSite] = await Promise.all([built("example"), built("static-export")]);
}, 60_000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("llms.txt", () => {
  it("has the llmstxt.org shape with absolute .md links that exist and no page bodies", () => {
    const llms = text(example, "llms.txt");
    const lines = llms.split("\n");
    expect(lines[0]).toBe("# Acme Queue");
    expect(lines[2]).toMatch(/^> \S/);
    const links = [...llms.matchAll(/^- \[[^\]]+\]\((https:\/\/queue\.acme\.dev\/[^)]+\.md)\)/gm)].map((m) => m[1]);
    // Every page but the hidden `guides` parent, which sends people to its first child; its .md is still served.
    expect(links.length).toBe(23);
    expect(llms).not.toContain("/docs/guides.md)");
    expect(example.has("docs/guides.md")).toBe(true);
    for (const link of links) expect(example.has(new URL(link).pathname.slice(1)), link).toBe(true);
    expect(llms).toMatch(/^## Getting started$/m);
    expect(llms).not.toMatch(/AGENT-ONLY|HUMAN-ONLY|SHARED:/);
    expect(text(example, ".well-known/llms.txt")).toBe(llms);
  });

  it("puts the full agent projection of every page in llms-full.txt", () => {
    const full = text(example, "llms-full.txt");
    expect(full.match(/^<!-- source: /gm)?.length).toBe(24);
    expect(full).toContain("AGENT-ONLY:");
    expect(full).toContain("FROM-AGENT-MD");
    expect(full).not.toContain("HUMAN-ONLY");
  });

  it("writes per-section files at the match prefix and lists sections first in the root file", () => {
    const section = text(staticSite, "docs/reference/llms.txt");
    expect(section).toMatch(/^# Reference\n\n> API and CLI reference\./);
    expect(section).toContain("(https://static.example/docs/reference/api.md)");
    expect(section).not.toContain("guide.md");
    expect(text(staticSite, "docs/reference/llms-full.txt")).toContain("SHARED: the API reference.");
    const root = text(staticSite, "llms.txt");
    expect(root.indexOf("## Sections")).toBeGreaterThan(0);
    expect(root.indexOf("## Sections")).toBeLessThan(root.indexOf("## Docs"));
    expect(root).toContain("- [Reference](https://static.example/docs/reference/llms.txt): API and CLI reference.");
  });

  it("fails the build over an error-mode budget, naming the file and its size", async () => {
    const out = path.join(scratch, "over-budget");
    const failure = await build({
      root: path.join(fixtures, "broken/llms-over-budget"),
      outDir: out,
      git: false,
    }).catch((e) => e);
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).messages[0]).toMatchObject({
      severity: "error",
      rule: "llms/over-budget",
      file: "docs.config.ts",
    });
    expect((failure as BuildFailure).messages[0].reason).toMatch(
      /^llms\.txt is \d+ characters, over the llmsTxt\.maxChars budget of 100$/,
    );
  });
});

describe("AGENTS.md, skill.md and the Agent Skills index", () => {
  it("generates AGENTS.md with the Markdown routes, MCP endpoint and feedback route", () => {
    const agents = text(example, "AGENTS.md");
    expect(agents).toContain("https://queue.acme.dev/llms.txt");
    expect(agents).toContain("https://queue.acme.dev/api/docs/mcp");
    expect(agents).toContain("POST https://queue.acme.dev/api/docs/agent/feedback");
    expect(text(example, ".well-known/AGENTS.md")).toBe(agents);
  });

  it("copies a root AGENTS.md byte-for-byte", () => {
    expect(text(staticSite, "AGENTS.md")).toBe(text(staticSite, ".well-known/AGENTS.md"));
    expect(text(staticSite, "AGENTS.md")).toContain("SITE-AGENTS-MD");
  });

  it("indexes SKILL.md with a sha256 digest of the exact served bytes", () => {
    for (const tree of [example, staticSite]) {
      const index = json(tree, ".well-known/agent-skills/index.json");
      expect(index.skills).toHaveLength(1);
      const [skill] = index.skills;
      expect(skill).toMatchObject({ type: "skill-md", files: ["SKILL.md"] });
      expect(skill.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const served = tree.get(new URL(skill.url, "https://x").pathname.slice(1))!;
      expect(skill.digest).toBe(`sha256:${createHash("sha256").update(served).digest("hex")}`);
      expect(served.equals(tree.get("skill.md")!)).toBe(true);
    }
  });
});

describe("discovery manifest", () => {
  it("validates against the schema shipped at its $schema path, at all three routes", () => {
    for (const tree of [example, staticSite]) {
      const manifest = json(tree, ".well-known/agent.json");
      const schema = json(tree, new URL(manifest.$schema, "https://x").pathname.slice(1));
      const validate = new Ajv2020({ strict: true, validateFormats: false }).compile(schema);
      expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
      expect(manifest.format).toBe("docs-agent-manifest.v1");
      expect(text(tree, ".well-known/agent")).toBe(text(tree, ".well-known/agent.json"));
      expect(text(tree, "api/docs/agent/spec")).toBe(text(tree, ".well-known/agent.json"));
    }
  });

  it("tells the truth about server features under staticExport", () => {
    const on = json(example, ".well-known/agent.json");
    const off = json(staticSite, ".well-known/agent.json");
    expect(on.capabilities).toMatchObject({ mcp: true, search: true, feedback: true, apiCatalog: true });
    expect(off.capabilities).toMatchObject({
      mcp: false,
      search: false,
      feedback: false,
      apiCatalog: false,
      markdown: true,
      llmsTxt: true,
    });
    expect(off.mcp.tools.getContext).toBe(false);
    expect(off.mcp.name).toBe("static-docs");
    // A route is advertised only when something answers it: no catalog is written under staticExport.
    expect(on.api.apiCatalog).toBe("/.well-known/api-catalog");
    expect(off.api).not.toHaveProperty("apiCatalog");
  });
});

describe("API catalog", () => {
  it("is an RFC 9727 linkset with the docs API, and absent under staticExport", () => {
    const catalog = json(example, ".well-known/api-catalog");
    expect(catalog.linkset[0].anchor).toBe("https://queue.acme.dev/.well-known/api-catalog");
    expect(catalog.linkset[0].item.map((i: { href: string }) => i.href)).toContain("https://queue.acme.dev/api/docs");
    const api = catalog.linkset.find((l: { anchor: string }) => l.anchor === "https://queue.acme.dev/api/docs");
    expect(api["service-doc"][0]).toEqual({ href: "https://queue.acme.dev/docs", type: "text/html" });
    expect(staticSite.has(".well-known/api-catalog")).toBe(false);
    expect(text(example, "_headers")).toContain("/.well-known/api-catalog\n  Content-Type: application/linkset+json");
  });
});

describe("config map and diagnostics", () => {
  it("has one pointer per config field with dot paths and coarse kinds", () => {
    const map = json(staticSite, "_docs/config-map.json");
    expect(map.format).toBe("docs-config-map.v1");
    const kinds = Object.fromEntries(map.pointers.map((p: { path: string; kind: string }) => [p.path, p.kind]));
    expect(kinds).toMatchObject({
      entry: "string",
      staticExport: "boolean",
      "llmsTxt.sections": "array",
      "mcp.tools.getContext": "boolean",
      "search.searchApiKey": "secret",
    });
  });

  it("marks server-side features unavailable under staticExport", () => {
    const report = json(staticSite, "_docs/diagnostics.json");
    expect(report.format).toBe("docs-diagnostics.v1");
    const search = report.features.find((f: { name: string }) => f.name === "search");
    expect(search).toMatchObject({ enabled: true, available: false });
    expect(report.issues.some((i: { code: string }) => i.code === "static-export")).toBe(true);
  });

  it("never writes a planted credential anywhere in dist/", () => {
    for (const [file, bytes] of staticSite) expect(bytes.toString("utf8"), file).not.toMatch(/PLANTED-/);
  });
});

describe("public/ files", () => {
  it("win over generated files at the same path", () => {
    expect(text(staticSite, "robots.txt")).toContain("SITE-ROBOTS");
  });
});
