import { describe, it, expect } from "vitest";
import { renderRedirectHtml } from "./redirect.ts";

describe("renderRedirectHtml", () => {
  const html = renderRedirectHtml("/docs/guides/install", "https://acme.test/docs/guides/install");

  it("refreshes to the target, names the canonical URL and stays out of indexes", () => {
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=/docs/guides/install">`);
    expect(html).toContain(`<link rel="canonical" href="https://acme.test/docs/guides/install">`);
    expect(html).toContain(`<meta name="robots" content="noindex">`);
    expect(html).toContain(`<a href="/docs/guides/install">/docs/guides/install</a>`);
  });

  it("escapes the target", () => {
    const hostile = renderRedirectHtml(`/x"><script>`, "/x");
    expect(hostile).not.toContain("<script>");
    expect(hostile).toContain(`url=/x&quot;&gt;&lt;script&gt;"`);
  });
});
