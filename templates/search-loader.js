// Search loader (issue 12): the header button, Ctrl/Cmd-K and "/" open the search dialog, whose script and styles
// load on first open. Without JavaScript the button stays a link to the search page.
(function () {
  "use strict";
  var node = document.getElementById("q-search-config");
  if (!node) return;
  var settings;
  try {
    settings = JSON.parse(node.textContent);
  } catch (e) {
    return;
  }
  var loading = null;

  function load() {
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = settings.css;
        document.head.appendChild(link);
        var script = document.createElement("script");
        script.src = settings.js;
        script.onload = function () {
          resolve(window.quireSearch);
        };
        script.onerror = function () {
          loading = null;
          reject(new Error("search script failed to load"));
        };
        document.head.appendChild(script);
      });
    }
    return loading;
  }

  // Keys typed while the dialog's code loads on first open (a reader types right after Ctrl-K) become its query.
  var typed = null;
  function buffer(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || editable(event.target)) return;
    if (event.key === "Backspace") typed = typed.slice(0, -1);
    else if (event.key.length === 1) typed += event.key;
    else return;
    event.preventDefault();
  }

  function open(query) {
    var opener = document.activeElement;
    if (!window.quireSearch && typed === null) {
      typed = query || "";
      document.addEventListener("keydown", buffer, true);
    }
    load().then(
      function (search) {
        document.removeEventListener("keydown", buffer, true);
        if (typed !== null) query = typed;
        typed = null;
        search.open(settings, query, opener);
      },
      function () {
        document.removeEventListener("keydown", buffer, true);
        location.href = settings.page + (typed ? "?q=" + encodeURIComponent(typed) : "");
        typed = null;
      },
    );
  }

  function editable(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  var buttons = document.querySelectorAll("[data-q-search]");
  var mac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  Array.prototype.forEach.call(buttons, function (button) {
    var kbd = button.querySelector("kbd");
    if (kbd && mac) kbd.textContent = "\u2318 K";
    button.setAttribute("aria-haspopup", "dialog");
    button.addEventListener("click", function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      open("");
    });
  });
  document.addEventListener("keydown", function (event) {
    var isK = event.key === "k" || event.key === "K";
    if (isK && (event.ctrlKey || event.metaKey) && !event.altKey) {
      event.preventDefault();
      open("");
    } else if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !editable(event.target)) {
      event.preventDefault();
      open("");
    }
  });

  // The search page: its form and a ?q= query open the dialog.
  if (location.pathname.replace(/\/$/, "") === settings.page) {
    var form = document.querySelector("[data-q-search-form]");
    if (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        open(form.elements.q.value);
      });
    }
    open(new URLSearchParams(location.search).get("q") || "");
  }
})();
