// Quire page actions, feedback and reports (issue 13; compiler/render/html/page-actions.ts writes the markup).
// The runtime's events route says what it takes; on a static host it is absent and the page sends nothing.
(function () {
  "use strict";
  var node = document.getElementById("q-page-ui");
  var ui;
  try {
    ui = JSON.parse(node.textContent);
  } catch (_) {
    return;
  }
  var wants = null;
  var urls = {};
  Object.keys(ui.urls).forEach(function (key) {
    urls[key] = /^[a-z][a-z0-9+.-]*:/i.test(ui.urls[key]) ? ui.urls[key] : location.origin + ui.urls[key];
  });
  function $(selector, scope) {
    return (scope || document).querySelector(selector);
  }
  function each(selector, callback) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), callback);
  }

  // SPEC 2.19 placeholders; `{prompt}` has `{url}` filled in first. Every value is URI-encoded.
  function fill(template, prompt, target) {
    var url = urls[target] || urls.markdown;
    var values = {
      prompt: prompt.replace(/\{url\}/g, url),
      url: url,
      pageUrl: urls.page,
      markdownUrl: urls.markdown,
      sourceUrl: urls.source,
      mdxUrl: urls.mdx,
      githubUrl: urls.github,
    };
    return template.replace(/\{(\w+)\}/g, function (match, key) {
      return Object.keys(values).indexOf(key) >= 0 ? encodeURIComponent(values[key]) : match;
    });
  }

  function send(body) {
    body.route = ui.route;
    return fetch(ui.events, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      keepalive: true,
    });
  }
  function report(body) {
    if (wants && wants.analytics) send(body).catch(function () {});
  }

  // Copy page: the `.md` route (markdown) or the article's visible text (text).
  var copyButton = $("[data-q-copy-page]");
  if (copyButton && ui.copyPage && navigator.clipboard) {
    copyButton.hidden = false;
    var copyLabel = $("span", copyButton);
    var idle = copyLabel.textContent;
    copyLabel.setAttribute("aria-live", "polite");
    copyButton.addEventListener("click", function () {
      var text =
        ui.copyPage.format === "text"
          ? // biome-ignore lint/performance/useDomNodeTextContent: SPEC 2.19 copies the visible text, as rendered.
            Promise.resolve($(".q-content").innerText.trim())
          : fetch(ui.urls.markdown).then(function (response) {
              if (!response.ok) throw new Error(response.status);
              return response.text();
            });
      text
        .then(function (content) {
          return navigator.clipboard.writeText(withTitle(content, ui.copyPage.format));
        })
        .then(function () {
          copyLabel.textContent = ui.copyPage.copiedLabel;
          setTimeout(function () {
            copyLabel.textContent = idle;
          }, 2000);
          report({ type: "page_action", action: "copy_page", detail: ui.copyPage.format });
        })
        .catch(function () {
          copyLabel.textContent = "Copy failed";
        });
    });
  }
  // includeTitle: a `# Title` (markdown, after any frontmatter) or the plain title, unless the content starts with it.
  function withTitle(content, format) {
    if (!ui.copyPage.includeTitle) return content;
    if (format === "text") return content.indexOf(ui.title) === 0 ? content : ui.title + "\n\n" + content;
    var front = /^---\n[\s\S]*?\n---\n+/.exec(content);
    var head = front ? front[0] : "";
    var body = content.slice(head.length);
    var heading = "# " + ui.title;
    return body.indexOf(heading + "\n") === 0 || body === heading ? content : head + heading + "\n\n" + body;
  }

  // Open in …: absolute URLs from this origin when the build had no base URL; each click is a page action.
  each("[data-q-open]", function (link) {
    link.href = fill(link.getAttribute("data-template"), link.getAttribute("data-prompt"), link.dataset.target);
    link.addEventListener("click", function () {
      report({ type: "page_action", action: "open_docs", detail: link.getAttribute("data-q-open") });
    });
  });

  // The Open-in menu closes on Escape (focus back on its button), on a click elsewhere and after a choice.
  var menu = $(".q-page-action-menu");
  if (menu) {
    document.addEventListener("click", function (event) {
      if (menu.open && (!menu.contains(event.target) || event.target.closest("a"))) menu.open = false;
    });
    menu.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      $("summary", menu).focus();
    });
  }

  // The Prompt component: one link per provider with a `promptUrlTemplate`.
  if (ui.promptLinks.length)
    each(".q-prompt", function (box) {
      var text = $("[data-copy-source]", box);
      var row = document.createElement("p");
      row.className = "q-prompt-links";
      ui.promptLinks.forEach(function (pair) {
        var link = document.createElement("a");
        link.href = pair[1].replace(/\{prompt\}/g, encodeURIComponent(text ? text.textContent.trim() : ""));
        link.target = "_blank";
        link.rel = "noopener";
        link.textContent = "Open in " + pair[0];
        row.appendChild(link);
      });
      box.appendChild(row);
    });

  // Code copies (the copy buttons themselves are quire.js's): onCopyClick and analytics through the runtime.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy]");
    if (!button || !wants || !wants.codeCopy) return;
    var box = button.closest("figure, .q-prompt") || button.parentElement;
    var source = box && box.querySelector("[data-copy-source], pre code, pre");
    if (!source) return;
    var pre = box.querySelector("pre[data-language]");
    var title = box.querySelector("[data-rehype-pretty-code-title], .q-prompt-title");
    send({
      type: "code_copy",
      content: source.textContent.replace(/\n$/, ""),
      language: pre ? pre.getAttribute("data-language") : undefined,
      title: title ? title.textContent : undefined,
    }).catch(function () {});
  });

  // Feedback: shown only when the runtime takes votes; else the GitHub link (if any) or nothing.
  var widget = $("[data-q-feedback]");
  function setUpFeedback() {
    if (!widget) return;
    if (!wants || !wants.feedback) {
      var fallback = $(".q-feedback-fallback", widget);
      if (!fallback) return;
      $(".q-feedback-form", widget).hidden = true;
      fallback.hidden = false;
      widget.hidden = false;
      return;
    }
    var form = $(".q-feedback-form", widget);
    var status = $(".q-feedback-status", widget);
    var value = null;
    widget.hidden = false;
    each("[data-q-feedback] .q-feedback-vote", function (vote) {
      vote.addEventListener("click", function () {
        value = vote.getAttribute("data-value");
        each("[data-q-feedback] .q-feedback-vote", function (other) {
          other.setAttribute("aria-pressed", String(other === vote));
        });
        $(".q-feedback-more", widget).hidden = false;
        $("textarea", widget).focus();
      });
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var comment = $("textarea", widget).value.trim();
      if (!value || (wants.requireComment && !comment)) {
        status.textContent = value ? "Please add a comment." : "Choose an answer first.";
        return;
      }
      status.textContent = "Sending…";
      send({ type: "feedback", value: value, comment: comment || undefined })
        .then(function (response) {
          if (!response.ok) throw new Error(response.status);
          form.hidden = true;
          status.textContent = "Thank you for your feedback!";
        })
        .catch(function () {
          status.textContent = "Your feedback could not be sent. Please try again.";
        });
    });
  }

  if (!ui.events) return setUpFeedback();
  fetch(ui.events, { headers: { accept: "application/json" }, credentials: "same-origin" })
    .then(function (response) {
      var type = response.headers.get("content-type") || "";
      return response.ok && type.indexOf("application/json") === 0 ? response.json() : null;
    })
    .catch(function () {
      return null;
    })
    .then(function (capabilities) {
      wants = capabilities && typeof capabilities.feedback === "boolean" ? capabilities : null;
      setUpFeedback();
      report({ type: "page_view" });
    });
})();
