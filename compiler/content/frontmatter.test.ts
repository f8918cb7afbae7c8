import { describe, expect, it } from "vitest";
import { formatMessage } from "../diagnostics.ts";
import { parseFrontmatter } from "./frontmatter.ts";

const FILE = "docs/guide/page.mdx";

/** The formatted messages for a page source (`file:line:col reason [rule]`, hints left out). */
const problems = (source: string) =>
  parseFrontmatter(source, FILE).messages.map((m) => formatMessage({ ...m, hint: undefined }));

describe("parseFrontmatter", () => {
  it("returns typed frontmatter with list defaults", () => {
    const parsed = parseFrontmatter(
      `---\ntitle: Install\ndescription: Get it running.\norder: 2\n---\n# Install\n`,
      FILE,
    );
    expect(parsed.messages).toEqual([]);
    expect(parsed.frontmatter).toEqual({
      title: "Install",
      description: "Get it running.",
      related: [],
      agent: undefined,
      sidebar: undefined,
      readingTime: undefined,
      icon: undefined,
      order: 2,
      tags: [],
      ogImage: undefined,
      openGraph: undefined,
      twitter: undefined,
      hidden: false,
      framework: undefined,
      version: undefined,
      locale: undefined,
      lastModified: undefined,
      extra: {},
    });
  });

  it("blanks the frontmatter block so body lines keep their file line numbers", () => {
    const { body } = parseFrontmatter(`---\ntitle: Install\n---\n# Install\n`, FILE);
    expect(body).toBe(`\n\n\n# Install\n`);
  });

  it("normalizes the agent contract", () => {
    const source = `---\ntitle: Deploy\nagent:\n  task: Deploy the worker\n  appliesTo:\n    framework: next\n  commands:\n    - npm ci\n    - run: npm run deploy\n      cwd: app\n  failureModes:\n    - Build fails\n---\n`;
    expect(parseFrontmatter(source, FILE).frontmatter?.agent).toMatchObject({
      task: "Deploy the worker",
      appliesTo: { framework: ["next"], version: [], package: [] },
      commands: [{ run: "npm ci" }, { run: "npm run deploy", cwd: "app" }],
      failureModes: [{ symptom: "Build fails" }],
      prerequisites: [],
    });
  });

  it("keeps dates as ISO strings: date-only stays a day, timestamps keep their time", () => {
    const source = `---\ntitle: T\nlastModified: 2024-05-01T10:20:30Z\npublished: 2024-05-01\nschedule:\n  - 2023-01-02\n---\n`;
    const frontmatter = parseFrontmatter(source, FILE).frontmatter;
    expect(frontmatter?.lastModified).toBe("2024-05-01T10:20:30.000Z");
    expect(frontmatter?.extra).toEqual({ published: "2024-05-01", schedule: ["2023-01-02"] });
  });

  it("takes lastUpdated as the last-modified date when lastModified is absent", () => {
    expect(parseFrontmatter(`---\ntitle: T\nlastUpdated: 2024-06-01\n---\n`, FILE).frontmatter?.lastModified).toBe(
      "2024-06-01",
    );
  });

  it("keeps unknown top-level keys in extra", () => {
    const frontmatter = parseFrontmatter(`---\ntitle: T\nteam: core\nreviewers: [ana, bo]\n---\n`, FILE).frontmatter;
    expect(frontmatter?.extra).toEqual({ team: "core", reviewers: ["ana", "bo"] });
  });

  describe("keys of other docs tools", () => {
    it("warns at each foreign key with what to use instead, and builds", () => {
      const source = `---\ntitle: T\nsidebar_position: 3\nslug: /old\nsidebar:\n  order: 2\n  label: Short\n  folderIndexBehavior: toggle\nlastUpdated: false\nteam: core\n---\n`;
      const parsed = parseFrontmatter(source, FILE);
      expect(parsed.messages.map((m) => [m.severity, m.rule, m.line, m.column, m.reason, m.hint])).toEqual([
        [
          "warning",
          "frontmatter/foreign-key",
          6,
          3,
          `frontmatter "sidebar.order" is another docs tool's key and is ignored here`,
          'use `order: <number>` (read when the config sets `ordering: "numeric"`)',
        ],
        [
          "warning",
          "frontmatter/foreign-key",
          7,
          3,
          `frontmatter "sidebar.label" is another docs tool's key and is ignored here`,
          "the sidebar shows the page's `title`; there is no separate sidebar label",
        ],
        [
          "warning",
          "frontmatter/foreign-key",
          3,
          1,
          `frontmatter "sidebar_position" is another docs tool's key and is ignored here`,
          'use `order: <number>` (read when the config sets `ordering: "numeric"`)',
        ],
        [
          "warning",
          "frontmatter/foreign-key",
          9,
          1,
          `frontmatter "lastUpdated" is another docs tool's key and is ignored here`,
          expect.stringContaining("lastModified"),
        ],
        [
          "warning",
          "frontmatter/foreign-key",
          4,
          1,
          `frontmatter "slug" is another docs tool's key and is ignored here`,
          "a page's URL comes from its file path: rename or move the file",
        ],
      ]);
      // What clashes with SPEC keys is set aside; the SPEC part of `sidebar` and custom keys stay.
      expect(parsed.frontmatter).toMatchObject({
        title: "T",
        sidebar: { folderIndexBehavior: "toggle" },
        lastModified: undefined,
      });
      expect(parsed.frontmatter?.extra).toEqual({ sidebar_position: 3, slug: "/old", team: "core" });
    });

    it("sets aside `sidebar: false` and warns, pointing at the key", () => {
      const parsed = parseFrontmatter(`---\ntitle: T\nsidebar: false\n---\n`, FILE);
      expect(parsed.frontmatter?.sidebar).toBeUndefined();
      expect(parsed.messages.map((m) => formatMessage({ ...m, hint: undefined }))).toEqual([
        `${FILE}:3:1 frontmatter "sidebar" is another docs tool's key and is ignored here [frontmatter/foreign-key]`,
      ]);
    });

    it("keeps a lastUpdated date as Quire's own key, without a warning", () => {
      const parsed = parseFrontmatter(`---\ntitle: T\nlastUpdated: 2024-06-01\n---\n`, FILE);
      expect(parsed.messages).toEqual([]);
    });
  });

  describe("errors", () => {
    it("leaves the title to the page's leading heading when the frontmatter has none", () => {
      expect(problems(`---\ndescription: x\n---\n# Heading\n`)).toEqual([]);
      expect(parseFrontmatter(`# Just a heading\n`, FILE).frontmatter?.title).toBeUndefined();
    });

    it("returns no frontmatter when there are errors, but still blanks the block", () => {
      const parsed = parseFrontmatter(`---\norder: x\n---\nbody`, FILE);
      expect(parsed.frontmatter).toBeUndefined();
      expect(parsed.body).toBe(`\n\n\nbody`);
    });

    it("reports type errors at the key's line", () => {
      expect(problems(`---\ntitle: T\norder: first\ntags: nope\nhidden: "yes"\n---\n`)).toEqual([
        `${FILE}:3:1 frontmatter "order" must be number, got string "first" [frontmatter/type]`,
        `${FILE}:4:1 frontmatter "tags" must be array, got string "nope" [frontmatter/type]`,
        `${FILE}:5:1 frontmatter "hidden" must be boolean, got string "yes" [frontmatter/type]`,
      ]);
    });

    it("reports a list element of the wrong type at the element", () => {
      expect(problems(`---\ntitle: T\ntags:\n  - a\n  - 3\n---\n`)).toEqual([
        `${FILE}:5:5 frontmatter "tags.1" must be string, got number 3 [frontmatter/type]`,
      ]);
    });

    it("reports a command of the wrong form at its list item", () => {
      const source = `---\ntitle: T\nagent:\n  commands:\n    - npm ci\n    - run: npm test\n    - run: 5\n      cwd: app\n---\n`;
      expect(problems(source)).toEqual([
        `${FILE}:7:7 frontmatter "agent.commands.2" has the wrong form: use a string or { run, cwd?, description? } [frontmatter/form]`,
      ]);
    });

    it("explains each union-typed contract field", () => {
      expect(problems(`---\ntitle: T\nagent:\n  failureModes:\n    - resolution: retry\n---\n`)).toEqual([
        `${FILE}:5:7 frontmatter "agent.failureModes.0" has the wrong form: use a string or { symptom, resolution? } [frontmatter/form]`,
      ]);
      expect(problems(`---\ntitle: T\nagent:\n  appliesTo:\n    framework: [next, 3]\n---\n`)).toEqual([
        `${FILE}:5:5 frontmatter "agent.appliesTo.framework" has the wrong form: use a string or a list of strings [frontmatter/form]`,
      ]);
    });

    it("names unknown nested keys with the closest valid one", () => {
      expect(problems(`---\ntitle: T\nagent:\n  taks: Deploy\n  appliesTo:\n    framwork: next\n---\n`)).toEqual([
        `${FILE}:4:3 unknown frontmatter key "agent.taks" — did you mean "task"? [frontmatter/unknown-key]`,
        `${FILE}:6:5 unknown frontmatter key "agent.appliesTo.framwork" — did you mean "framework"? [frontmatter/unknown-key]`,
      ]);
    });

    it("asks for a numeric version to be quoted", () => {
      const [message] = parseFrontmatter(`---\ntitle: T\nversion: 2.5\n---\n`, FILE).messages;
      expect(formatMessage(message)).toBe(
        `${FILE}:3:1 numeric "version" (2.5) must be quoted so it stays a string [frontmatter/type]\n  write version: "2.5"`,
      );
    });

    it("lists the allowed folder index behaviours", () => {
      expect(problems(`---\ntitle: T\nsidebar:\n  folderIndexBehavior: collapse\n---\n`)).toEqual([
        `${FILE}:4:3 frontmatter "sidebar.folderIndexBehavior" must be one of "link", "toggle", "hidden", got string "collapse" [frontmatter/enum]`,
      ]);
    });

    it("reports YAML syntax errors at file coordinates", () => {
      expect(problems(`---\ntitle: T\n  bad: indent\n---\n`)).toEqual([
        `${FILE}:3:6 invalid YAML frontmatter: bad indentation of a mapping entry [frontmatter/yaml]`,
      ]);
      expect(problems(`---\ntitle: T\nlist: [a, b\n---\n`)).toEqual([
        `${FILE}:4:1 invalid YAML frontmatter: unexpected end of the stream within a flow collection [frontmatter/yaml]`,
      ]);
    });

    it("positions errors correctly with CRLF line endings", () => {
      expect(problems(`---\r\ntitle: T\r\norder: x\r\n---\r\nbody`)).toEqual([
        `${FILE}:3:1 frontmatter "order" must be number, got string "x" [frontmatter/type]`,
      ]);
    });
  });
});

describe("numeric version messages", () => {
  it("points at the top-level version, not at a nested version written before it", () => {
    expect(problems(`---\ntitle: T\nagent:\n  appliesTo:\n    version: ">=2"\nversion: 2.5\n---\n`)).toEqual([
      `${FILE}:6:1 numeric "version" (2.5) must be quoted so it stays a string [frontmatter/type]`,
    ]);
  });
  it("keeps the written form of a numeric version in the message and hint", () => {
    const [message] = parseFrontmatter(`---\ntitle: T\nversion: 2.0\n---\n`, FILE).messages;
    expect(formatMessage(message)).toBe(
      `${FILE}:3:1 numeric "version" (2.0) must be quoted so it stays a string [frontmatter/type]\n  write version: "2.0"`,
    );
  });
});
