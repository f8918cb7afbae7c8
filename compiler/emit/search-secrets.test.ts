/** SPEC 2.14 keys are runtime secrets: a build of a site configured with them writes none of them to dist/. */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { build } from "../index.ts";

const SECRETS = [
  "ts-search-key-0a1b2c",
  "ts-admin-key-3d4e5f",
  "algolia-search-key-6a7b8c",
  "Bearer mcp-header-9d0e1f",
];
let root: string;
let dist: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "quire-search-secrets-"));
  dist = path.join(root, "dist");
  await cp("fixtures/example/docs", path.join(root, "docs"), { recursive: true });
  await writeFile(
    path.join(root, "docs.config.ts"),
    `import { defineDocs } from "quire";
export default defineDocs({
  entry: "docs",
  nav: { title: "Secrets" },
  search: {
    provider: "typesense", baseUrl: "https://search.example", collection: "docs", maxResults: 7,
    apiKey: "${SECRETS[0]}", adminApiKey: "${SECRETS[1]}", searchApiKey: "${SECRETS[2]}",
    headers: { authorization: "${SECRETS[3]}" },
  },
});
`,
  );
  await build({ root, outDir: dist, git: false });
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

it("compiles only the provider name and maxResults into _docs/site.json", async () => {
  const settings = JSON.parse(await readFile(path.join(dist, "_docs/site.json"), "utf8"));
  expect(settings.search).toEqual({
    enabled: true,
    provider: "typesense",
    maxResults: 7,
    chunking: "section",
    available: true,
  });
});

it("writes no search credential to any file of the build", async () => {
  const leaks: string[] = [];
  for (const file of await files(dist)) {
    const text = (await readFile(file)).toString("latin1");
    for (const secret of SECRETS) if (text.includes(secret)) leaks.push(`${path.relative(dist, file)}: ${secret}`);
  }
  expect(leaks).toEqual([]);
});
