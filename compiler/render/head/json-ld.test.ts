import { describe, expect, it } from "vitest";
import { normalizeContract } from "../../content/contract.ts";
import { makeTestConfig } from "../html/test-config.ts";
import { renderJsonLd } from "./json-ld.ts";
import { makeTestPage, makeTestSite } from "./test-site.ts";

/** Every ld+json script in the markup, parsed. */
function scriptsOf(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1]!),
  );
}

describe("renderJsonLd", () => {
  const install = makeTestPage("guides/install", {}, { lastModified: "2024-05-01" });
  const site = makeTestSite([install]);

  it("emits a TechArticle with the SPEC 2.21 fields and absolute URLs", () => {
    const [article, ...rest] = scriptsOf(renderJsonLd(install, site, makeTestConfig()));
    expect(rest).toEqual([]);
    expect(article).toEqual({
      "@context": "https://schema.org",
      "@type": "TechArticle",
      headline: "Install",
      description: "Get Acme running.",
      url: "https://acme.test/docs/guides/install",
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://acme.test/docs/guides/install" },
      dateModified: "2024-05-01",
      breadcrumb: {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Guides", item: "https://acme.test/docs/guides" },
          { "@type": "ListItem", position: 2, name: "Install", item: "https://acme.test/docs/guides/install" },
        ],
      },
    });
    expect(Object.keys(article!)).toEqual([
      "@context",
      "@type",
      "headline",
      "description",
      "url",
      "mainEntityOfPage",
      "dateModified",
      "breadcrumb",
    ]);
  });

  it("uses relative URLs when the site has no base URL", () => {
    const [article] = scriptsOf(renderJsonLd(install, site, makeTestConfig({ baseUrl: null })));
    expect(article!.url).toBe("/docs/guides/install");
    expect(article!.mainEntityOfPage["@id"]).toBe("/docs/guides/install");
    expect(article!.breadcrumb.itemListElement.map((item: { item: string }) => item.item)).toEqual([
      "/docs/guides",
      "/docs/guides/install",
    ]);
  });

  it("leaves folders without a landing page out of the breadcrumb", () => {
    const cli = makeTestPage("reference/cli", { title: "CLI" });
    const [article] = scriptsOf(renderJsonLd(cli, makeTestSite([cli]), makeTestConfig()));
    expect(article!.breadcrumb.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "CLI", item: "https://acme.test/docs/reference/cli" },
    ]);
  });

  it("omits dateModified without a known date and falls back to the site description", () => {
    const page = makeTestPage("guides/install", { description: undefined });
    const config = makeTestConfig();
    const [article] = scriptsOf(
      renderJsonLd(page, site, { ...config, metadata: { ...config.metadata, description: "Acme docs." } }),
    );
    expect(article).not.toHaveProperty("dateModified");
    expect(article!.description).toBe("Acme docs.");
  });

  it("cannot be broken out of with a hostile title", () => {
    const page = makeTestPage("guides/install", { title: `</script><script>alert(1)</script><!--` });
    const html = renderJsonLd(page, site, makeTestConfig());
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<!--");
    expect(scriptsOf(html)[0]!.headline).toBe(`</script><script>alert(1)</script><!--`);
  });

  it("adds a HowTo only for pages with an agent contract", () => {
    const budgetOnly = makeTestPage("guides/install", { agent: normalizeContract({ tokenBudget: 500 }) });
    expect(scriptsOf(renderJsonLd(budgetOnly, site, makeTestConfig()))).toHaveLength(1);

    const contract = normalizeContract({
      task: "Install Acme",
      outcome: "`acme --version` prints a version",
      prerequisites: ["Node 20"],
      commands: ["npm install acme", { run: "npx acme init", cwd: "app", description: "Creates acme.config.ts" }],
    });
    const withContract = makeTestPage("guides/install", { agent: contract });
    const [article, howTo] = scriptsOf(renderJsonLd(withContract, site, makeTestConfig()));
    expect(article!["@type"]).toBe("TechArticle");
    expect(howTo).toEqual({
      "@context": "https://schema.org",
      "@type": "HowTo",
      name: "Install Acme",
      description: "`acme --version` prints a version",
      url: "https://acme.test/docs/guides/install",
      tool: [{ "@type": "HowToTool", name: "Node 20" }],
      step: [
        { "@type": "HowToStep", position: 1, name: "npm install acme", text: "npm install acme" },
        {
          "@type": "HowToStep",
          position: 2,
          name: "Creates acme.config.ts",
          text: "npx acme init (in app) — Creates acme.config.ts",
        },
      ],
    });
  });

  it("names a HowTo after the page when the contract has no task", () => {
    const page = makeTestPage("guides/install", { agent: normalizeContract({ files: ["acme.config.ts"] }) });
    const howTo = scriptsOf(renderJsonLd(page, site, makeTestConfig()))[1]!;
    expect(howTo.name).toBe("Install");
    expect(howTo.description).toBe("Get Acme running.");
    expect(howTo).not.toHaveProperty("step");
    expect(howTo).not.toHaveProperty("tool");
  });
});
