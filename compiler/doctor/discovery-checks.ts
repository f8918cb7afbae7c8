/**
 * `docs doctor --agent`, discovery (SPEC 2.5, 4.2): the manifest is found in discovery order, declares its format and
 * validates against the schema it names; every URL that llms.txt, AGENTS.md, skill.md, the manifest, the API catalog
 * and the skills index advertise answers; each Agent Skills digest is the sha256 of the bytes served at its URL.
 */
import { createHash } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import {
  AGENT_SKILLS_INDEX_ROUTE,
  AGENTS_ROUTES,
  API_CATALOG_ROUTE,
  LLMS_ROUTES,
  MANIFEST_ROUTES,
  SKILL_ROUTES,
} from "../../runtime/contract/index.ts";
import { fail, pass, skip, type DoctorCheck, type SiteClient } from "./check.ts";

export const MANIFEST_FORMAT = "docs-agent-manifest.v1";

export type Manifest = Record<string, any>;

export async function readManifest(client: SiteClient): Promise<{ manifest?: Manifest; check: DoctorCheck }> {
  const title = "discovery manifest";
  for (const route of MANIFEST_ROUTES) {
    const response = await client.get(route).catch(() => undefined);
    if (!response?.ok) continue;
    try {
      const manifest = (await response.json()) as Manifest;
      if (manifest.format !== MANIFEST_FORMAT) {
        return {
          check: fail(
            "manifest",
            title,
            `${route} has format ${JSON.stringify(manifest.format)}`,
            `serve the docs-agent-manifest.v1 document at ${MANIFEST_ROUTES[0]}`,
          ),
        };
      }
      return { manifest, check: pass("manifest", title, `${route}: format ${MANIFEST_FORMAT}`) };
    } catch {
      return {
        check: fail(
          "manifest",
          title,
          `${route} is not JSON`,
          "serve the manifest docs build writes, with Content-Type application/json",
        ),
      };
    }
  }
  return {
    check: fail(
      "manifest",
      title,
      `none of ${MANIFEST_ROUTES.join(", ")} answers`,
      "deploy dist/ with its .well-known/ folder, or route /.well-known/agent.json to the docs handler",
    ),
  };
}

export async function checkManifestSchema(client: SiteClient, manifest: Manifest): Promise<DoctorCheck> {
  const title = "manifest validates against its $schema";
  const schemaUrl = manifest.$schema;
  if (typeof schemaUrl !== "string")
    return fail(
      "manifest-schema",
      title,
      "the manifest has no $schema",
      "rebuild: the manifest names its Draft 2020-12 schema",
    );
  const response = await client.get(schemaUrl).catch(() => undefined);
  if (!response?.ok)
    return fail(
      "manifest-schema",
      title,
      `${schemaUrl} does not answer (${response?.status ?? "no answer"})`,
      "serve dist/schemas/ along with the manifest",
    );
  try {
    const validate = new Ajv2020({ strict: false, allErrors: true, logger: false }).compile(await response.json());
    if (validate(manifest)) return pass("manifest-schema", title, `valid against ${schemaUrl}`);
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || "/"} ${e.message}`)
      .join("; ");
    return fail("manifest-schema", title, errors, "rebuild and redeploy manifest and schema together");
  } catch (error) {
    return fail(
      "manifest-schema",
      title,
      `the schema does not compile: ${(error as Error).message}`,
      "serve the schema docs build writes",
    );
  }
}

/** Every URL the discovery files advertise, with the file that advertises it. */
export async function advertisedUrls(client: SiteClient, manifest: Manifest): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const add = (url: unknown, from: string) => {
    if (typeof url !== "string" || url.includes("{") || !(url.startsWith("/") || url.startsWith("http"))) return;
    if (!urls.has(url)) urls.set(url, from);
  };
  const texts: [string, string][] = [
    [LLMS_ROUTES.index, "llms.txt"],
    [AGENTS_ROUTES.file, "AGENTS.md"],
    [SKILL_ROUTES.file, "skill.md"],
  ];
  for (const [route, name] of texts) {
    const response = await client.get(route).catch(() => undefined);
    if (!response?.ok) continue;
    for (const match of (await response.text()).matchAll(/\]\(([^)\s]+)\)|<(https?:\/\/[^>\s]+)>/g))
      add(match[1] ?? match[2], name);
  }
  // `site.baseUrl` is the origin, not a page; `$schema` is checked on its own; the install command is shell text.
  walkStrings(manifest, (value, key) => {
    if (!["$schema", "command", "baseUrl"].includes(key)) add(value, "manifest");
  });
  for (const [route, name] of [
    [API_CATALOG_ROUTE, "api-catalog"],
    [AGENT_SKILLS_INDEX_ROUTE, "skills index"],
  ] as const) {
    const response = await client.get(route).catch(() => undefined);
    if (response?.ok)
      walkStrings(await response.json().catch(() => ({})), (value, key) => {
        if (key === "href" || key === "url" || key === "anchor") add(value, name);
      });
  }
  // Advertised URLs outside the site (a GitHub repository, schema.org) are not the site's to answer.
  const base = typeof manifest.site?.baseUrl === "string" ? manifest.site.baseUrl : undefined;
  for (const url of [...urls.keys()])
    if (/^https?:/.test(url) && !(base && url.startsWith(base)) && !url.startsWith(client.origin)) urls.delete(url);
  return urls;
}

export async function checkAdvertisedUrls(client: SiteClient, urls: Map<string, string>): Promise<DoctorCheck> {
  const title = "every advertised URL resolves";
  const failures: string[] = [];
  await Promise.all(
    [...urls].map(async ([url, from]) => {
      const response = await client.get(url).catch(() => undefined);
      // A POST-only endpoint (MCP, feedback) answers GET with 405 and the docs API without a query with 400: both
      // show the route is wired. Missing (404, 410) and broken (5xx) are failures.
      if (!response || response.status === 404 || response.status === 410 || response.status >= 500)
        failures.push(`${url} (${response?.status ?? "no answer"}, from ${from})`);
      await response?.body?.cancel();
    }),
  );
  if (failures.length === 0) return pass("advertised-urls", title, `${urls.size} URLs answer`);
  return fail(
    "advertised-urls",
    title,
    failures.sort().slice(0, 8).join("; ") + (failures.length > 8 ? ` and ${failures.length - 8} more` : ""),
    "deploy every file of dist/ and route the runtime's paths (/api/docs, MCP, feedback) to the docs handler",
  );
}

export async function checkSkillDigests(client: SiteClient): Promise<DoctorCheck> {
  const title = "Agent Skills digests match the served bytes";
  const response = await client.get(AGENT_SKILLS_INDEX_ROUTE).catch(() => undefined);
  if (!response?.ok) return skip("skill-digests", title, `${AGENT_SKILLS_INDEX_ROUTE} is not served`);
  const index = (await response.json().catch(() => ({}))) as {
    skills?: { name?: string; url?: string; digest?: string }[];
  };
  const mismatches: string[] = [];
  for (const skill of index.skills ?? []) {
    const served = skill.url ? await client.get(skill.url).catch(() => undefined) : undefined;
    if (!served?.ok) {
      mismatches.push(`${skill.name}: ${skill.url} does not answer`);
      continue;
    }
    const digest = `sha256:${createHash("sha256")
      .update(new Uint8Array(await served.arrayBuffer()))
      .digest("hex")}`;
    if (digest !== skill.digest)
      mismatches.push(`${skill.name}: index says ${skill.digest}, served bytes are ${digest}`);
  }
  if (mismatches.length > 0)
    return fail(
      "skill-digests",
      title,
      mismatches.join("; "),
      "deploy the index and the SKILL.md files from the same build (a CDN transform must not change their bytes)",
    );
  return pass(
    "skill-digests",
    title,
    `${index.skills?.length ?? 0} skill${index.skills?.length === 1 ? "" : "s"} verified`,
  );
}

function walkStrings(value: unknown, visit: (value: string, key: string) => void, key = ""): void {
  if (typeof value === "string") visit(value, key);
  else if (Array.isArray(value)) for (const item of value) walkStrings(item, visit, key);
  // A section the site turned off (`mcp: { enabled: false, endpoint }`) names routes it does not promise to serve.
  else if (value && typeof value === "object" && (value as { enabled?: unknown }).enabled !== false) {
    for (const [k, v] of Object.entries(value)) walkStrings(v, visit, k);
  }
}
