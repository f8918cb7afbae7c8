// Quire client script: progressive enhancement; pages work without it.
(function () {
  "use strict";
  var root = document.documentElement;
  var dark = window.matchMedia && matchMedia("(prefers-color-scheme: dark)");
  var wide = window.matchMedia && matchMedia("(min-width: 1100px)");
  root.classList.add("q-js");

  function store(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch (_e) {
      /* blocked storage */
    }
  }
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch (_e) {
      return null;
    }
  }
  function each(selector, callback, scope) {
    Array.prototype.forEach.call((scope || document).querySelectorAll(selector), callback);
  }

  // One polite live region says what a click did ("Copied") to screen readers.
  var status = document.createElement("div");
  status.className = "q-visually-hidden";
  status.setAttribute("role", "status");
  document.body.appendChild(status);
  function announce(text) {
    status.textContent = "";
    setTimeout(function () {
      status.textContent = text;
    }, 50);
  }

  // Theme switch: one button per choice; the pressed one is the stored preference (or what shows, without system).
  var switcher = document.querySelector("[data-theme-toggle]");
  function applyTheme(preference) {
    var isDark = preference === "dark" || (preference === "system" && dark && dark.matches);
    root.setAttribute("data-theme", isDark ? "dark" : "light");
    root.setAttribute("data-theme-preference", preference);
    if (!switcher) return;
    var hasSystem = switcher.querySelector("[data-theme-choice=system]");
    var shown = preference === "system" && !hasSystem ? root.getAttribute("data-theme") : preference;
    each(
      "[data-theme-choice]",
      function (button) {
        button.setAttribute("aria-pressed", String(button.getAttribute("data-theme-choice") === shown));
      },
      switcher,
    );
  }
  if (switcher) {
    applyTheme(root.getAttribute("data-theme-preference") || "system");
    switcher.addEventListener("click", function (event) {
      var button = event.target.closest("[data-theme-choice]");
      if (!button) return;
      var choice = button.getAttribute("data-theme-choice");
      applyTheme(choice);
      store("quire-theme", choice);
    });
    if (dark && dark.addEventListener) {
      dark.addEventListener("change", function () {
        if (root.getAttribute("data-theme-preference") === "system") applyTheme("system");
      });
    }
  }

  // Copy buttons (code blocks, prompts) and heading anchors.
  function copy(text, button) {
    if (!navigator.clipboard) return;
    navigator.clipboard.writeText(text).then(
      function () {
        announce("Copied");
        if (!button || button.hasAttribute("data-copied")) return;
        button.setAttribute("data-copied", "");
        setTimeout(function () {
          button.removeAttribute("data-copied");
        }, 1600);
      },
      function () {},
    );
  }
  document.addEventListener("click", function (event) {
    var target = event.target;
    var button = target.closest("[data-copy]");
    if (button) {
      var box = button.closest("figure, .q-prompt") || button.parentElement;
      var source = box && box.querySelector("[data-copy-source], pre code, pre");
      // Blank lines are drawn with a space so they keep their height; the copy must not carry it.
      if (source) copy(source.textContent.replace(/\n$/, "").replace(/^[ \t]+$/gm, ""), button);
      return;
    }
    var anchor = target.closest(".q-anchor");
    if (anchor) copy(anchor.href);
  });
  each(".q-content :is(h2, h3, h4)[id]", function (heading) {
    // The footnotes label is for screen readers only (sr-only): no visible anchor to add.
    if (heading.querySelector(".q-anchor") || heading.classList.contains("sr-only")) return;
    var anchor = document.createElement("a");
    anchor.className = "q-anchor";
    anchor.href = "#" + encodeURIComponent(heading.id);
    anchor.setAttribute("aria-label", "Link to this section");
    anchor.textContent = "#";
    heading.appendChild(anchor);
  });

  // Tabs: the radio inputs become an ARIA tablist; choosing a label selects it in every group on the page that has
  // it, and the choice is remembered for the next pages.
  var groups = [];
  function selectTab(group, index, focus) {
    group.tabs.forEach(function (tab, i) {
      tab.setAttribute("aria-selected", String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
      group.panels[i].hidden = i !== index;
      group.inputs[i].checked = i === index;
    });
    if (focus) group.tabs[index].focus();
  }
  function chooseLabel(label) {
    groups.forEach(function (group) {
      var index = group.labels.indexOf(label);
      if (index >= 0) selectTab(group, index);
    });
    var recent = (stored("quire-tabs") || "").split("\n").filter(function (l) {
      return l && l !== label;
    });
    store("quire-tabs", [label].concat(recent).slice(0, 20).join("\n"));
  }
  each(".q-tabs", function (element, n) {
    var group = { inputs: [], labels: [], tabs: [], panels: [] };
    var list = document.createElement("div");
    list.className = "q-tab-list";
    list.setAttribute("role", "tablist");
    each(
      ":scope > .q-tab-input",
      function (input, i) {
        var label = input.nextElementSibling;
        var panel = label.nextElementSibling;
        var tab = document.createElement("button");
        tab.type = "button";
        tab.className = "q-tab-button";
        tab.id = "q-tab-" + n + "-" + i;
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-controls", (panel.id = tab.id + "-panel"));
        tab.textContent = label.textContent;
        panel.setAttribute("role", "tabpanel");
        panel.setAttribute("aria-labelledby", tab.id);
        panel.tabIndex = 0;
        list.appendChild(tab);
        group.inputs.push(input);
        group.labels.push(label.textContent);
        group.tabs.push(tab);
        group.panels.push(panel);
      },
      element,
    );
    if (!group.tabs.length) return;
    element.insertBefore(list, element.firstChild);
    element.classList.add("q-tabs-enhanced");
    groups.push(group);
    var start = Math.max(
      0,
      group.inputs.findIndex(function (input) {
        return input.checked;
      }),
    );
    selectTab(group, start);
    list.addEventListener("click", function (event) {
      var tab = event.target.closest("[role=tab]");
      if (tab) chooseLabel(group.labels[group.tabs.indexOf(tab)]);
    });
    list.addEventListener("keydown", function (event) {
      var count = group.tabs.length;
      var index = group.tabs.indexOf(document.activeElement);
      var next = { ArrowRight: index + 1, ArrowLeft: index - 1 + count, Home: 0, End: count - 1 }[event.key];
      if (next === undefined || index < 0) return;
      event.preventDefault();
      selectTab(group, next % count, true);
      chooseLabel(group.labels[next % count]);
    });
  });
  (stored("quire-tabs") || "")
    .split("\n")
    .reverse()
    .forEach(function (label) {
      groups.forEach(function (group) {
        var index = label ? group.labels.indexOf(label) : -1;
        if (index >= 0) selectTab(group, index);
      });
    });

  // Tables wider than the column scroll; a scrolling region needs a tab stop so keyboards can scroll it.
  function markScrollers() {
    each(".q-content table", function (table) {
      if (table.scrollWidth > table.clientWidth + 1) table.tabIndex = 0;
      else table.removeAttribute("tabindex");
    });
  }
  markScrollers();
  window.addEventListener("resize", markScrollers);

  // "On this page": open beside the article on wide screens, a closed disclosure above it on narrow ones.
  var toc = document.querySelector(".q-toc-details");
  function placeToc() {
    if (toc) toc.open = !!(wide && wide.matches);
  }
  placeToc();
  if (wide && wide.addEventListener) wide.addEventListener("change", placeToc);

  // Scroll-spy: the current section is the last heading scrolled past the header; at the bottom, the last one.
  var entries = [];
  each(".q-toc a[href^='#']", function (link) {
    var section = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (section) entries.push({ link: link, section: section });
  });
  var marked;
  function spy() {
    var offset = parseFloat(getComputedStyle(root).scrollPaddingTop) || 80;
    var current = entries[0];
    var atBottom = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
    entries.forEach(function (entry) {
      if (entry.section.getBoundingClientRect().top <= offset + 8) current = entry;
    });
    if (atBottom && scrollY > 0) current = entries[entries.length - 1];
    if (current === marked) return;
    if (marked) marked.link.removeAttribute("aria-current");
    current.link.setAttribute("aria-current", "true");
    marked = current;
  }
  if (entries.length) {
    var pending = false;
    window.addEventListener(
      "scroll",
      function () {
        if (pending) return;
        pending = true;
        requestAnimationFrame(function () {
          pending = false;
          spy();
        });
      },
      { passive: true },
    );
    spy();
  }

  // Small-screen menu: Escape and following a link close it; coming Back never shows it open.
  var menu = document.getElementById("q-menu-toggle");
  var sidebar = document.querySelector(".q-sidebar");
  if (menu) {
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || !menu.checked) return;
      menu.checked = false;
      menu.focus();
    });
    if (sidebar)
      sidebar.addEventListener("click", function (event) {
        if (event.target.closest("a")) menu.checked = false;
      });
    window.addEventListener("pageshow", function () {
      menu.checked = false;
    });
  }

  // Long sidebars: keep the current page in view.
  var current = sidebar && sidebar.querySelector("[aria-current=page]");
  if (current) sidebar.scrollTop = current.offsetTop - sidebar.clientHeight / 3;
})();
