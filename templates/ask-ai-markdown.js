// Quire Ask AI, part 1 of 2 (SPEC 2.18): answers as sanitized Markdown. Everything the model writes is escaped
// first; only the Markdown built here becomes markup (paragraphs, headings, lists, quotes, code with simple
// highlighting, emphasis, http(s)/relative links, and [n] citations linked to the retrieved sources).
(function () {
  "use strict";
  var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return ENTITIES[c];
    });
  }

  var KEYWORDS =
    /^(?:const|let|var|function|return|if|else|for|while|import|from|export|default|await|async|new|class|extends|try|catch|throw|true|false|null|undefined|def|None|True|False|in|of|type|interface|package|func|fn|pub|use|struct)$/;
  var TOKEN =
    /(\/\/[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`|\b\d+(?:[._]\d+)*\b|[A-Za-z_$][\w$]*)/g;
  var HASH_COMMENTS = /^(?:sh|bash|shell|zsh|console|py|python|yaml|yml|toml|rb|ruby|dockerfile|ini|conf)$/i;

  /** Code as escaped text with spans for comments, strings, numbers and keywords (no grammar, no network). */
  function highlight(code, language) {
    var hashComments = HASH_COMMENTS.test(language || "");
    var out = "";
    var last = 0;
    code.replace(TOKEN, function (token, _, offset) {
      out += escapeHtml(code.slice(last, offset));
      last = offset + token.length;
      var kind = null;
      if (token.indexOf("//") === 0 || token.indexOf("/*") === 0) kind = "comment";
      else if (token.charAt(0) === "#") kind = hashComments ? "comment" : null;
      else if (/^["'`]/.test(token)) kind = "string";
      else if (/^\d/.test(token)) kind = "number";
      else if (KEYWORDS.test(token)) kind = "keyword";
      if (kind === null && token.charAt(0) === "#") {
        // Not a comment in this language: let the rest of the line be tokenized normally.
        out += escapeHtml("#");
        last = offset + 1;
        return token;
      }
      out += kind ? '<span class="q-tok-' + kind + '">' + escapeHtml(token) + "</span>" : escapeHtml(token);
      return token;
    });
    return out + escapeHtml(code.slice(last));
  }

  function safeUrl(url) {
    return /^(https?:\/\/|\/(?!\/)|#)/i.test(url) ? url : null;
  }

  /** One line of text: code spans stay literal; the rest is escaped, then emphasis, links and citations. */
  function inline(text, sources) {
    return text
      .split(/(`[^`\n]+`)/)
      .map(function (part, index) {
        if (index % 2 === 1) return "<code>" + escapeHtml(part.slice(1, -1)) + "</code>";
        var html = escapeHtml(part)
          .replace(/\*\*([^*\n]+)\*\*/g, "<strong>$1</strong>")
          .replace(/(^|[^\w*])\*([^*\n]+)\*(?!\w)/g, "$1<em>$2</em>")
          .replace(/(^|\W)_([^_\n]+)_(?!\w)/g, "$1<em>$2</em>")
          .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, function (whole, label, url) {
            var href = safeUrl(url.replace(/&amp;/g, "&"));
            return href ? '<a href="' + escapeHtml(href) + '">' + label + "</a>" : label;
          })
          .replace(/\[(\d{1,2})\](?!\()/g, function (whole, number) {
            var source = sources && sources[Number(number) - 1];
            if (!source) return whole;
            var title = source.title + (source.section ? " — " + source.section : "");
            return (
              '<a class="q-ask-cite" href="' +
              escapeHtml(source.url) +
              '" title="' +
              escapeHtml(title) +
              '">[' +
              number +
              "]</a>"
            );
          });
        return html.replace(/\n/g, "<br>");
      })
      .join("");
  }

  var LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+/;
  var BLOCK_START = /^(```|#{1,6}\s|>\s?|\s*([-*+]|\d+[.)])\s+)/;

  /** Markdown → safe HTML. `sources` (optional) turns [n] into links to the cited pages. */
  function renderMarkdown(markdown, sources) {
    var lines = String(markdown).replace(/\r/g, "").split("\n");
    var out = [];
    var i = 0;
    while (i < lines.length) {
      var line = lines[i];
      var fence = /^```\s*([\w+#.-]*)/.exec(line);
      if (fence) {
        var code = [];
        for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) code.push(lines[i]);
        i++;
        var language = fence[1];
        out.push(
          '<pre class="q-ask-code"' +
            (language ? ' data-language="' + escapeHtml(language) + '"' : "") +
            "><code>" +
            highlight(code.join("\n"), language) +
            "</code></pre>",
        );
        continue;
      }
      var heading = /^(#{1,6})\s+(.*)$/.exec(line);
      if (heading) {
        var level = Math.min(heading[1].length + 2, 6);
        out.push("<h" + level + ">" + inline(heading[2], sources) + "</h" + level + ">");
        i++;
        continue;
      }
      if (LIST_ITEM.test(line)) {
        var ordered = /^\s*\d/.test(line);
        var items = [];
        for (; i < lines.length && LIST_ITEM.test(lines[i]); i++)
          items.push("<li>" + inline(lines[i].replace(LIST_ITEM, ""), sources) + "</li>");
        out.push((ordered ? "<ol>" : "<ul>") + items.join("") + (ordered ? "</ol>" : "</ul>"));
        continue;
      }
      if (/^>\s?/.test(line)) {
        var quote = [];
        for (; i < lines.length && /^>\s?/.test(lines[i]); i++) quote.push(lines[i].replace(/^>\s?/, ""));
        out.push("<blockquote>" + renderMarkdown(quote.join("\n"), sources) + "</blockquote>");
        continue;
      }
      if (!line.trim()) {
        i++;
        continue;
      }
      var paragraph = [];
      for (; i < lines.length && lines[i].trim() && (paragraph.length === 0 || !BLOCK_START.test(lines[i])); i++)
        paragraph.push(lines[i]);
      out.push("<p>" + inline(paragraph.join("\n"), sources) + "</p>");
    }
    return out.join("");
  }

  window.__quireAskAi = window.__quireAskAi || {};
  window.__quireAskAi.renderMarkdown = renderMarkdown;
  window.__quireAskAi.escapeHtml = escapeHtml;
})();
