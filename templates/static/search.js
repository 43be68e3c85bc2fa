/* Search with Pagefind. Pagefind fetches its index, which browsers forbid from file:// pages,
 * so there the page says that search needs a web server instead of failing silently. */
(function () {
  "use strict";
  var status = document.querySelector("[data-search-status]");
  var list = document.querySelector("[data-search-results]");
  var input = document.getElementById("search-q");
  if (!status || !list || !input) return;
  var script = document.currentScript && document.currentScript.src;
  var query = new URLSearchParams(window.location.search).get("q") || "";
  input.value = query;

  if (window.location.protocol === "file:") {
    status.textContent = "Search needs a web server: browsers do not let a page opened from a file "
      + "load the search index. Run `bank serve` (or publish the folder) and search again.";
    return;
  }
  if (!query.trim()) {
    status.textContent = "Type words to search the questions and the glossary.";
    return;
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
  /* Results carry site-root paths; search.html sits at the root, so they become relative. */
  function relative(url) { return url.replace(/^\/+/, ""); }

  status.textContent = "Searching\u2026";
  import(new URL("../pagefind/pagefind.js", script).href).then(function (pagefind) {
    return pagefind.search(query).then(function (search) {
      return Promise.all(search.results.slice(0, 20).map(function (r) { return r.data(); }));
    });
  }).then(function (results) {
    var items = [];
    results.forEach(function (result) {
      /* The glossary is one page; each matching entry is listed on its own. */
      var subs = (result.sub_results || []).filter(function (s) { return s.url.indexOf("#") > 0; });
      if (/(^|\/)glossary\.html/.test(result.url) && subs.length) {
        subs.forEach(function (s) { items.push({ url: s.url, title: s.title + " (glossary)", excerpt: s.excerpt }); });
      } else {
        items.push({ url: result.url, title: (result.meta && result.meta.title) || result.url, excerpt: result.excerpt });
      }
    });
    status.textContent = items.length
      ? items.length + " result" + (items.length === 1 ? "" : "s") + " for \u201c" + query + "\u201d."
      : "No results for \u201c" + query + "\u201d.";
    items.forEach(function (found) {
      var item = document.createElement("li");
      var heading = document.createElement("h2");
      var link = document.createElement("a");
      link.href = relative(found.url);
      link.textContent = found.title;
      heading.appendChild(link);
      item.appendChild(heading);
      item.appendChild(excerpt(found.excerpt || ""));
      list.appendChild(item);
    });
  }).catch(function (error) {
    status.textContent = "Search could not load its index (" + error.message + "). Is the site served by a web server?";
  });
})();
