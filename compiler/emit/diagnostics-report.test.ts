/** SPEC 2.3: the diagnostics report claims only what this build and its runtime really serve. */
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../config/resolve.ts";
import type { DocsConfig } from "../config/types.ts";
import type { SiteModel } from "../model/types.ts";
import { buildDiagnostics } from "./diagnostics-report.ts";

const site = { pages: [] } as unknown as SiteModel;
const featuresOf = (config: DocsConfig) =>
  Object.fromEntries(
    buildDiagnostics(resolveConfig(config, "/site", "docs.config.ts"), site, []).features.map((f) => [f.name, f]),
  );

describe("buildDiagnostics", () => {
  it("reports Ask AI available when enabled, and unavailable under staticExport", () => {
    expect(featuresOf({ entry: "docs", ai: { enabled: true } }).askAi).toEqual({
      name: "askAi",
      enabled: true,
      available: true,
    });
    expect(featuresOf({ entry: "docs" }).askAi).toEqual({ name: "askAi", enabled: false, available: false });
    expect(featuresOf({ entry: "docs", staticExport: true, ai: { enabled: true } }).askAi).toMatchObject({
      enabled: true,
      available: false,
      reason: expect.stringContaining("staticExport"),
    });
  });

  it("reports an API reference without a built contract as unavailable, and the changelog as available", () => {
    const features = featuresOf({ entry: "docs", apiReference: true, changelog: { path: "news" } });
    expect(features.apiReference).toEqual({
      name: "apiReference",
      enabled: true,
      available: false,
      reason: "no contract read and no API route handlers found",
    });
    expect(features.changelog).toEqual({ name: "changelog", enabled: true, available: true });
  });

  it("reports the API reference as available when the build bundled a contract", () => {
    const config = resolveConfig(
      { entry: "docs", apiReference: { specUrl: "openapi.yaml" } },
      "/site",
      "docs.config.ts",
    );
    const report = buildDiagnostics(config, { ...site, openapi: { openapi: "3.1.0" } }, []);
    expect(report.features.find((f: { name: string }) => f.name === "apiReference")).toEqual({
      name: "apiReference",
      enabled: true,
      available: true,
    });
  });

  it("reports server features as unavailable under staticExport, with the reason", () => {
    const features = featuresOf({ entry: "docs", staticExport: true });
    expect(features.search).toMatchObject({
      enabled: true,
      available: false,
      reason: expect.stringContaining("staticExport"),
    });
    expect(features.mcpStdio).toEqual({ name: "mcpStdio", enabled: true, available: true });
  });

  it("claims the dynamic OG endpoint only where a runtime serves it", () => {
    const dynamic = { og: { type: "dynamic" as const, endpoint: "/api/og" } };
    const served = buildDiagnostics(resolveConfig({ entry: "docs", ...dynamic }, "/site", "c"), site, []);
    expect(served.features.find((f: { name: string }) => f.name === "dynamicOgImages")).toEqual({
      name: "dynamicOgImages",
      enabled: true,
      available: true,
    });
    const exported = buildDiagnostics(
      resolveConfig({ entry: "docs", staticExport: true, ...dynamic }, "/site", "c"),
      site,
      [],
    );
    expect(exported.features.find((f: { name: string }) => f.name === "dynamicOgImages")).toMatchObject({
      enabled: true,
      available: false,
    });
  });

  it("lists an info issue for every unavailable feature with its code", () => {
    const report = buildDiagnostics(
      resolveConfig({ entry: "docs", apiReference: true }, "/site", "docs.config.ts"),
      site,
      [],
    );
    expect(report.issues).toContainEqual({
      severity: "info",
      code: "unavailable",
      message: "apiReference is unavailable: no contract read and no API route handlers found",
    });
  });
});
