/** templates/ask-ai-markdown.js, the browser's renderer of model answers, run in a bare VM context: hostile Markdown stays text. */
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const script = readFileSync(new URL("../../../templates/ask-ai-markdown.js", import.meta.url), "utf8");
const window: { __quireAskAi?: { renderMarkdown(markdown: string, sources?: unknown[]): string } } = {};
runInNewContext(script, { window });
const render = window.__quireAskAi!.renderMarkdown;
const SOURCES = [{ id: 1, url: "https://docs.test/docs/a#b", title: 'Page "A"', section: "B" }];

describe("Ask AI answer Markdown", () => {
  it("escapes any HTML the model writes", () => {
    const html = render("<img src=x onerror=alert(1)> and <script>alert(2)</script>\n\n**<b>bold</b>**");
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("<strong>&lt;b&gt;bold&lt;/b&gt;</strong>");
  });

  it("links only http(s), root-relative and fragment URLs", () => {
    expect(render("[docs](https://docs.test/x) [here](/docs/y) [top](#z)")).toBe(
      `<p><a href="https://docs.test/x">docs</a> <a href="/docs/y">here</a> <a href="#z">top</a></p>`,
    );
    for (const url of ["javascript:alert(1)", "data:text/html,x", "//evil.test/x", "vbscript:x"]) {
      expect(render(`[click](${url})`)).not.toContain("<a");
    }
    expect(render(`[x](https://docs.test/"onmouseover="alert(1))`)).not.toMatch(/href="[^"]*"onmouseover/);
  });

  it("links [n] to the nth source and leaves unknown numbers as text", () => {
    const html = render("Use backoff [1], not [2].", SOURCES);
    expect(html).toContain(
      `<a class="q-ask-cite" href="https://docs.test/docs/a#b" title="Page &quot;A&quot; — B">[1]</a>`,
    );
    expect(html).toContain("not [2].");
    expect(render("Use backoff [1].")).toBe("<p>Use backoff [1].</p>");
  });

  it("renders fenced code literally with highlighted tokens, and the usual blocks", () => {
    const html = render("## Setup\n\n- one\n- `two`\n\n1. first\n\n> quoted\n\n```ts\nconst n = 5; // note <x>\n```");
    expect(html).toContain("<h4>Setup</h4>");
    expect(html).toContain("<ul><li>one</li><li><code>two</code></li></ul>");
    expect(html).toContain("<ol><li>first</li></ol>");
    expect(html).toContain("<blockquote><p>quoted</p></blockquote>");
    expect(html).toContain(
      `<pre class="q-ask-code" data-language="ts"><code><span class="q-tok-keyword">const</span> n = <span class="q-tok-number">5</span>; <span class="q-tok-comment">// note &lt;x&gt;</span></code></pre>`,
    );
  });

  it("renders a half-streamed answer (an unclosed fence) without losing text", () => {
    expect(render("Run:\n\n```sh\nnpm install")).toContain("npm install");
  });
});
