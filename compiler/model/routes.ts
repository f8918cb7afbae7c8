/** Public URLs of a page, from its slug and `docsPath` (SPEC 2.1). */
import type { ResolvedConfig } from "../config/types.ts";

export function pageRoutes(
  config: Pick<ResolvedConfig, "docsPath">,
  slug: string,
): { route: string; markdownRoute: string } {
  const segments = [config.docsPath, slug].filter(Boolean).join("/");
  if (segments === "") return { route: "/", markdownRoute: "/index.md" };
  return { route: `/${segments}`, markdownRoute: `/${segments}.md` };
}

/** Output file of a route's HTML: `/docs/a` → `docs/a/index.html`. */
export function htmlFileOf(route: string): string {
  return route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
}

/** Absolute URL when the site has a base URL, else the route itself. */
export function absoluteUrl(baseUrl: string | null, route: string): string {
  return baseUrl ? `${baseUrl}${route === "/" ? "/" : route}` : route;
}
