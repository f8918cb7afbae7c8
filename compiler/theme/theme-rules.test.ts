import { describe, expect, it } from "vitest";
import { SAFE_VALUE, schemePalettes } from "./scheme-palettes.ts";
import { sidebarCss } from "./sidebar-css.ts";
import { typographyCss } from "./typography-css.ts";

const palettes = schemePalettes({ colors: {}, darkColors: {} });

describe("typography keys (SPEC 2.17 FontStyle)", () => {
  it("writes a rule per key the theme sets, keeping quire.css's specificity", () => {
    const css = typographyCss(
      { h1: { size: "2.5rem", weight: 600 }, h3: { letterSpacing: "0" }, body: { lineHeight: "1.75" } },
      SAFE_VALUE,
    );
    expect(css).toBe(
      ".q-page-header h1{font-size:2.5rem;font-weight:600}\n" +
        ":where(.q-content) h3{letter-spacing:0}\n" +
        ":where(.q-content){line-height:1.75}\n",
    );
  });

  it("writes nothing for unset keys and drops values that would end the block", () => {
    expect(typographyCss({}, SAFE_VALUE)).toBe("");
    expect(typographyCss({ h2: { size: "1rem}body{display:none" } }, SAFE_VALUE)).toBe("");
  });
});

describe("sidebar background and borderColor (SPEC 2.17 SidebarStyleConfig)", () => {
  const css = (style: "default" | "bordered" | "floating", background?: string, borderColor?: string) =>
    sidebarCss({ sidebarStyle: style, sidebarColors: { background, borderColor } }, palettes, SAFE_VALUE);

  it("colours the sidebar, draws a line for the default style, and fills the column beside the article", () => {
    const rules = css("default", "#f7f7f7", "#dddddd");
    expect(rules).toContain('.q-sidebar[data-style="default"]{background:#f7f7f7;border-inline-end:1px solid #dddddd}');
    expect(rules).toContain("@media (min-width:768px)");
  });

  it("colours the floating style's panel and keeps its own border rule", () => {
    expect(css("floating", "#f4f2ea", "#cccccc")).toContain(
      '.q-sidebar[data-style="floating"] .q-nav{background:#f4f2ea;border-color:#cccccc}',
    );
  });

  it("gives a light colour to the light scheme only, with the dark page's text back in dark", () => {
    const rules = css("bordered", "#f7f7f7", "#dddddd");
    const dark = rules.split("\n").find((line) => line.startsWith(":root[data-theme=dark]")) ?? "";
    expect(dark).toContain("background:var(--q-background)");
    expect(dark).toContain(`--q-foreground:${palettes.dark.foreground}`);
    expect(dark).toContain("border-color:var(--q-border)");
  });

  it("keeps a dark colour in both schemes and moves the sidebar's text to AA on it", () => {
    const rules = css("default", "#1e293b");
    expect(rules).not.toContain("var(--q-background)");
    // The built-in light text (#0f1117) is unreadable on slate: the light rule lightens it.
    const light = rules.split("\n").find((line) => line.includes("--q-foreground:")) ?? "";
    expect(light).not.toContain("--q-foreground:#0f1117");
  });

  it("writes nothing when neither colour is set", () => {
    expect(css("default")).toBe("");
  });
});
