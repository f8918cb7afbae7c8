// Quire client script: progressive enhancement; pages work without it.
(function () {
  "use strict";
  var root = document.documentElement;
  var dark = window.matchMedia && matchMedia("(prefers-color-scheme: dark)");
  root.classList.add("q-js");

  function applyTheme(preference) {
    var isDark = preference === "dark" || (preference === "system" && dark && dark.matches);
    root.setAttribute("data-theme", isDark ? "dark" : "light");
    root.setAttribute("data-theme-preference", preference);
  }

  // Theme toggle: cycles light, dark (and system); the head script reads the stored choice on the next page.
  var toggle = document.querySelector("[data-theme-toggle]");
  if (toggle) {
    var cycle = (toggle.getAttribute("data-theme-cycle") || "light dark").split(" ");
    toggle.addEventListener("click", function () {
      var preference = root.getAttribute("data-theme-preference");
      var index = cycle.indexOf(preference);
      // From "system" (or a start outside the cycle) flip what is showing, so every click visibly changes the page.
      var next =
        index < 0 || preference === "system"
          ? root.getAttribute("data-theme") === "dark"
            ? "light"
            : "dark"
          : cycle[(index + 1) % cycle.length];
      applyTheme(next);
      try {
        localStorage.setItem("quire-theme", next);
      } catch (e) {
        /* blocked storage */
      }
    });
    if (dark && dark.addEventListener) {
      dark.addEventListener("change", function () {
        if (root.getAttribute("data-theme-preference") === "system") applyTheme("system");
      });
    }
  }

  function copy(text, button) {
    if (navigator.clipboard)
      navigator.clipboard.writeText(text).then(
        function () {
          if (!button || button.hasAttribute("data-copied")) return;
          var label = button.getAttribute("aria-label");
          button.setAttribute("data-copied", "");
          button.setAttribute("aria-label", "Copied");
          setTimeout(function () {
            button.removeAttribute("data-copied");
            if (label) button.setAttribute("aria-label", label);
          }, 1600);
        },
        function () {},
      );
  }

  // Copy buttons (code blocks, prompts) and heading anchors.
  document.addEventListener("click", function (event) {
    var target = event.target;
    var button = target.closest("[data-copy]");
    if (button) {
      var box = button.closest("figure, .q-prompt") || button.parentElement;
      var source = box && box.querySelector("[data-copy-source], pre code, pre");
      if (source) copy(source.textContent.replace(/\n$/, ""), button);
      return;
    }
    var anchor = target.closest(".q-anchor");
    if (anchor) copy(anchor.href);
  });

  var headings = document.querySelectorAll(".q-content :is(h2, h3, h4)[id]");
  headings.forEach(function (heading) {
    if (heading.querySelector(".q-anchor")) return;
    var anchor = document.createElement("a");
    anchor.className = "q-anchor";
    anchor.href = "#" + encodeURIComponent(heading.id);
    anchor.setAttribute("aria-label", "Link to this section");
    anchor.textContent = "#";
    heading.appendChild(anchor);
  });

  // TOC: mark the section being read.
  var links = {};
  var observed = [];
  document.querySelectorAll(".q-toc a[href^='#']").forEach(function (link) {
    var section = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (section) {
      links[section.id] = link;
      observed.push(section);
    }
  });
  if (observed.length && window.IntersectionObserver) {
    var observer = new IntersectionObserver(
      function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          for (var id in links) links[id].removeAttribute("aria-current");
          links[entry.target.id].setAttribute("aria-current", "true");
        });
      },
      { rootMargin: "0px 0px -70% 0px" },
    );
    observed.forEach(function (section) {
      observer.observe(section);
    });
  }

  // Long sidebars: keep the current page in view.
  var sidebar = document.querySelector(".q-sidebar");
  var current = sidebar && sidebar.querySelector("[aria-current=page]");
  if (current) sidebar.scrollTop = current.offsetTop - sidebar.clientHeight / 3;
})();

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

  function open(query) {
    var opener = document.activeElement;
    load().then(
      function (search) {
        search.open(settings, query, opener);
      },
      function () {
        location.href = settings.page;
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
