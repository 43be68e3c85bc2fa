/* Site behaviour: the dark-mode toggle, tooltip dismissal, and printing answers open. */
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

  setupToggle();
  setupTooltips();
  setupPrint();
})();
