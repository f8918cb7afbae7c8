import { describe, it, expect } from "vitest";
import { buildAssets, clientScriptSources } from "./assets.ts";
import { minifyScript } from "./minify-script.ts";
import { themeCss } from "./theme-css.ts";
import { makeTestConfig } from "./test-config.ts";

describe("buildAssets", () => {
  it("returns content-hashed CSS and JS files with matching public URLs", () => {
    const { files, urls } = buildAssets(makeTestConfig());
    const [css, js, searchCss, searchJs] = files;
    expect(css?.path).toMatch(/^_quire\/quire\.[0-9a-f]{8}\.css$/);
    expect(js?.path).toMatch(/^_quire\/quire\.[0-9a-f]{8}\.js$/);
    // Search is on by default: the dialog's files load on first open, its loader rides in the page script (issue 12).
    expect(urls).toEqual({
      css: `/${css?.path}`,
      js: `/${js?.path}`,
      search: { css: `/${searchCss?.path}`, js: `/${searchJs?.path}` },
    });
    expect(js?.contents).toContain("q-search-config");
    expect(css?.contents).toContain("figure[data-rehype-pretty-code-figure]");
    expect(js?.contents).toContain("quire-theme");
  });

  it("writes no search files and no loader when search is off", () => {
    const base = makeTestConfig();
    const { files, urls } = buildAssets({
      ...base,
      surfaces: { ...base.surfaces, search: { ...base.surfaces.search, enabled: false } },
    });
    expect(urls.search).toBeUndefined();
    expect(files.map((file) => file.path).join(" ")).not.toContain("search.");
    expect(files[1]?.contents).not.toContain("q-search-config");
  });

  it("is deterministic and changes the CSS hash when the theme changes", () => {
    const first = buildAssets(makeTestConfig());
    expect(buildAssets(makeTestConfig())).toEqual(first);
    const base = makeTestConfig();
    const themed = buildAssets(makeTestConfig({ theme: { ...base.theme, colors: { primary: "#ff0000" } } }));
    expect(themed.urls.css).not.toBe(first.urls.css);
    expect(themed.urls.js).toBe(first.urls.js);
  });
});

describe("clientScriptSources", () => {
  it("holds every script a build ships, so the package build minifies them all ahead", () => {
    const base = makeTestConfig();
    const configs = [
      base,
      { ...base, surfaces: { ...base.surfaces, search: { ...base.surfaces.search, enabled: false } } },
      { ...base, surfaces: { ...base.surfaces, ai: { ...base.surfaces.ai, enabled: true } } },
      { ...base, pageUi: { ...base.pageUi, reports: true } },
    ] as (typeof base)[];
    const shipped = new Set(
      configs.flatMap((config) => buildAssets(config).files.filter((file) => file.path.endsWith(".js"))),
    );
    const ahead = new Set(clientScriptSources().map(minifyScript));
    const names = [...shipped].map((file) => file.path.replace(/\.[0-9a-f]{8}\.js$/, ""));
    expect(new Set(names)).toEqual(new Set(["_quire/quire", "_quire/ask-ai", "_quire/search", "_quire/page-actions"]));
    for (const file of shipped) expect(ahead.has(file.contents), file.path).toBe(true);
    // The page script with and without the search loader.
    expect(new Set([...shipped].filter((file) => file.path.startsWith("_quire/quire.")).map((f) => f.path)).size).toBe(
      2,
    );
  });
});

describe("themeCss", () => {
  const base = makeTestConfig().theme;

  // Colours that reach WCAG AA are kept as written; compiler/theme/palette.test.ts covers the ones that are moved.
  it("merges configured colours over the defaults for light and dark schemes", () => {
    const css = themeCss({
      ...base,
      colors: { primary: "#b00000", mutedForeground: "#333" },
      darkColors: { primary: "#00ff00" },
    });
    expect(css).toMatch(/:root\{[^}]*--q-primary:#b00000;[^}]*--q-muted-foreground:#333;/);
    expect(css).toMatch(/:root\[data-theme=dark\]\{[^}]*--q-primary:#00ff00;/);
    expect(css).toMatch(/@media \(prefers-color-scheme:dark\)\{:root:not\(\[data-theme\]\)\{[^}]*--q-primary:#00ff00;/);
  });

  it("writes layout sizes, fonts and radius", () => {
    const css = themeCss({ ...base, radius: "4px", fonts: { sans: "Inter, sans-serif" } });
    expect(css).toContain("--q-radius:4px");
    expect(css).toContain("--q-font-sans:Inter, sans-serif");
    expect(css).toContain("--q-sidebar-width:272px");
    expect(css).toContain("--q-header-position:sticky");
    const staticHeader = themeCss({ ...base, layout: { ...base.layout, headerSticky: false } });
    expect(staticHeader).toContain("--q-sticky-top:0px");
  });

  it("drops values that would break out of the declaration block", () => {
    const css = themeCss({ ...base, colors: { primary: "red;}body{display:none" } });
    expect(css).not.toContain("display:none");
  });
});
