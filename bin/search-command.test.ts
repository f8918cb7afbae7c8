/**
 * `docs search sync` end to end: a site config in a temporary root, the committed example build as `dist`, and
 * local servers that follow Typesense's and Algolia's REST APIs. Keys come from config or env and are never printed.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reroutingFetch } from "../runtime/search/providers/test-kit.ts";
import { algoliaWriteHost } from "../runtime/search/sync/algolia-sync.ts";
import { startFakeAlgolia, startFakeTypesense, type FakeServer } from "../runtime/search/sync/fake-engines.ts";
import { runSearchSync } from "./search-command.ts";

const dist = path.resolve(import.meta.dirname, "../snapshots/example");
const ADMIN = "ts_admin_cli_7d1f";
const ALGOLIA_ADMIN = "algolia_admin_cli_2a9c";

let root: string;
let output: string[];
let servers: FakeServer[];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "quire-search-sync-"));
  output = [];
  servers = [];
  const capture = (...args: unknown[]) => void output.push(args.join(" "));
  vi.spyOn(console, "log").mockImplementation(capture);
  vi.spyOn(console, "warn").mockImplementation(capture);
  vi.spyOn(console, "error").mockImplementation(capture);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.map((server) => server.close()));
  await rm(root, { recursive: true, force: true });
});

const writeConfig = (search: Record<string, unknown>) =>
  writeFile(
    path.join(root, "docs.config.ts"),
    `export default { entry: "docs", search: ${JSON.stringify(search)} };\n`,
  );

describe("docs search sync", () => {
  it("--typesense creates and fills the collection with the admin key from the environment, then is a no-op", async () => {
    const server = await startFakeTypesense(ADMIN);
    servers.push(server);
    await writeConfig({ provider: "typesense", baseUrl: server.origin, collection: "docs", apiKey: "search-only" });
    const env = { TYPESENSE_ADMIN_API_KEY: ADMIN };
    expect(await runSearchSync({ root, dist, typesense: true, env, tty: false })).toBe(0);
    const size = server.collections.get("docs")!.docs.size;
    expect(size).toBeGreaterThan(10);
    expect(output.at(-1)).toMatch(
      new RegExp(`^✓ typesense collection "docs": collection created, ${size} upserted, 0 deleted, 0 unchanged`),
    );

    output.length = 0;
    expect(await runSearchSync({ root, dist, typesense: true, env, tty: false })).toBe(0);
    expect(output).toEqual([
      `✓ typesense collection "docs": 0 upserted, 0 deleted, ${size} unchanged (0 write requests)`,
    ]);
    expect(output.join("\n")).not.toContain(ADMIN);
  });

  it("--dry-run reports and writes nothing", async () => {
    const server = await startFakeTypesense(ADMIN);
    servers.push(server);
    await writeConfig({ baseUrl: server.origin, collection: "docs", adminApiKey: ADMIN });
    expect(await runSearchSync({ root, dist, typesense: true, dryRun: true, env: {}, tty: false })).toBe(0);
    expect(output.at(-1)).toMatch(
      /^dry run, nothing written: typesense collection "docs": collection would be created, \d+ upserted/,
    );
    expect(server.collections.size).toBe(0);
  });

  it("--algolia syncs the index with the admin key from config", async () => {
    const server = await startFakeAlgolia("APP1", ALGOLIA_ADMIN);
    servers.push(server);
    await writeConfig({
      provider: "algolia",
      appId: "APP1",
      indexName: "docs",
      searchApiKey: "s",
      adminApiKey: ALGOLIA_ADMIN,
    });
    const fetch = reroutingFetch(algoliaWriteHost("APP1"), server.origin);
    expect(await runSearchSync({ root, dist, algolia: true, env: {}, fetch, tty: false })).toBe(0);
    expect(server.indexes.get("docs")!.records.size).toBeGreaterThan(10);
    expect(output.join("\n")).not.toContain(ALGOLIA_ADMIN);
  });

  it("names what is missing, and a failing engine without printing the key", async () => {
    await writeConfig({ provider: "typesense", collection: "docs" });
    expect(await runSearchSync({ root, dist, typesense: true, env: {}, tty: false })).toBe(2);
    expect(output.at(-1)).toMatch(/needs search\.baseUrl, search\.adminApiKey or TYPESENSE_ADMIN_API_KEY/);

    const server = await startFakeTypesense("the right key");
    servers.push(server);
    await writeConfig({ baseUrl: server.origin, collection: "docs" });
    expect(
      await runSearchSync({ root, dist, typesense: true, env: { TYPESENSE_ADMIN_API_KEY: ADMIN }, tty: false }),
    ).toBe(1);
    expect(output.at(-1)).toMatch(/^✗ The typesense server answered HTTP 401/);
    expect(output.join("\n")).not.toContain(ADMIN);
  });

  it("wants exactly one engine flag and a built dist", async () => {
    await writeConfig({ baseUrl: "http://127.0.0.1:9", collection: "docs", adminApiKey: ADMIN });
    expect(await runSearchSync({ root, dist, env: {} })).toBe(2);
    expect(await runSearchSync({ root, dist, typesense: true, algolia: true, env: {} })).toBe(2);
    expect(await runSearchSync({ root, dist: path.join(root, "dist"), typesense: true, env: {} })).toBe(1);
    expect(output.at(-1)).toMatch(/search-human\.json is missing: run `docs build` first/);
  });

  it("runs from the CLI and draws progress only on a terminal, never the key", async () => {
    const server = await startFakeTypesense(ADMIN);
    servers.push(server);
    await writeConfig({ baseUrl: server.origin, collection: "docs" });
    const docs = path.resolve(import.meta.dirname, "docs.js");
    const env = { ...process.env, TYPESENSE_ADMIN_API_KEY: ADMIN };
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(docs)} search sync --typesense --dist ${JSON.stringify(dist)}`;
    // script(1) gives the command a pseudo-terminal, as a person's shell would.
    const terminal = await promisify(execFile)("/usr/bin/script", ["-qec", command, "/dev/null"], { cwd: root, env });
    expect(terminal.stdout).toMatch(/upserting \d+\/\d+/);
    expect(terminal.stdout).toMatch(/✓ typesense collection "docs": collection created/);
    expect(terminal.stdout).not.toContain(ADMIN);

    server.collections.clear();
    const piped = await promisify(execFile)(process.execPath, [docs, "search", "sync", "--typesense", "--dist", dist], {
      cwd: root,
      env,
    });
    expect(piped.stdout).not.toContain("upserting");
    expect(piped.stdout.trim().split("\n")).toHaveLength(1);
  }, 60_000);
});
