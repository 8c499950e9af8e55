// A game's rules page: the language buttons and the page's own words (the Rules panel
// itself is rules.js). A file of its own: the pages run no inline script (CSP).
"use strict";
(function () {
  const translate = () => document.querySelectorAll("[data-t]").forEach((el) => {
    el.textContent = window.spieltischText._(el.dataset.t);
  });
  document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => {
    window.spieltischText.lang = b.dataset.lang;
    localStorage.setItem("spieltisch-lang", b.dataset.lang);
    translate();
    window.spieltischRules.refresh();
  }));
  translate();
})();
