/** The scaffold files of `docs init` (issue 11): every template field filled in, names and titles from folders. */
import { describe, expect, it } from "vitest";
import { packageNameOf, scaffoldFiles, TITLE_FIELD, titleOf } from "./init-scaffold.ts";

describe("scaffoldFiles", () => {
  it("fills the title everywhere a template names it and leaves no field behind", async () => {
    const files = await scaffoldFiles({ title: "Orbit Docs", packageName: "orbit", quireVersion: "9.8.7" });
    const texts = [...files]
      .filter(([name]) => !name.endsWith(".ico"))
      .map(([name, bytes]) => [name, Buffer.from(bytes).toString("utf8")]);
    for (const [name, text] of texts) expect(text, name).not.toContain(TITLE_FIELD);
    expect(files.has(".gitignore")).toBe(true);
    expect(files.has("gitignore")).toBe(false);
    expect(JSON.parse(Buffer.from(files.get("package.json")!).toString("utf8"))).toMatchObject({
      name: "orbit",
      dependencies: { quire: "^9.8.7" },
    });
  });

  it("copies binary files byte for byte", async () => {
    const files = await scaffoldFiles({ title: "T", packageName: "t", quireVersion: "1.0.0" });
    const icon = Buffer.from(files.get("public/favicon.ico")!);
    expect([...icon.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});

describe("names from a folder", () => {
  it("makes an npm package name", () => {
    expect(packageNameOf("My Docs!")).toBe("my-docs");
    expect(packageNameOf("...")).toBe("docs-site");
    expect(packageNameOf("acme_docs.v2")).toBe("acme_docs.v2");
  });

  it("makes a title", () => {
    expect(titleOf("acme-docs")).toBe("Acme Docs");
    expect(titleOf("team_handbook")).toBe("Team Handbook");
    expect(titleOf("--")).toBe("Docs");
  });
});
