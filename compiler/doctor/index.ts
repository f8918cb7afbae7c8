/**
 * `docs doctor --agent` (SPEC 1.5, 7.2): checks that what a site advertises to agents works, over HTTP, against a
 * running site. Checks run in a fixed order and each says pass, fail (with the fix) or skip (with why).
 */
import { createSiteClient, type DoctorCheck } from "./check.ts";
import {
  advertisedUrls,
  checkAdvertisedUrls,
  checkManifestSchema,
  checkSkillDigests,
  readManifest,
} from "./discovery-checks.ts";
import { checkFeedback, checkMarkdownRoutes, checkMcp, checkRobots } from "./surface-checks.ts";

export interface DoctorOptions {
  /** Origin of the running site, e.g. `http://127.0.0.1:3000`. */
  origin: string;
  /** `robots.ai` from the site's config; `allow` (the default) when the config is not at hand. */
  ai: "allow" | "disallow";
}

export async function runDoctorChecks(options: DoctorOptions): Promise<DoctorCheck[]> {
  const probe = createSiteClient(options.origin);
  const { manifest, check } = await readManifest(probe);
  if (!manifest) return [check];
  // Advertised absolute URLs use the public base URL; they are requested from the site under test.
  const client = createSiteClient(
    options.origin,
    typeof manifest.site?.baseUrl === "string" ? manifest.site.baseUrl : null,
  );
  const urls = await advertisedUrls(client, manifest);
  const docsRoute = typeof manifest.site?.docsRoute === "string" ? manifest.site.docsRoute : "/";
  const markdownUrl = [...urls.keys()]
    .filter(
      (url) =>
        url.endsWith(".md") &&
        new URL(url, client.origin).pathname.startsWith(docsRoute === "/" ? "/" : `${docsRoute}`),
    )
    .find((url) => !/(sitemap|AGENTS|skill|SKILL)\.md$/.test(url));
  return [
    check,
    await checkManifestSchema(client, manifest),
    await checkAdvertisedUrls(client, urls),
    await checkMarkdownRoutes(client, markdownUrl),
    await checkSkillDigests(client),
    await checkRobots(client, manifest, options.ai, markdownUrl),
    await checkMcp(client, manifest),
    await checkFeedback(client, manifest),
  ];
}

export type { DoctorCheck };
