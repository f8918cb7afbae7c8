import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Code } from "mdast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importsModules } from "../cache/imports-modules.ts";
import type { SourcePage } from "../content/discover.ts";
import { importCodeSnippets } from "./code-snippets.ts";
import { parseBody } from "./parse.ts";

let root: string;
const contentDir = () => path.join(root, "docs");

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "quire-snippets-"));
  await mkdir(path.join(root, "docs", "guide"), { recursive: true });
  await mkdir(path.join(root, "docs", "snippets"));
  await writeFile(
    path.join(root, "docs", "snippets", "retry.py"),
    [
      "import time",
      "",
      "def run():",
      "    # #region loop",
      "    for attempt in range(3):",
      "        # #region wait",
      "        time.sleep(attempt)",
      "        # #endregion wait",
      "    # #endregion loop",
      "",
    ].join("\n"),
  );
  await writeFile(path.join(root, "docs", "guide", "local.sh"), "echo hi\r\necho bye\r\n");
});
afterAll(() => rm(root, { recursive: true, force: true }));

function imported(markdown: string) {
  const page = path.join(contentDir(), "guide", "page.md");
  const tree = parseBody(markdown, "md", page, "docs/guide/page.md").tree!;
  const result = importCodeSnippets(
    tree,
    { root, contentDir: contentDir(), pageDir: path.dirname(page) },
    "docs/guide/page.md",
  );
  return { tree, ...result };
}

describe("importCodeSnippets", () => {
  it("makes a `<<<` line a code block of the file, its language from the extension", () => {
    const { tree, changed, messages } = imported("Intro.\n\n<<< @/snippets/retry.py\n");
    expect(changed).toBe(true);
    expect(messages).toEqual([]);
    const code = tree.children[1] as Code;
    expect([code.type, code.lang, code.meta, code.position?.start.line]).toEqual(["code", "py", null, 3]);
    expect(code.value).toBe(
      "import time\n\ndef run():\n    # #region loop\n    for attempt in range(3):\n        # #region wait\n        time.sleep(attempt)\n        # #endregion wait\n    # #endregion loop",
    );
  });

  it("reads a region without its markers and indentation, highlighted lines, a language and a title", () => {
    const { tree } = imported("<<< @/snippets/retry.py#loop{1 python} [retry.py]\n\n<<< ./local.sh{1,2}\n");
    const [region, local] = tree.children as Code[];
    expect([region.lang, region.meta, region.value]).toEqual([
      "python",
      '{1} title="retry.py"',
      "for attempt in range(3):\n    time.sleep(attempt)",
    ]);
    // Relative to the page; line endings made `\n`.
    expect([local.lang, local.meta, local.value]).toEqual(["sh", "{1,2}", "echo hi\necho bye"]);
  });

  it("keeps the line, with a warning at it, for a missing file or region or a file outside the site", () => {
    const { tree, changed, messages } = imported(
      "<<< @/snippets/nope.py\n\n<<< @/snippets/retry.py#other\n\n<<< ../../../etc/hosts\n",
    );
    expect(changed).toBe(false);
    expect(tree.children.map((n) => n.type)).toEqual(["paragraph", "paragraph", "paragraph"]);
    expect(messages.map((m) => [m.rule, m.line, m.column, m.reason])).toEqual([
      ["markdown/missing-snippet", 1, 1, "snippet @/snippets/nope.py names no readable file"],
      ["markdown/missing-snippet", 3, 1, 'snippet @/snippets/retry.py has no region "other"'],
      ["markdown/missing-snippet", 5, 1, "snippet ../../../etc/hosts is outside the site's folder"],
    ]);
  });

  it("reads only a line of its own: not one in a sentence, a list or a code block", () => {
    const { changed } = imported(
      "See <<< @/snippets/retry.py here.\n\n- <<< @/snippets/retry.py\n\n```\n<<< @/snippets/retry.py\n```\n",
    );
    expect(changed).toBe(false);
  });
});

describe("a page with a snippet import in the incremental cache", () => {
  const page = (source: string, syntax: "md" | "mdx" = "md") => ({ source, syntax }) as SourcePage;

  it("is never kept: its output depends on another file", () => {
    expect(importsModules(page("# A\n\n<<< @/snippets/retry.py\n"))).toBe(true);
    expect(importsModules(page("# A\n\n```md\n<<< @/snippets/retry.py\n```\n"))).toBe(false);
    expect(importsModules(page("# A\n\nText.\n"))).toBe(false);
  });
});
