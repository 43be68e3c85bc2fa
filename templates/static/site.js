/* Site behaviour: the dark-mode toggle, tooltip dismissal, printing answers open, the `/` shortcut
 * for search, "Open every answer" on a bank page, glossary entries opening when linked, and the
 * table of contents following the reader. */
(function () {
  "use strict";
  var KEY = "bank-theme";
  var root = document.documentElement;
  var media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function isDark() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) return chosen === "dark";
    return !!(media && media.matches);
  }

  function setupToggle() {
    var button = document.getElementById("theme-toggle");
    if (!button) return;
    button.hidden = false;
    var sync = function () { button.setAttribute("aria-pressed", isDark() ? "true" : "false"); };
    sync();
    button.addEventListener("click", function () {
      var next = isDark() ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem(KEY, next); } catch (e) { /* not remembered, still applied */ }
      sync();
    });
    if (media && media.addEventListener) media.addEventListener("change", sync);
  }

  /* Escape hides an open tooltip (WCAG 1.4.13); it comes back on the next hover or focus. */
  function setupTooltips() {
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape") return;
      var open = document.querySelectorAll(".gl:hover, .gl:focus-within");
      for (var i = 0; i < open.length; i++) open[i].classList.add("tip-hidden");
    });
    var reset = function (event) {
      var gl = event.target.closest && event.target.closest(".gl");
      if (gl) gl.classList.remove("tip-hidden");
    };
    document.addEventListener("mouseover", reset);
    document.addEventListener("focusin", function (event) {
      reset(event);
      var gl = event.target.closest && event.target.closest(".gl");
      if (gl) place(gl.querySelector(".tip"));
    });
    document.addEventListener("mouseover", function (event) {
      var gl = event.target.closest && event.target.closest(".gl");
      if (gl) place(gl.querySelector(".tip"));
    });
  }

  /* Keep a tooltip inside the viewport on narrow screens. */
  function place(tip) {
    if (!tip) return;
    tip.style.left = "0px";
    window.requestAnimationFrame(function () {
      var rect = tip.getBoundingClientRect();
      var overflow = rect.right - (document.documentElement.clientWidth - 8);
      if (overflow > 0) tip.style.left = (-Math.min(overflow, rect.left - 8)) + "px";
    });
  }

  /* Print every answer: open all <details> while printing, then restore them. */
  function setupPrint() {
    var opened = [];
    window.addEventListener("beforeprint", function () {
      opened = [];
      var all = document.querySelectorAll("details:not([open])");
      for (var i = 0; i < all.length; i++) { all[i].open = true; opened.push(all[i]); }
    });
    window.addEventListener("afterprint", function () {
      for (var i = 0; i < opened.length; i++) opened[i].open = false;
      opened = [];
    });
  }

  /* `/` jumps to the search box, as on most documentation sites (not while typing elsewhere). */
  function setupSlash() {
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      var box = document.getElementById("search-q") || document.getElementById("site-search-q");
      if (!box) return;
      event.preventDefault();
      box.focus();
      box.select();
    });
  }

  /* A bank page folds its answers; one button opens them all. */
  function setupOpenAll() {
    var button = document.querySelector("[data-action='open-all']");
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var all = document.querySelectorAll("details.reveal");
      for (var i = 0; i < all.length; i++) all[i].open = true;
    });
  }

  /* A link to a glossary entry (glossary.html#term) opens its explanation. */
  function setupTargets() {
    function open() {
      var id = decodeURIComponent(window.location.hash.slice(1));
      var target = id && document.getElementById(id);
      var entry = target && target.closest && target.closest(".term-entry, .question, details");
      if (!entry) return;
      var details = entry.tagName === "DETAILS" ? entry : entry.querySelector("details");
      if (details) details.open = true;
    }
    window.addEventListener("hashchange", open);
    open();
  }

  /* The table of contents marks the section being read: the last one whose top has passed the
   * upper third of the window (the last of all at the bottom of the page). */
  function setupToc() {
    var links = Array.prototype.slice.call(document.querySelectorAll("[data-toc] a[href^='#']"));
    var sections = links.map(function (a) { return document.getElementById(decodeURIComponent(a.hash.slice(1))); });
    if (!links.length) return;
    var pending = false;
    function mark() {
      pending = false;
      var line = window.innerHeight / 3, current = 0;
      sections.forEach(function (section, i) {
        if (section && section.getBoundingClientRect().top <= line) current = i;
      });
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = links.length - 1;
      links.forEach(function (a, i) { a.classList.toggle("active", i === current); });
    }
    window.addEventListener("scroll", function () {
      if (!pending) { pending = true; window.requestAnimationFrame(mark); }
    }, { passive: true });
    mark();
  }

  setupToggle();
  setupTooltips();
  setupPrint();
  setupSlash();
  setupOpenAll();
  setupTargets();
  setupToc();
})();
