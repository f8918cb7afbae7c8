import { describe, expect, it } from "vitest";
import { findSiteIcons, renderFaviconLinks, renderLogo } from "./site-icons.ts";

describe("site icons from public/", () => {
  it("links every favicon, SVG first, and picks one logo by the same preference", () => {
    const icons = findSiteIcons([
      "favicon.ico",
      "logo.png",
      "favicon.svg",
      "logo.svg",
      "img/favicon.png",
      "logo-dark.svg",
      "favicon.txt",
    ]);
    expect(icons).toEqual({
      favicons: [
        { href: "/favicon.svg", type: "image/svg+xml" },
        { href: "/favicon.ico", type: "image/x-icon" },
      ],
      logo: "/logo.svg",
    });
    expect(renderFaviconLinks(icons)).toBe(
      `<link rel="icon" type="image/svg+xml" href="/favicon.svg">\n<link rel="icon" type="image/x-icon" href="/favicon.ico">`,
    );
    expect(renderLogo(icons)).toMatch(/^<img class="q-brand-logo" src="\/logo.svg" alt="" width="24" height="24"/);
  });

  it("adds nothing for a site without them", () => {
    const icons = findSiteIcons(["robots.txt", "images/logo.svg"]);
    expect(icons).toEqual({ favicons: [], logo: undefined });
    expect(renderFaviconLinks(icons) + renderLogo(icons)).toBe("");
  });
});
