/** Broken fixture sites: the build fails with every error positioned, and never touches the old dist/. */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BuildFailure, formatMessage } from "./diagnostics.ts";
import { build } from "./index.ts";

const broken = path.resolve(import.meta.dirname, "../fixtures/broken");

async function failureOf(site: string): Promise<string[]> {
  const out = await mkdtemp(path.join(tmpdir(), "quire-broken-"));
  try {
    await build({ root: path.join(broken, site), outDir: path.join(out, "dist"), git: false });
  } catch (error) {
    if (error instanceof BuildFailure) return error.messages.filter((m) => m.severity === "error").map(formatMessage);
    throw error;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  throw new Error(`${site} built without errors`);
}

describe("broken sites fail with positioned messages", () => {
  it("reports a YAML syntax error at its line and column", async () => {
    const [message] = await failureOf("bad-yaml");
    expect(message).toMatch(/^docs\/page\.md:6:2 invalid YAML frontmatter: bad indentation/);
  });

  it("reports an unclosed JSX tag where it opens", async () => {
    const [message] = await failureOf("unclosed-jsx");
    expect(message).toMatch(/^docs\/page\.mdx:11:1 invalid MDX: Expected a closing tag for `<Callout>`/);
  });

  it("names an unknown config key with the closest valid name", async () => {
    const [message] = await failureOf("unknown-config-key");
    expect(message).toBe('docs.config.ts:6:3 unknown key "sidbar" — did you mean "sidebar"? [config/unknown-key]');
  });

  it("requires a title", async () => {
    const [message] = await failureOf("missing-title");
    expect(message).toMatch(/^docs\/guide\/page\.md:1:1 frontmatter is missing the required "title"/);
  });

  it("rejects a non-numeric order", async () => {
    const [message] = await failureOf("bad-order-type");
    expect(message).toMatch(/^docs\/page\.md:3:1 frontmatter "order" must be number, got string "first"/);
  });

  it("reports every broken page of one build together", async () => {
    const messages = await failureOf("multiple-errors");
    expect(messages.some((m) => m.startsWith("docs/first/page.md:4:1 "))).toBe(true);
    expect(messages.some((m) => m.startsWith("docs/second/page.mdx:9:1 "))).toBe(true);
  });
});

describe("a failed build is atomic", () => {
  it("leaves the previous dist/ exactly as it was", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "quire-atomic-"));
    const dist = path.join(out, "dist");
    await mkdir(dist);
    await writeFile(path.join(dist, "previous.html"), "previous build");
    await expect(build({ root: path.join(broken, "multiple-errors"), outDir: dist, git: false })).rejects.toBeInstanceOf(BuildFailure);
    expect(await readFile(path.join(dist, "previous.html"), "utf8")).toBe("previous build");
    expect(existsSync(path.join(dist, "index.html"))).toBe(false);
    await rm(out, { recursive: true, force: true });
  });
});
