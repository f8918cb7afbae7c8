// Search dialog (issue 12, SPEC 2.14): a WAI-ARIA combobox with a grouped listbox. It asks the runtime's search
// route first and, when no runtime answers (static host, staticExport), the static index under _docs/search/.
// The tokenizer matches runtime/search/simple.ts, so both rank with the same words.
(function () {
  "use strict";
  var STOP = new Set(
    "a an and are as at be by for from how i in is it of on or that the this to what when with do does can my".split(
      " ",
    ),
  );
  var RECENT_KEY = "quire-search-recent";
  var settings, overlay, input, list, status, opener, timer;
  var options = [],
    active = -1,
    sequence = 0,
    runtime = null,
    indexPromise = null,
    shards = {},
    docShards = {};

  function stem(t) {
    if (t.length > 4 && /ies$/.test(t)) return t.slice(0, -3) + "y";
    if (t.length > 4 && /ing$/.test(t)) return t.slice(0, -3);
    if (t.length > 3 && /(ch|sh|x|ss)es$/.test(t)) return t.slice(0, -2);
    if (t.length > 3 && /s$/.test(t) && !/ss$/.test(t)) return t.slice(0, -1);
    return t;
  }
  function tokenize(text) {
    var words =
      text
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .match(/[\p{L}\p{N}][\p{L}\p{N}_]*/gu) || [];
    return words
      .filter(function (w) {
        return !STOP.has(w);
      })
      .map(stem);
  }
  function escapeHtml(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return "&#" + c.charCodeAt(0) + ";";
    });
  }

  // ---- Static index ----
  function getJson(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ": " + r.status);
      return r.json();
    });
  }
  function fileUrl(index, name) {
    return settings.index.replace(/[^/]*$/, "") + name + "?v=" + index.version;
  }
  function loadIndex() {
    return (
      indexPromise ||
      (indexPromise = getJson(settings.index).catch(function (e) {
        indexPromise = null;
        throw e;
      }))
    );
  }
  function shardOf(index, term) {
    var low = 0,
      high = index.termShards.length - 1,
      found = 0;
    while (low <= high) {
      var mid = (low + high) >> 1;
      if (index.termShards[mid] <= term) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }
  function termShard(index, n) {
    return shards[n] || (shards[n] = getJson(fileUrl(index, "terms-" + n + ".json")));
  }
  function docShard(index, n) {
    return docShards[n] || (docShards[n] = getJson(fileUrl(index, "docs-" + n + ".json")));
  }
  // Adds one query word's postings (word number `word`) to `found`: doc → { score, named }, `named` counting the
  // query words the doc's headings name (a negative weight), each word once even when several completions match.
  function addPostings(found, flat, factor, word) {
    for (var i = 0, doc = 0; i < flat.length; i += 2) {
      doc += flat[i];
      var hit = found.get(doc);
      if (!hit) found.set(doc, (hit = { score: 0, named: 0, word: -1 }));
      hit.score += Math.abs(flat[i + 1]) * factor;
      if (flat[i + 1] < 0 && hit.word !== word) {
        hit.named++;
        hit.word = word;
      }
    }
  }
  function staticSearch(query) {
    var terms = Array.from(new Set(tokenize(query)));
    if (!terms.length) return Promise.resolve([]);
    return loadIndex().then(function (index) {
      if (!index.termShards.length) return [];
      var wanted = new Set();
      terms.forEach(function (t) {
        var at = shardOf(index, t);
        wanted.add(at);
        // A word without postings of its own is matched as a prefix (like the runtime), which may continue into the
        // next shards (at most two more).
        for (
          var s = at + 1;
          t.length >= 3 && s < index.termShards.length && s <= at + 2 && index.termShards[s].indexOf(t) === 0;
          s++
        )
          wanted.add(s);
      });
      var numbers = Array.from(wanted);
      return Promise.all(
        numbers.map(function (n) {
          return termShard(index, n);
        }),
      ).then(function (loaded) {
        var found = new Map();
        terms.forEach(function (term, word) {
          var exact = null;
          loaded.forEach(function (shard) {
            if (Object.hasOwn(shard, term)) exact = shard[term];
          });
          if (exact) return addPostings(found, exact, 1, word);
          if (term.length < 3) return;
          loaded.forEach(function (shard) {
            for (var key in shard) if (key.indexOf(term) === 0) addPostings(found, shard[key], 0.5, word);
          });
        });
        // The heading boost (runtime/search/simple.ts): headings naming every query word double the score. An
        // index.json cached from before the boost has none, and ranks as it did.
        var boost = index.headingMatchBoost || 0;
        var top = Array.from(found, function (entry) {
          return [entry[0], entry[1].score * (1 + (boost * entry[1].named) / terms.length)];
        })
          .sort(function (a, b) {
            return b[1] - a[1] || a[0] - b[0];
          })
          .slice(0, 10);
        return Promise.all(
          top.map(function (hit) {
            return docShard(index, Math.floor(hit[0] / index.documentShardSize)).then(function (docs) {
              var d = docs[hit[0] % index.documentShardSize];
              return { url: d[0], title: d[1], section: d[2], content: d[3] };
            });
          }),
        );
      });
    });
  }

  // ---- Runtime first, static index when none answers ----
  function search(query) {
    if (runtime === false || !settings.api) return staticSearch(query);
    return fetch(settings.api + "?query=" + encodeURIComponent(query), { headers: { accept: "application/json" } })
      .then(function (r) {
        if (!r.ok || (r.headers.get("content-type") || "").indexOf("json") < 0) throw new Error("no runtime");
        return r.json();
      })
      .then(function (body) {
        if (!Array.isArray(body.results)) throw new Error("no runtime");
        runtime = true;
        return body.results;
      })
      .catch(function () {
        if (runtime === null) runtime = false;
        return staticSearch(query);
      });
  }

  // ---- Rendering ----
  function highlighter(query) {
    var words = (query.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) || []).filter(function (w) {
      return !STOP.has(w);
    });
    words = words.concat(words.map(stem)).filter(function (w, i, all) {
      return w.length > 1 && all.indexOf(w) === i;
    });
    if (!words.length) return escapeHtml;
    var pattern = new RegExp(
      "(?<![\\p{L}\\p{N}])(" +
        words
          .map(function (w) {
            return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          })
          .join("|") +
        ")",
      "giu",
    );
    return function (text) {
      var out = "",
        at = 0;
      String(text).replace(pattern, function (match, _g, offset) {
        out += escapeHtml(text.slice(at, offset)) + "<mark>" + escapeHtml(match) + "</mark>";
        at = offset + match.length;
      });
      return out + escapeHtml(text.slice(at));
    };
  }
  function window160(text, query) {
    var lower = text.toLowerCase(),
      first = -1;
    (query.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) || []).forEach(function (w) {
      var at = lower.indexOf(w);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    });
    if (text.length <= 160) return text;
    var start = Math.max(0, first - 40);
    if (start > 0) start = text.indexOf(" ", start) + 1 || start;
    return (start > 0 ? "\u2026" : "") + text.slice(start, start + 160) + "\u2026";
  }
  function render(groups, heading) {
    options = [];
    active = -1;
    var html = "";
    groups.forEach(function (group, g) {
      html +=
        '<div role="group" aria-labelledby="q-search-g' +
        g +
        '"><p class="q-search-group" id="q-search-g' +
        g +
        '" role="presentation">' +
        group.label +
        "</p>";
      group.items.forEach(function (item) {
        var id = "q-search-o" + options.length;
        options.push(item);
        html +=
          '<a role="option" id="' +
          id +
          '" class="q-search-option" href="' +
          escapeHtml(item.href) +
          '" aria-selected="false" tabindex="-1">' +
          '<span class="q-search-title">' +
          item.title +
          "</span>" +
          (item.text ? '<span class="q-search-excerpt">' + item.text + "</span>" : "") +
          "</a>";
      });
      html += "</div>";
    });
    list.innerHTML = html;
    input.setAttribute("aria-expanded", options.length ? "true" : "false");
    input.removeAttribute("aria-activedescendant");
    list.setAttribute("aria-label", heading);
    if (options.length) move(0);
  }
  function move(to) {
    if (!options.length) return;
    if (active >= 0) list.querySelector("#q-search-o" + active).setAttribute("aria-selected", "false");
    active = (to + options.length) % options.length;
    var option = list.querySelector("#q-search-o" + active);
    option.setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", option.id);
    option.scrollIntoView({ block: "nearest" });
  }
  function showRecent() {
    var recent = readRecent();
    render(
      recent.length
        ? [
            {
              label: "Recent searches",
              items: recent.map(function (q) {
                return { href: "#", title: escapeHtml(q), text: "", recent: q };
              }),
            },
          ]
        : [],
      "Recent searches",
    );
    status.textContent = recent.length ? "" : "Type to search the docs.";
  }
  function run() {
    var query = input.value.trim(),
      mine = ++sequence;
    if (!query) return showRecent();
    search(query).then(
      function (results) {
        if (mine !== sequence) return;
        var mark = highlighter(query),
          groups = [],
          byPage = {};
        results.forEach(function (r) {
          var page = r.url.split("#")[0],
            group = byPage[page];
          if (!group) groups.push((group = byPage[page] = { label: mark(r.title), items: [] }));
          group.items.push({
            href: r.url,
            title: mark(r.section || r.title),
            text: mark(window160(String(r.content || "").replace(/\s+/g, " "), query)),
            query: query,
          });
        });
        // SPEC 2.18 mode "search": the last choice hands the query to Ask AI (templates/ask-ai.js), so Enter still opens the first result.
        if (settings.askAi && window.quireAskAi)
          groups.push({
            label: "Ask " + escapeHtml(window.quireAskAi.label),
            items: [
              {
                href: "#",
                title: "Ask " + escapeHtml(window.quireAskAi.label) + ": \u201c" + escapeHtml(query) + "\u201d",
                text: "",
                ask: query,
              },
            ],
          });
        render(groups, "Results for " + query);
        status.textContent = results.length
          ? results.length + " result" + (results.length === 1 ? "" : "s")
          : "No results for \u201c" + query + "\u201d.";
      },
      function () {
        if (mine === sequence) status.textContent = "Search is unavailable right now.";
      },
    );
  }

  // ---- Recent searches (this browser only) ----
  function readRecent() {
    try {
      var v = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
      return Array.isArray(v) ? v.slice(0, 5) : [];
    } catch (e) {
      return [];
    }
  }
  function remember(query) {
    var recent = readRecent().filter(function (q) {
      return q !== query;
    });
    recent.unshift(query);
    try {
      localStorage.setItem(RECENT_KEY, JSON.stringify(recent.slice(0, 5)));
    } catch (e) {
      /* storage blocked */
    }
  }
  function choose(index) {
    var item = options[index];
    if (!item) return;
    if (item.recent) {
      input.value = item.recent;
      run();
      return;
    }
    if (item.ask) {
      close(false);
      window.quireAskAi.open(item.ask);
      return;
    }
    remember(item.query);
    close(false);
    location.href = item.href;
  }

  // ---- The dialog ----
  function build() {
    overlay = document.createElement("div");
    overlay.className = "q-search-overlay";
    overlay.hidden = true;
    overlay.innerHTML =
      '<div class="q-search-dialog" role="dialog" aria-modal="true" aria-label="Search the docs">' +
      '<div class="q-search-field"><input type="text" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="q-search-list" aria-label="Search the docs" placeholder="Search the docs" autocomplete="off" spellcheck="false">' +
      '<button type="button" class="q-search-close">Esc<span class="q-visually-hidden"> close search</span></button></div>' +
      '<div class="q-search-list" id="q-search-list" role="listbox" aria-label="Results"></div><p class="q-search-status" role="status"></p></div>';
    document.body.appendChild(overlay);
    input = overlay.querySelector("input");
    list = overlay.querySelector("[role=listbox]");
    status = overlay.querySelector("[role=status]");
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 80);
    });
    overlay.addEventListener("mousedown", function (e) {
      if (e.target === overlay) close(true);
    });
    overlay.querySelector(".q-search-close").addEventListener("click", function () {
      close(true);
    });
    list.addEventListener("click", function (e) {
      var option = e.target.closest("[role=option]");
      if (!option || e.ctrlKey || e.metaKey || e.shiftKey) return;
      e.preventDefault();
      choose(Number(option.id.slice(10)));
    });
    overlay.addEventListener("keydown", function (e) {
      if (e.key === "Escape") {
        e.preventDefault();
        close(true);
      } else if (e.key === "ArrowDown") {
        e.preventDefault();
        move(active + 1);
      } else if (e.key === "ArrowUp") {
        e.preventDefault();
        move(active - 1);
      } else if (e.key === "Enter" && e.target === input) {
        e.preventDefault();
        choose(active);
      } else if (e.key === "Tab") {
        // Focus stays in the dialog: the field and the close button.
        e.preventDefault();
        (document.activeElement === input ? overlay.querySelector(".q-search-close") : input).focus();
      }
    });
  }
  function open(config, query, from) {
    settings = config;
    if (!overlay) build();
    opener = from && from !== document.body ? from : null;
    overlay.hidden = false;
    document.documentElement.classList.add("q-search-open");
    input.value = query || "";
    input.focus();
    run();
  }
  function close(restore) {
    overlay.hidden = true;
    document.documentElement.classList.remove("q-search-open");
    sequence++;
    if (restore && opener && opener.focus) opener.focus();
  }

  window.quireSearch = {
    open: open,
    close: close,
    tokenize: tokenize,
    /** The static index alone (tests and the bench compare it with the runtime's ranking). */
    staticSearch: function (config, query) {
      settings = config;
      return staticSearch(query);
    },
  };
})();
