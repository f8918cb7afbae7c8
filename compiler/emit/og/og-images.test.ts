import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ResolvedConfig } from "../../config/types.ts";
import type { Page } from "../../model/types.ts";
import { makeTestPage, makeTestSite } from "../../render/head/test-site.ts";
import { makeTestConfig } from "../../render/html/test-config.ts";
import type { EmitContext } from "../context.ts";
import { accentOf } from "../../../runtime/og/card.ts";
import { emitOgImages } from "./index.ts";
import { renderCardPng } from "./render-card.ts";

// Counts real renders: a cache hit must not reach satori or resvg.
vi.mock("./render-card.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./render-card.ts")>();
  return { renderCardPng: vi.fn(actual.renderCardPng) };
});

function contextOf(
  pages: Page[],
  og: Partial<ResolvedConfig["surfaces"]["og"]> = { enabled: true, type: "static" },
): EmitContext {
  const config = makeTestConfig();
  return {
    site: makeTestSite(pages),
    config: { ...config, surfaces: { ...config.surfaces, og: { ...config.surfaces.og, ...og } } },
    files: new Map(),
    messages: [],
  };
}

/** Width and height from the IHDR chunk, after checking the PNG signature. */
function pngSizeOf(bytes: Uint8Array): { width: number; height: number } {
  const buffer = Buffer.from(bytes);
  expect(buffer.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(buffer.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

const install = makeTestPage("guides/install", { title: "Install Acme", description: "Get Acme running in a minute." });
const root = makeTestPage("", { title: "Welcome" }, { route: "/" });

describe("emitOgImages", () => {
  let cacheDir: string;
  beforeEach(async () => {
    cacheDir = path.join(await mkdtemp(path.join(tmpdir(), "quire-og-")), "og");
    vi.mocked(renderCardPng).mockClear();
  });
  afterEach(async () => rm(path.dirname(cacheDir), { recursive: true, force: true }));

  it("renders a 1200×630 PNG per page and returns its public URL", async () => {
    const context = contextOf([install, root]);
    const urls = await emitOgImages(context, { cacheDir });
    expect([...urls]).toEqual([
      ["/docs/guides/install", "/_quire/og/docs/guides/install.png"],
      ["/", "/_quire/og/index.png"],
    ]);
    expect([...context.files.keys()]).toEqual(["_quire/og/docs/guides/install.png", "_quire/og/index.png"]);
    expect(pngSizeOf(context.files.get("_quire/og/docs/guides/install.png") as Uint8Array)).toEqual({
      width: 1200,
      height: 630,
    });
    expect(context.messages).toEqual([]);
  });

  it("renders the same bytes for the same inputs", async () => {
    const first = contextOf([install]);
    await emitOgImages(first, { cacheDir });
    const second = contextOf([install]);
    await emitOgImages(second, { cacheDir: path.join(cacheDir, "fresh") });
    expect(renderCardPng).toHaveBeenCalledTimes(2);
    expect(Buffer.from(second.files.get("_quire/og/docs/guides/install.png") as Uint8Array)).toEqual(
      Buffer.from(first.files.get("_quire/og/docs/guides/install.png") as Uint8Array),
    );
  });

  it("serves a second build from the cache without rendering", async () => {
    const cold = contextOf([install, root]);
    await emitOgImages(cold, { cacheDir });
    expect(renderCardPng).toHaveBeenCalledTimes(2);
    expect(await readdir(cacheDir)).toHaveLength(2);

    const warm = contextOf([install, root]);
    await emitOgImages(warm, { cacheDir });
    expect(renderCardPng).toHaveBeenCalledTimes(2);
    expect(warm.files).toEqual(cold.files);
  });

  it("re-renders when a card's text changes or a cache file is damaged", async () => {
    await emitOgImages(contextOf([install]), { cacheDir }); // 1 render
    await emitOgImages(contextOf([{ ...install, frontmatter: { ...install.frontmatter, title: "Install Acme 2" } }]), {
      cacheDir,
    }); // 2
    for (const file of await readdir(cacheDir)) await writeFile(path.join(cacheDir, file), "not a png");
    const context = contextOf([install]);
    await emitOgImages(context, { cacheDir }); // 3
    expect(renderCardPng).toHaveBeenCalledTimes(3);
    expect(pngSizeOf(context.files.get("_quire/og/docs/guides/install.png") as Uint8Array).width).toBe(1200);
  });

  it("renders no PNG unless og is enabled with type static", async () => {
    const off = contextOf([install], { enabled: false, type: "static" });
    expect((await emitOgImages(off, { cacheDir })).size).toBe(0);
    expect(off.files.size).toBe(0);
    const dynamic = contextOf([install], { enabled: true, type: "dynamic", endpoint: "/api/og" });
    expect((await emitOgImages(dynamic, { cacheDir })).size).toBe(0);
    expect([...dynamic.files.keys()]).toEqual(["_docs/og-card.json"]);
    expect(renderCardPng).not.toHaveBeenCalled();
  });

  it("writes the dynamic endpoint's card data: site text, accent and every card font", async () => {
    const context = contextOf([install], { enabled: true, type: "dynamic", endpoint: "/api/og?v=2" });
    await emitOgImages(context, { cacheDir });
    const data = JSON.parse(String(context.files.get("_docs/og-card.json")));
    expect(data.siteTitle).toBe(context.config.title);
    expect(data.accent).toBe(accentOf(context.config.theme.colors.primary));
    expect(data.fonts.map((font: { name: string; weight: number }) => `${font.name} ${font.weight}`)).toContain(
      "Inter 700",
    );
    for (const font of data.fonts)
      expect(Buffer.from(font.woffBase64, "base64").subarray(0, 4).toString()).toBe("wOFF");
  });

  it("warns when a dynamic card has no endpoint, or one no runtime will answer", async () => {
    const none = contextOf([install], { enabled: true, type: "dynamic", endpoint: undefined });
    await emitOgImages(none, { cacheDir });
    expect(none.messages.map((m) => m.rule)).toEqual(["og/no-endpoint"]);
    const exported = contextOf([install], { enabled: true, type: "dynamic", endpoint: "/api/og" });
    exported.config = { ...exported.config, staticExport: true };
    await emitOgImages(exported, { cacheDir });
    expect(exported.messages.map((m) => m.rule)).toEqual(["og/no-runtime"]);
    expect(exported.files.size).toBe(0);
    const elsewhere = contextOf([install], { enabled: true, type: "dynamic", endpoint: "https://og.example.com/card" });
    await emitOgImages(elsewhere, { cacheDir });
    expect(elsewhere.messages).toEqual([]);
    expect(elsewhere.files.size).toBe(0);
  });

  it("skips pages that bring their own image and folder pages that redirect", async () => {
    const withImage = makeTestPage("guides/deploy", { ogImage: "/deploy.png" });
    const context = contextOf([install, withImage, makeTestPage("guides")]);
    context.site.redirects.push({ from: "/docs/guides", to: "/docs/guides/install" });
    const urls = await emitOgImages(context, { cacheDir });
    expect([...urls.keys()]).toEqual(["/docs/guides/install"]);
  });

  it("warns and leaves the page without a card when rendering fails", async () => {
    vi.mocked(renderCardPng).mockRejectedValueOnce(new Error("unsupported glyph"));
    const context = contextOf([install]);
    expect((await emitOgImages(context, { cacheDir })).size).toBe(0);
    expect(context.messages).toMatchObject([
      {
        severity: "warning",
        rule: "og/render-failed",
        file: install.sourcePath,
        reason: "could not render the Open Graph image: unsupported glyph",
      },
    ]);
    expect(await readdir(cacheDir)).toEqual([]);
  });
});

describe("accentOf", () => {
  it("keeps colors satori can paint and replaces the rest with the default", () => {
    expect(accentOf("#0ea5e9")).toBe("#0ea5e9");
    expect(accentOf("rgb(14, 165, 233)")).toBe("rgb(14, 165, 233)");
    expect(accentOf("oklch(0.6 0.2 250)")).toBe("oklch(0.6 0.2 250)");
    expect(accentOf("var(--brand)")).toBe("#4f46e5");
    expect(accentOf("color-mix(in srgb, var(--brand), white)")).toBe("#4f46e5");
    expect(accentOf("teal")).toBe("#4f46e5");
    expect(accentOf(undefined)).toBe("#4f46e5");
  });
});
