// Quire Ask AI, part 2 of 2 (SPEC 2.18): the floating button and chat. Loaded only when `ai.enabled`; settings
// come from the page's #q-ask-ai-config JSON (never a key). Answers stream from POST /api/docs as Server-Sent
// Events; the feedback row posts copy/like/dislike to the actions route, which calls `ai.onActions`.
// mode "search": the search dialog (templates/search.js) offers "Ask AI" for its query and calls
// window.quireAskAi.open(question); the floating button shows only in mode "floating" or on pages without search.
(function () {
  "use strict";
  var configElement = document.getElementById("q-ask-ai-config");
  var shared = window.__quireAskAi;
  if (!configElement || !shared || !window.fetch) return;
  var config = JSON.parse(configElement.textContent);
  var renderMarkdown = shared.renderMarkdown;
  var modal = config.floatingStyle === "modal" || config.floatingStyle === "full-modal";
  var conversation = [];
  var controller = null;
  var opened = false;

  function element(tag, className, attributes) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    for (var name in attributes || {}) node.setAttribute(name, attributes[name]);
    return node;
  }
  function button(className, label, text) {
    var node = element("button", className, { type: "button", "aria-label": label });
    node.textContent = text;
    return node;
  }

  var trigger = button("q-ask-trigger q-ask-at-" + config.position, "Ask " + config.aiLabel, "");
  trigger.innerHTML =
    '<span aria-hidden="true" class="q-ask-spark">✦</span><span>Ask ' + shared.escapeHtml(config.aiLabel) + "</span>";
  trigger.setAttribute("aria-haspopup", "dialog");
  trigger.setAttribute("aria-expanded", "false");

  var backdrop = element("div", "q-ask-backdrop");
  var dialog = element("div", "q-ask q-ask-" + config.floatingStyle + " q-ask-at-" + config.position, {
    role: "dialog",
    "aria-labelledby": "q-ask-title",
    "aria-modal": modal ? "true" : "false",
    hidden: "",
  });
  var header = element("div", "q-ask-header");
  var title = element("h2", "q-ask-title", { id: "q-ask-title" });
  title.textContent = "Ask " + config.aiLabel;
  var close = button("q-ask-close", "Close", "×");
  header.appendChild(title);
  header.appendChild(close);
  var log = element("div", "q-ask-log", { role: "log", "aria-live": "polite", "aria-relevant": "additions text" });
  var intro = element("div", "q-ask-intro");
  intro.innerHTML = "<p>Answers come from these docs, with links to the pages they cite.</p>";
  var suggestions = element(
    "div",
    "q-ask-suggestions" + (config.floatingStyle === "full-modal" ? " q-ask-pills" : ""),
    { role: "group", "aria-label": "Suggested questions" },
  );
  config.suggestedQuestions.forEach(function (question) {
    var pill = button("q-ask-suggestion", question, question);
    pill.removeAttribute("aria-label");
    pill.addEventListener("click", function () {
      ask(question);
    });
    suggestions.appendChild(pill);
  });
  if (config.suggestedQuestions.length) intro.appendChild(suggestions);
  log.appendChild(intro);
  var form = element("form", "q-ask-form");
  var input = element("textarea", "q-ask-input", {
    rows: "1",
    placeholder: "Ask about these docs…",
    "aria-label": "Your question",
    maxlength: "4000",
  });
  var send = element("button", "q-ask-send", { type: "submit" });
  send.textContent = "Send";
  var stop = button("q-ask-stop", "Stop the answer", "Stop");
  stop.hidden = true;
  form.appendChild(input);
  form.appendChild(stop);
  form.appendChild(send);
  dialog.appendChild(header);
  dialog.appendChild(log);
  dialog.appendChild(form);
  var inSearch = config.mode === "search" && document.getElementById("q-search-config") !== null;
  var returnTo = null;
  if (!inSearch) document.body.appendChild(trigger);
  document.body.appendChild(backdrop);
  document.body.appendChild(dialog);
  backdrop.hidden = true;

  function open() {
    if (opened) return;
    opened = true;
    returnTo = document.activeElement;
    dialog.hidden = false;
    backdrop.hidden = !modal;
    trigger.setAttribute("aria-expanded", "true");
    document.documentElement.classList.toggle("q-ask-locked", modal);
    input.focus();
  }
  function hide() {
    if (!opened) return;
    opened = false;
    dialog.hidden = true;
    backdrop.hidden = true;
    trigger.setAttribute("aria-expanded", "false");
    document.documentElement.classList.remove("q-ask-locked");
    var back = inSearch
      ? returnTo && returnTo !== document.body
        ? returnTo
        : document.querySelector("[data-q-search]")
      : trigger;
    if (back && back.focus) back.focus();
  }
  trigger.addEventListener("click", function () {
    opened ? hide() : open();
  });
  close.addEventListener("click", hide);
  backdrop.addEventListener("click", hide);
  dialog.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      event.preventDefault();
      hide();
      return;
    }
    if (event.key !== "Tab" || !modal) return;
    // Modal styles keep Tab inside the dialog.
    var focusable = dialog.querySelectorAll("button:not([hidden]):not([disabled]), textarea, a[href]");
    var first = focusable[0];
    var last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit ? form.requestSubmit() : submit(event);
    }
  });
  function submit(event) {
    event.preventDefault();
    var question = input.value.trim();
    if (question && !controller) ask(question);
  }
  form.addEventListener("submit", submit);
  stop.addEventListener("click", function () {
    if (controller) controller.abort();
  });

  function setBusy(busy) {
    stop.hidden = !busy;
    send.hidden = busy;
    input.disabled = busy;
    if (!busy) input.focus();
    else stop.focus();
  }

  function ask(question) {
    if (controller) return;
    open();
    intro.hidden = true;
    input.value = "";
    conversation.push({ role: "user", content: question });
    var turn = addTurn(question);
    controller = new AbortController();
    setBusy(true);
    var request = {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({
        messages: conversation,
        stream: true,
        page: { path: location.pathname, title: document.title },
      }),
      signal: controller.signal,
    };
    fetch(config.endpoint, request)
      .then(function (response) {
        if (!response.ok || !response.body) {
          return response.json().then(
            function (body) {
              throw body.error || {};
            },
            function () {
              throw {};
            },
          );
        }
        return readEvents(response.body, turn);
      })
      .then(function () {
        if (turn.error) throw turn.error;
        finish(turn, null);
      })
      .catch(function (error) {
        finish(turn, error && error.name === "AbortError" ? { stopped: true } : error);
      });
  }

  function readEvents(body, turn) {
    var reader = body.getReader();
    var decoder = new TextDecoder();
    var buffer = "";
    function pump() {
      return reader.read().then(function (read) {
        if (read.done) return;
        buffer += decoder.decode(read.value, { stream: true });
        var end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          handle(buffer.slice(0, end), turn);
          buffer = buffer.slice(end + 2);
        }
        return pump();
      });
    }
    return pump();
  }

  function handle(block, turn) {
    var event = (/^event: (.*)$/m.exec(block) || [])[1];
    var data = block
      .split("\n")
      .filter(function (line) {
        return line.indexOf("data: ") === 0;
      })
      .map(function (line) {
        return line.slice(6);
      })
      .join("\n");
    if (!event || !data) return;
    var payload = JSON.parse(data);
    if (event === "delta") {
      turn.text += payload.text;
      paint(turn);
    } else if (event === "sources") turn.sources = payload.sources;
    else if (event === "followups") turn.followUps = payload.questions || [];
    else if (event === "done") turn.id = payload.id;
    else if (event === "error") turn.error = payload;
  }

  function addTurn(question) {
    var you = element("div", "q-ask-message q-ask-user");
    you.textContent = question;
    var answer = element("div", "q-ask-message q-ask-assistant", { "aria-busy": "true" });
    var who = element("div", "q-ask-who");
    who.textContent = config.aiLabel;
    var body = element("div", "q-ask-answer");
    var loader = element("div", "q-ask-loader q-ask-loader-" + config.loader, { role: "status" });
    loader.innerHTML = '<span></span><span></span><span></span><span class="q-visually-hidden">Answering…</span>';
    answer.appendChild(who);
    answer.appendChild(loader);
    answer.appendChild(body);
    log.appendChild(you);
    log.appendChild(answer);
    log.scrollTop = log.scrollHeight;
    return {
      question: question,
      text: "",
      sources: [],
      followUps: [],
      id: null,
      error: null,
      node: answer,
      body: body,
      loader: loader,
      frame: 0,
    };
  }

  function paint(turn) {
    if (turn.frame) return;
    turn.frame = requestAnimationFrame(function () {
      turn.frame = 0;
      turn.loader.hidden = true;
      turn.body.innerHTML = renderMarkdown(turn.text, turn.sources);
      log.scrollTop = log.scrollHeight;
    });
  }

  function finish(turn, error) {
    controller = null;
    if (turn.frame) cancelAnimationFrame(turn.frame);
    turn.frame = 0;
    turn.loader.remove();
    turn.body.innerHTML = renderMarkdown(turn.text, turn.sources);
    if (error) {
      conversation.pop();
      var note = element("p", "q-ask-error", { role: error.stopped ? "status" : "alert" });
      note.textContent = error.stopped ? "Stopped." : error.message || "The answer could not be completed. Try again.";
      turn.node.appendChild(note);
    } else {
      conversation.push({ role: "assistant", content: turn.text });
      if (turn.sources.length) turn.node.appendChild(sourceList(turn.sources));
      if (config.feedback) turn.node.appendChild(feedbackRow(turn));
      if (turn.followUps.length) turn.node.appendChild(followUpList(turn.followUps));
    }
    turn.node.setAttribute("aria-busy", "false");
    setBusy(false);
    log.scrollTop = log.scrollHeight;
  }

  function sourceList(sources) {
    var box = element("nav", "q-ask-sources", { "aria-label": "Sources" });
    var heading = element("p", "q-ask-sources-title");
    heading.textContent = "Sources";
    var list = element("ol");
    sources.forEach(function (source) {
      var item = element("li", "", { value: String(source.id) });
      var link = element("a", "", { href: source.url });
      link.textContent = source.title + (source.section ? " — " + source.section : "");
      item.appendChild(link);
      list.appendChild(item);
    });
    box.appendChild(heading);
    box.appendChild(list);
    return box;
  }

  /** Questions the answer's other sources can answer (runtime/ask-ai/follow-ups.ts); one click asks the next one. */
  function followUpList(questions) {
    var box = element("div", "q-ask-suggestions q-ask-followups", {
      role: "group",
      "aria-label": "Follow-up questions",
    });
    questions.forEach(function (question) {
      var chip = button("q-ask-suggestion", question, question);
      chip.removeAttribute("aria-label");
      chip.addEventListener("click", function () {
        box.remove();
        ask(question);
      });
      box.appendChild(chip);
    });
    return box;
  }

  var THUMB =
    '<svg viewBox="0 0 24 24" width="15" height="15" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" aria-hidden="true"><path d="M7 10v11H3V10zM7 10l4-8a3 3 0 0 1 3 3v4h6a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.6 21H7"/></svg>';

  function feedbackRow(turn) {
    var row = element("div", "q-ask-feedback", { role: "group", "aria-label": "Rate this answer" });
    var copy = button("q-ask-action q-ask-copy", "Copy answer", "Copy");
    var like = button("q-ask-action q-ask-like", "Helpful", "");
    var dislike = button("q-ask-action q-ask-dislike", "Not helpful", "");
    like.innerHTML = THUMB;
    dislike.innerHTML = '<span class="q-ask-flip">' + THUMB + "</span>";
    like.setAttribute("aria-pressed", "false");
    dislike.setAttribute("aria-pressed", "false");
    copy.addEventListener("click", function () {
      if (navigator.clipboard) navigator.clipboard.writeText(turn.text).catch(function () {});
      copy.textContent = "Copied";
      setTimeout(function () {
        copy.textContent = "Copy";
      }, 1600);
      report("copy", turn);
    });
    [
      [like, "like", dislike],
      [dislike, "dislike", like],
    ].forEach(function (entry) {
      entry[0].addEventListener("click", function () {
        if (entry[0].getAttribute("aria-pressed") === "true") return;
        entry[0].setAttribute("aria-pressed", "true");
        entry[2].setAttribute("aria-pressed", "false");
        report(entry[1], turn);
      });
    });
    row.appendChild(copy);
    row.appendChild(like);
    row.appendChild(dislike);
    return row;
  }

  function report(action, turn) {
    fetch(config.actionsEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        action: action,
        answerId: turn.id || undefined,
        question: turn.question,
        answer: turn.text,
        sources: turn.sources.map(function (s) {
          return s.url;
        }),
        page: location.pathname,
      }),
    }).catch(function () {});
  }

  window.quireAskAi = {
    open: function (question) {
      open();
      if (question) ask(question);
    },
    close: hide,
    label: config.aiLabel,
    mode: config.mode,
  };
})();
