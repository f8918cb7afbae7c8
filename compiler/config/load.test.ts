import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BuildFailure, formatMessage, type BuildMessage } from "../diagnostics.ts";
import { evaluateConfig, loadConfig } from "./load.ts";

const fixtures = path.resolve(import.meta.dirname, "../../fixtures");
const sites: string[] = [];

/** A throwaway site holding the given files. */
async function site(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "quire-load-"));
  sites.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

async function messagesOf(root: string): Promise<BuildMessage[]> {
  try {
    await loadConfig(root);
  } catch (error) {
    if (error instanceof BuildFailure) return error.messages;
    throw error;
  }
  throw new Error("config loaded");
}

const failureOf = async (root: string) => (await messagesOf(root)).map(formatMessage);

afterEach(async () => {
  await Promise.all(sites.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

describe("loadConfig", () => {
  it("loads the example fixture's docs.config.ts with its source", async () => {
    const loaded = await loadConfig(path.join(fixtures, "example"));
    expect(loaded.file).toBe("docs.config.ts");
    expect(loaded.source).toContain("defineDocs(");
    expect(loaded.value).toMatchObject({ entry: "docs", nav: { title: "Acme Queue" }, ordering: "numeric" });
  });

  it("loads docs.config.tsx with JSX components as functions", async () => {
    const loaded = await loadConfig(path.join(fixtures, "tsx-config"));
    const components = (loaded.value as { components: Record<string, unknown> }).components;
    expect(loaded.file).toBe("docs.config.tsx");
    expect(typeof components.Callout).toBe("function");
    expect((components.Callout as { name: string }).name).toBe("CustomCallout");
    expect(typeof components.Badge).toBe("function");
  });

  it("looks in src/lib/docs.config.ts and prefers docs.config.ts when several exist", async () => {
    expect(
      (await loadConfig(await site({ "src/lib/docs.config.ts": `export default { entry: "lib" };\n` }))).file,
    ).toBe("src/lib/docs.config.ts");
    const both = await site({
      "docs.config.ts": `export default { entry: "ts" };\n`,
      "docs.config.tsx": `export default { entry: "tsx" };\n`,
    });
    expect((await loadConfig(both)).value).toEqual({ entry: "ts" });
  });

  it("removes its temporary module after evaluating", async () => {
    const root = await site({ "docs.config.ts": `export default { entry: "docs" };\n` });
    await loadConfig(root);
    expect(await readdir(root)).toEqual(["docs.config.ts"]);
  });

  it("evaluates a bundle again as it was made, local imports included, whatever the file says since", async () => {
    const root = await site({
      "docs.config.ts": `import { title } from "./title.ts";\nexport default { entry: "docs", nav: { title } };\n`,
      "title.ts": `export const title = "First";\n`,
    });
    const { file, source, bundled } = await loadConfig(root);
    await writeFile(path.join(root, "title.ts"), `export const title = "Second";\n`);
    const again = await evaluateConfig(root, { file, source, bundled });
    expect(again).toEqual({ file, source, bundled, value: { entry: "docs", nav: { title: "First" } } });
    expect((await loadConfig(root)).value).toEqual({ entry: "docs", nav: { title: "Second" } });
    expect((await readdir(root)).sort()).toEqual(["docs.config.ts", "title.ts"]);
  });

  it("gives the module it evaluated last again for the same bundle, and evaluates a changed one", async () => {
    const root = await site({
      "docs.config.ts": `import { title } from "./title.ts";\nexport default { entry: "docs", nav: { title } };\n`,
      "title.ts": `export const title = "First";\n`,
    });
    const first = await loadConfig(root);
    const again = await loadConfig(root);
    expect(again.value).toBe(first.value);
    await writeFile(path.join(root, "title.ts"), `export const title = "Second";\n`);
    const changed = await loadConfig(root);
    expect(changed.value).not.toBe(first.value);
    expect(changed.value).toEqual({ entry: "docs", nav: { title: "Second" } });
  });

  it("loads a config again only once a file its bundle read changed (files older than the racy window)", async () => {
    const root = await site({
      "docs.config.ts": `import { title } from "./title.ts";\nexport default { entry: "docs", nav: { title } };\n`,
      "title.ts": `export const title = "First";\n`,
    });
    // Just written: within the racy window, so loaded again each time.
    expect(await loadConfig(root)).not.toBe(await loadConfig(root));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const settled = await loadConfig(root);
    expect(await loadConfig(root)).toBe(settled);
    await writeFile(path.join(root, "title.ts"), `export const title = "Second";\n`);
    expect((await loadConfig(root)).value).toEqual({ entry: "docs", nav: { title: "Second" } });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const again = await loadConfig(root);
    expect(await loadConfig(root)).toBe(again);
    // A tsconfig.json, which esbuild reads though no metafile lists it.
    await writeFile(path.join(root, "tsconfig.json"), "{}\n");
    expect(await loadConfig(root)).not.toBe(again);
  });

  // Only line and column here: the reported file currently follows the working directory (a known bug).
  it("reports a syntax error at its line and column in the config file", async () => {
    const root = await site({
      "docs.config.ts": `import { defineDocs } from "quire";\n\nexport default defineDocs({\n  entry: "docs",,\n});\n`,
    });
    expect(await messagesOf(root)).toMatchObject([
      { severity: "error", line: 4, column: 17, reason: `Expected identifier but found ","` },
    ]);
  });

  it("reports an unresolved import where it is written", async () => {
    const root = await site({ "docs.config.ts": `import entry from "./missing.ts";\nexport default { entry };\n` });
    expect(await messagesOf(root)).toMatchObject([
      { severity: "error", rule: "config/syntax", line: 1, column: 19, reason: `Could not resolve "./missing.ts"` },
    ]);
  });

  it("reports a config that throws at top level as not evaluable", async () => {
    const root = await site({
      "docs.config.ts": `throw new Error("no DOCS_TOKEN");\nexport default { entry: "docs" };\n`,
    });
    const [message] = await failureOf(root);
    expect(message).toMatch(
      /^docs\.config\.ts could not be evaluated: no DOCS_TOKEN \[config\/evaluate\]\n {2}use docs\.config\.tsx when the file contains JSX/,
    );
    expect(await readdir(root)).toEqual(["docs.config.ts"]);
  });

  it("requires a default export", async () => {
    const root = await site({ "docs.config.ts": `export const config = { entry: "docs" };\n` });
    expect(await failureOf(root)).toEqual([
      "docs.config.ts:1:1 the config module has no default export [config/no-default-export]\n  write `export default defineDocs({ ... })`",
    ]);
  });

  it("says where a config may live when there is none", async () => {
    const root = await site({ "docs/page.mdx": "---\ntitle: Home\n---\n" });
    const [message] = await failureOf(root);
    expect(message).toBe(
      `. no config found in ${root} [config/missing]\n  create one of docs.config.ts, docs.config.tsx, src/lib/docs.config.ts with \`export default defineDocs({ entry: "docs" })\``,
    );
  });
});

describe("config file names in messages", () => {
  it("names a syntax error's file relative to the site root, whatever the working directory", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "quire-load-"));
    await mkdir(path.join(root, "src", "lib"), { recursive: true });
    await writeFile(path.join(root, "src", "lib", "docs.config.ts"), `export default {\n  entry: "docs",,\n};\n`);
    const error = await loadConfig(root).catch((e: unknown) => e);
    await rm(root, { recursive: true, force: true });
    expect((error as BuildFailure).messages.map(formatMessage)).toEqual([
      `src/lib/docs.config.ts:2:17 Expected identifier but found "," [config/syntax]`,
    ]);
  });
});
