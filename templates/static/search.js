/* Search with Pagefind, as you type: in the header's box (results drop down under it) and on the
 * search page. Pagefind's index loads on the first keystroke. It fetches its index, which browsers
 * forbid from file:// pages, so there the page says that search needs a web server instead. */
(function () {
  "use strict";
  var script = document.currentScript && document.currentScript.src;
  var pagefind = null;

  function load() {
    if (!pagefind) pagefind = import(new URL("../pagefind/pagefind.js", script).href);
    return pagefind;
  }

  /* Pagefind's URLs are site-root paths; links are made relative to this page, so the site works
   * under any subpath. */
  function relative(url) {
    var root = new URL("../", script).pathname;
    var here = window.location.pathname;
    var depth = here.indexOf(root) === 0 ? here.slice(root.length).split("/").length - 1 : 0;
    return "../".repeat(depth) + url.replace(/^\/+/, "");
  }

  /* Only <mark> survives from Pagefind's excerpts; everything else becomes text. */
  function excerpt(html) {
    var p = document.createElement("p");
    html.split(/<mark>([\s\S]*?)<\/mark>/).forEach(function (part, i) {
      var text = document.createTextNode(decode(part));
      if (i % 2) {
        var mark = document.createElement("mark");
        mark.appendChild(text);
        p.appendChild(mark);
      } else {
        p.appendChild(text);
      }
    });
    return p;
  }
  function decode(text) {
    var t = document.createElement("textarea");
    t.innerHTML = text.replace(/<[^>]*>/g, "");
    return t.value;
  }

  /* One result per question page and one per glossary term (each term is a heading of the glossary). */
  function items(results) {
    var out = [];
    results.forEach(function (result) {
      var subs = (result.sub_results || []).filter(function (s) { return s.url.indexOf("#") > 0; });
      if (/(^|\/)glossary\.html/.test(result.url)) {
        subs.forEach(function (s) { out.push({ url: s.url, title: s.title + " (glossary)", excerpt: s.excerpt }); });
      } else {
        out.push({ url: result.url, title: (result.meta && result.meta.title) || result.url, excerpt: result.excerpt });
      }
    });
    return out;
  }

  /* A search box wired to a status line and a result list; `limit` results at most. */
  function searcher(input, status, list, limit, onQuery) {
    var latest = 0;
    function run() {
      var query = input.value;
      var ticket = ++latest;
      if (onQuery) onQuery(query);
      list.textContent = "";
      if (window.location.protocol === "file:") {
        status.textContent = "Search needs a web server: browsers do not let a page opened from a file "
          + "load the search index. Run `bank serve` (or publish the folder) and search again.";
        return;
      }
      if (!query.trim()) {
        status.textContent = "Type words to search the questions and the glossary.";
        return;
      }
      status.textContent = "Searching\u2026";
      load().then(function (pf) {
        return pf.debouncedSearch(query, {}, 120);
      }).then(function (search) {
        if (!search || ticket !== latest) return null;  /* superseded by a later keystroke */
        return Promise.all(search.results.slice(0, limit).map(function (r) { return r.data(); }));
      }).then(function (results) {
        if (!results || ticket !== latest) return;
        var found = items(results);
        status.textContent = found.length
          ? found.length + " result" + (found.length === 1 ? "" : "s") + " for \u201c" + query + "\u201d."
          : "No results for \u201c" + query + "\u201d.";
        list.textContent = "";
        found.forEach(function (hit) {
          var item = document.createElement("li");
          var heading = document.createElement("h2");
          var link = document.createElement("a");
          link.href = relative(hit.url);
          link.textContent = hit.title;
          heading.appendChild(link);
          item.appendChild(heading);
          item.appendChild(excerpt(hit.excerpt || ""));
          list.appendChild(item);
        });
      }).catch(function (error) {
        status.textContent = "Search could not load its index (" + error.message + "). Is the site served by a web server?";
      });
    }
    input.addEventListener("input", run);
    return run;
  }

  /* The search page: results as you type, the query kept in the address. */
  var pageInput = document.getElementById("search-q");
  if (pageInput) {
    var query = new URLSearchParams(window.location.search).get("q") || "";
    pageInput.value = query;
    var runPage = searcher(pageInput, document.querySelector("main [data-search-status]"),
                           document.querySelector("main [data-search-results]"), 20, function (q) {
      var url = new URL(window.location.href);
      url.searchParams.set("q", q);
      window.history.replaceState(null, "", url.href);
    });
    document.querySelector("[data-search-form]").addEventListener("submit", function (event) {
      event.preventDefault();
      runPage();
    });
    runPage();
  }

  /* The header box: a drop-down of the first results; Enter opens the search page; Escape closes. */
  var form = document.querySelector("[data-search-box]");
  if (form) {
    var input = form.querySelector("input");
    var popup = form.querySelector("[data-search-popup]");
    searcher(input, popup.querySelector("[data-search-status]"), popup.querySelector("[data-search-results]"), 8,
             function (q) { popup.hidden = !q.trim(); });
    form.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { popup.hidden = true; input.blur(); }
    });
    document.addEventListener("click", function (event) {
      if (!form.contains(event.target)) popup.hidden = true;
    });
    input.addEventListener("focus", function () { if (input.value.trim()) popup.hidden = false; });
  }
})();
