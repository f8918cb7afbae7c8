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
