/* Applies the remembered colour theme before the page paints (loaded in <head>, not deferred). */
(function () {
  try {
    var chosen = localStorage.getItem("bank-theme");
    if (chosen === "dark" || chosen === "light") {
      document.documentElement.setAttribute("data-theme", chosen);
    }
  } catch (e) { /* storage blocked: follow the system preference */ }
})();
