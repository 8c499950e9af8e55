// The page's words in the reader's language: the server embeds the catalogs of
// spieltisch.server (locale/*.po, gettext) as JSON; _("English text") gives the translation.
"use strict";
window.spieltischText = (function () {
  const el = document.getElementById("messages");
  const catalogs = el ? JSON.parse(el.textContent) : {};
  const known = (code) => code === "en" || Object.prototype.hasOwnProperty.call(catalogs, code);
  let lang = localStorage.getItem("spieltisch-lang") || (navigator.language || "en").slice(0, 2);
  if (!known(lang)) lang = "en";
  return {
    get lang() { return lang; },
    set lang(code) { lang = known(code) ? code : "en"; },
    _: (msgid) => (lang !== "en" && catalogs[lang] && catalogs[lang][msgid]) || msgid,
  };
})();
