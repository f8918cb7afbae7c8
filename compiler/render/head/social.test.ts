import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../../config/types.ts";
import { makeTestConfig } from "../html/test-config.ts";
import { renderHeadExtra } from "./index.ts";
import { renderSocialMeta } from "./social.ts";
import { makeTestPage, makeTestSite } from "./test-site.ts";

/** `key → values` of every meta tag, in order (og:image may repeat). */
function metaOf(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags.set(key!, [...(tags.get(key!) ?? []), value!]);
  }
  return tags;
}

function withOg(
  og: Partial<ResolvedConfig["surfaces"]["og"]>,
  overrides: Partial<ResolvedConfig> = {},
): ResolvedConfig {
  const config = makeTestConfig(overrides);
  return { ...config, surfaces: { ...config.surfaces, og: { ...config.surfaces.og, ...og } } };
}

const CARD = "/_quire/og/docs/guides/install.png";

describe("renderSocialMeta", () => {
  it("describes the page with the generated card and its size", () => {
    const page = makeTestPage("guides/install", {}, { lastModified: "2024-05-01" });
    const meta = metaOf(renderSocialMeta(page, makeTestConfig(), CARD));
    expect(Object.fromEntries(meta)).toEqual({
      "og:title": ["Install"],
      "og:description": ["Get Acme running."],
      "og:url": ["https://acme.test/docs/guides/install"],
      "og:type": ["article"],
      "og:site_name": ["Acme Docs"],
      "og:image": [`https://acme.test${CARD}`],
      "og:image:width": ["1200"],
      "og:image:height": ["630"],
      "og:image:alt": ["Install"],
      "article:modified_time": ["2024-05-01"],
      "twitter:card": ["summary_large_image"],
      "twitter:title": ["Install"],
      "twitter:description": ["Get Acme running."],
      "twitter:image": [`https://acme.test${CARD}`],
      "twitter:image:alt": ["Install"],
    });
  });

  it("keeps URLs relative without a base URL", () => {
    const meta = metaOf(renderSocialMeta(makeTestPage("guides/install"), makeTestConfig({ baseUrl: null }), CARD));
    expect(meta.get("og:url")).toEqual(["/docs/guides/install"]);
    expect(meta.get("og:image")).toEqual([CARD]);
  });

  it("falls back to og.defaultImage, without a size, when no card was rendered", () => {
    const meta = metaOf(renderSocialMeta(makeTestPage("guides/install"), withOg({ defaultImage: "images/og.png" })));
    expect(meta.get("og:image")).toEqual(["https://acme.test/images/og.png"]);
    expect(meta.has("og:image:width")).toBe(false);
    expect(meta.get("twitter:image")).toEqual(["https://acme.test/images/og.png"]);
  });

  it("points at the dynamic endpoint when og.type is dynamic", () => {
    const meta = metaOf(
      renderSocialMeta(makeTestPage("guides/install"), withOg({ enabled: true, type: "dynamic", endpoint: "/api/og" })),
    );
    expect(meta.get("og:image")).toEqual(["https://acme.test/api/og?title=Install&amp;description=Get+Acme+running."]);
    expect(meta.get("og:image:width")).toEqual(["1200"]);
  });

  it("prefers frontmatter ogImage over the generated card", () => {
    const page = makeTestPage("guides/install", { ogImage: "/covers/install.png" });
    const meta = metaOf(renderSocialMeta(page, withOg({ defaultImage: "/og.png" }), CARD));
    expect(meta.get("og:image")).toEqual(["https://acme.test/covers/install.png"]);
    expect(meta.has("og:image:width")).toBe(false);
  });

  it("lets openGraph replace the generated values and ignores ogImage (SPEC 2.6)", () => {
    const page = makeTestPage("guides/install", {
      ogImage: "/ignored.png",
      openGraph: {
        title: "Install Acme in a minute",
        description: "The short version.",
        type: "website",
        images: ["https://cdn.test/a.png", { url: "/b.png", width: 800, height: 400, alt: "B" }],
      },
    });
    const meta = metaOf(renderSocialMeta(page, makeTestConfig(), CARD));
    expect(meta.get("og:title")).toEqual(["Install Acme in a minute"]);
    expect(meta.get("og:description")).toEqual(["The short version."]);
    expect(meta.get("og:type")).toEqual(["website"]);
    expect(meta.get("og:image")).toEqual(["https://cdn.test/a.png", "https://acme.test/b.png"]);
    expect(meta.get("og:image:width")).toEqual(["800"]);
    expect(meta.get("og:image:alt")).toEqual(["B"]);
    // Twitter follows the final Open Graph values unless told otherwise.
    expect(meta.get("twitter:title")).toEqual(["Install Acme in a minute"]);
    expect(meta.get("twitter:image")).toEqual(["https://cdn.test/a.png"]);
  });

  it("keeps the generated card when openGraph gives no images", () => {
    const page = makeTestPage("guides/install", { ogImage: "/ignored.png", openGraph: { type: "website" } });
    const meta = metaOf(renderSocialMeta(page, makeTestConfig(), CARD));
    expect(meta.get("og:image")).toEqual([`https://acme.test${CARD}`]);
    expect(meta.get("og:title")).toEqual(["Install"]);
  });

  it("lets twitter replace the generated twitter values", () => {
    const page = makeTestPage("guides/install", {
      twitter: {
        card: "summary",
        title: "Acme install",
        description: "Tweet-sized.",
        images: [{ url: "/t.png", alt: "T" }],
      },
    });
    const meta = metaOf(renderSocialMeta(page, makeTestConfig(), CARD));
    expect(meta.get("twitter:card")).toEqual(["summary"]);
    expect(meta.get("twitter:title")).toEqual(["Acme install"]);
    expect(meta.get("twitter:description")).toEqual(["Tweet-sized."]);
    expect(meta.get("twitter:image")).toEqual(["https://acme.test/t.png"]);
    expect(meta.get("twitter:image:alt")).toEqual(["T"]);
    expect(meta.get("og:title")).toEqual(["Install"]);
  });

  it("ignores an unknown twitter card type and uses metadata.twitterCard", () => {
    const config = makeTestConfig();
    const page = makeTestPage("guides/install", { twitter: { card: "giant" } });
    const meta = metaOf(
      renderSocialMeta(page, { ...config, metadata: { ...config.metadata, twitterCard: "summary" } }),
    );
    expect(meta.get("twitter:card")).toEqual(["summary"]);
  });

  it("falls back to a summary card when summary_large_image has no image to show", () => {
    const meta = metaOf(renderSocialMeta(makeTestPage("guides/install"), makeTestConfig()));
    expect(meta.has("og:image")).toBe(false);
    expect(meta.get("twitter:card")).toEqual(["summary"]);
  });

  it("escapes every value", () => {
    const page = makeTestPage("guides/install", {
      title: `"><script>alert(1)</script>`,
      description: `Tom & "Jerry" <b>`,
      openGraph: { images: [`/x.png"><script>`] },
    });
    const html = renderSocialMeta(page, makeTestConfig(), CARD);
    expect(html).not.toContain("<script>");
    expect(html).toContain(`content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`);
    expect(html).toContain(`content="Tom &amp; &quot;Jerry&quot; &lt;b&gt;"`);
    expect(html.split("\n").every((line) => /^<meta (property|name)="[^"]+" content="[^"]*">$/.test(line))).toBe(true);
  });
});

describe("renderHeadExtra", () => {
  it("joins the JSON-LD and the social tags", () => {
    const page = makeTestPage("guides/install");
    const html = renderHeadExtra(page, makeTestSite([page]), makeTestConfig(), CARD);
    expect(html).toMatch(/^<script type="application\/ld\+json">/);
    expect(html).toContain(`<meta property="og:image" content="https://acme.test${CARD}">`);
  });
});
