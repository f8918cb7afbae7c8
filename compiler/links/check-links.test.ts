import { describe, expect, it } from "vitest";
import { formatMessage } from "../diagnostics.ts";
import { checkLinks, type LinkedPage } from "./check-links.ts";

const page = (route: string, anchors: string[], links: LinkedPage["links"] = []): LinkedPage => ({
  sourcePath: `docs${route === "/docs" ? "/index" : route.slice(5)}.md`,
  route,
  markdownRoute: `${route}.md`,
  anchors,
  links,
});
const link = (href: string, line = 3, written = href) => ({ href, written, kind: "link" as const, line, column: 1 });
const report = (pages: LinkedPage[], files: string[] = []) => checkLinks({ pages, files }).map(formatMessage);

describe("checkLinks", () => {
  it("accepts pages, their anchors, .md routes, files of the build and runtime routes", () => {
    const pages = [
      page(
        "/docs",
        ["intro"],
        [
          link("/docs/guide#setup"),
          link("/docs/guide/"),
          link("/docs/guide.md"),
          link("#intro"),
          link("/logo.svg"),
          link("/llms.txt"),
          link("/api/docs?query=x"),
          link("/mcp"),
          link("/docs/guide?tab=2#setup"),
        ],
      ),
      page("/docs/guide", ["setup"]),
    ];
    expect(report(pages, ["logo.svg", "llms.txt", "docs/guide/index.html"])).toEqual([]);
  });

  it("suggests the page a link written from the content folder's root names, as VitePress writes them", () => {
    const written = [link("/guide/features.html#glob", 4), link("/guide/features.md", 5), link("/guide/", 6)];
    const pages = [page("/docs", [], written), page("/docs/guide/features", ["glob"]), page("/docs/guide", [])];
    expect(checkLinks({ pages, files: [], docsRoute: "/docs" }).map((m) => m.hint)).toEqual([
      `did you mean /docs/guide/features#glob? (a site moved from VitePress keeps its root links with \`docsPath: ""\`)`,
      `did you mean /docs/guide/features? (a site moved from VitePress keeps its root links with \`docsPath: ""\`)`,
      `did you mean /docs/guide? (a site moved from VitePress keeps its root links with \`docsPath: ""\`)`,
    ]);
    // Served from the root, `/guide/features.html` is the page at `/guide/features`.
    const atRoot = [page("/docs", [], [link("/guide/features.html", 4)]), page("/guide/features", [])];
    expect(checkLinks({ pages: atRoot, files: [], docsRoute: "/" }).map((m) => m.hint)).toEqual([
      "did you mean /guide/features?",
    ]);
  });

  it("reports a broken link at its position with the closest page route", () => {
    const pages = [
      page("/docs", [], [link("/docs/gide", 7, "./gide.md"), link("/nowhere/at/all", 9)]),
      page("/docs/guide", []),
    ];
    expect(report(pages)).toEqual([
      "docs/index.md:7:1 link ./gide.md (/docs/gide) leads to no page and no file of the build [links/broken]\n  did you mean /docs/guide?",
      "docs/index.md:9:1 link /nowhere/at/all leads to no page and no file of the build [links/broken]\n  link to a page's route, a relative .md(x) file, or a file in public/",
    ]);
  });

  it("reports a missing anchor with the closest one on the target page, also on the same page", () => {
    const pages = [
      page("/docs", ["why"], [link("/docs/guide#instal", 4, "./guide.md#instal"), link("#wy", 5)]),
      page("/docs/guide", ["install", "usage"]),
    ];
    expect(report(pages)).toEqual([
      `docs/index.md:4:1 link ./guide.md#instal: /docs/guide has no heading or id "instal" [links/missing-anchor]\n  did you mean #install?`,
      `docs/index.md:5:1 link #wy: /docs has no heading or id "wy" [links/missing-anchor]\n  did you mean #why?`,
    ]);
  });

  it("reports a partial's link where the partial holds it, naming the page that shows it", () => {
    const partial = { file: "docs/_shared.mdx", line: 2, column: 6 };
    const pages = [
      page(
        "/docs",
        [],
        [
          { ...link("/docs/gide", 0, "./gide.md"), ...partial },
          { ...link("/docs#nope"), ...partial },
        ],
      ),
      page("/docs/guide", []),
    ];
    expect(report(pages).map((m) => m.split("\n")[0])).toEqual([
      "docs/_shared.mdx:2:6 link ./gide.md (/docs/gide) leads to no page and no file of the build (shown on docs/index.md) [links/broken]",
      `docs/_shared.mdx:2:6 link /docs#nope: /docs has no heading or id "nope" (shown on docs/index.md) [links/missing-anchor]`,
    ]);
  });

  it("resolves relative hrefs the way a browser does from the page's route, and decodes them", () => {
    const pages = [page("/docs/a", [], [link("b"), link("../docs/b#caf%C3%A9"), link("c")]), page("/docs/b", ["café"])];
    expect(report(pages).map((m) => m.split(" [")[0])).toEqual([
      "docs/a.md:3:1 link c (/docs/c) leads to no page and no file of the build",
    ]);
  });

  it("says where images belong when one is missing", () => {
    const pages = [
      page("/docs", [], [{ href: "./shot.png", written: "./shot.png", kind: "image", line: 2, column: 1 }]),
    ];
    expect(report(pages)).toEqual([
      "docs/index.md:2:1 image ./shot.png (/shot.png) leads to no page and no file of the build [links/broken]\n  keep the image in the content folder and link it by its path from the page, or put it in public/ and link it from the site root (/name.png)",
    ]);
  });
});
