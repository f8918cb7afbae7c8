/** Route scanning (SPEC 2.15) on small projects per framework convention (fixtures/api-reference/scan/<framework>). */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../config/types.ts";
import { apiReferencePages } from "./reference-pages.ts";
import { scanApiRoutes } from "./scan-routes.ts";

const project = (name: string) => path.resolve(import.meta.dirname, "../../fixtures/api-reference/scan", name);
const scan = async (name: string, routeRoot = "api", exclude: string[] = []) =>
  (await scanApiRoutes(project(name), { routeRoot, exclude })).routes.map(
    (route) => `${route.method.toUpperCase()} ${route.path}${route.summary ? ` — ${route.summary}` : ""}`,
  );

describe("scanApiRoutes", () => {
  it("reads SvelteKit +server files: exported functions, consts and `export { x as GET }`", async () => {
    expect(await scan("sveltekit")).toEqual([
      "GET /api/items",
      "GET /api/items/{id} — Read one item",
      "PUT /api/items/{id} — Replace one item",
    ]);
  });

  it("reads Astro endpoints: index files, [param] files, and ALL for the methods not exported on their own", async () => {
    const routes = await scan("astro");
    expect(routes).toContain("GET /api/items — Every item, newest first");
    expect(routes).toContain("DELETE /api/items/{id} — Remove one item");
    expect(routes).toContain("POST /api/items/{id} — Any method on one item goes through here");
    expect(routes.filter((route) => route.includes("{id}"))).toHaveLength(7);
  });

  it("reads Nuxt server routes: the method from the file suffix, every method without one", async () => {
    expect(await scan("nuxt")).toEqual([
      "GET /api/items/{id} — Read one item from storage",
      "GET /api/items",
      "POST /api/items",
      "PUT /api/items",
      "PATCH /api/items",
      "DELETE /api/items",
    ]);
  });

  it("reads TanStack Start api.* routes with $params and their handler keys, and skips page routes", async () => {
    expect(await scan("tanstack")).toEqual([
      "GET /api/items/{id} — Read one item",
      "PATCH /api/items/{id} — Change some fields of one item",
    ]);
  });

  it("reads Next.js route handlers under src/app, with a routeRoot other than api", async () => {
    expect(await scan("next-src", "v2")).toEqual(["GET /v2/things — List things"]);
    expect(await scan("next-src")).toEqual([]);
  });

  it("leaves out excluded URL paths, as URLs or relative to the route root", async () => {
    expect(await scan("sveltekit", "api", ["/api/items/{id}"])).toEqual(["GET /api/items"]);
    expect(await scan("sveltekit", "api", ["items"])).toEqual([]);
  });
});

describe("an API reference made by scanning", () => {
  const root = path.resolve(import.meta.dirname, "../../fixtures/api-routes");
  const reference = (extra: Record<string, unknown> = {}) =>
    apiReferencePages({
      root,
      configFile: "docs.config.ts",
      docsPath: "docs",
      title: "Bakery",
      surfaces: {
        apiReference: {
          enabled: true,
          path: "api-reference",
          overlays: [],
          routeRoot: "api",
          exclude: ["/api/orders/export"],
          ...extra,
        },
      } as unknown as ResolvedConfig["surfaces"],
    });

  it("documents the Next.js handlers of fixtures/api-routes, with their JSDoc and the package version", async () => {
    const result = await reference();
    expect(result.messages).toEqual([]);
    expect(result.pages.map((page) => page.slug)).toEqual([
      "api-reference",
      "api-reference/health",
      "api-reference/health/get-health",
      "api-reference/orders",
      "api-reference/orders/get-orders",
      "api-reference/orders/post-orders",
      "api-reference/orders/get-orders-by-order-id",
      "api-reference/orders/delete-orders-by-order-id",
    ]);
    expect(result.document?.info).toEqual({ title: "Bakery API", version: "3.2.1" });
    const cancel = result.pages.find((page) => page.slug.endsWith("delete-orders-by-order-id"))!.source;
    expect(cancel).toContain("`DELETE /api/orders/{orderId}` (deprecated)");
    expect(cancel).toContain("Deprecated: Orders are cancelled by replying to the confirmation e-mail now.");
    expect(cancel).toContain("Handler: `app/api/orders/[orderId]/route.ts`");
    expect(cancel).not.toContain("## Authentication");
    const list = result.pages.find((page) => page.slug.endsWith("/get-orders"))!.source;
    expect(list).toContain("Orders come back in pickup order, earliest first; cancelled orders are left out.");
  });

  it("skips scanning for a static export, and warns when there is nothing to scan", async () => {
    const exported = await apiReferencePages({
      root,
      configFile: "docs.config.ts",
      docsPath: "docs",
      staticExport: true,
      surfaces: { apiReference: { enabled: true, path: "api-reference", overlays: [], routeRoot: "api", exclude: [] } },
    } as never);
    expect(exported).toEqual({ pages: [], messages: [] });
    const empty = await reference({ routeRoot: "nowhere" });
    expect(empty.pages).toEqual([]);
    expect(empty.messages).toMatchObject([{ severity: "warning", rule: "api-reference/no-routes" }]);
  });
});
