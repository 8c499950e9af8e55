// The Rules panel: the game's rules summary for players, this table's options in words, an
// index of every rule id, and the full text of any rule. Any rule id on the page (an error,
// a log line, a tooltip, the summary itself) is a link that opens its text here.
"use strict";
window.spieltischRules = (function () {
  const text = window.spieltischText;
  const _ = text._;
  const $ = (id) => document.getElementById(id);
  const RULE = /\b(?:KC|MD|TR|ZK)-[A-Z]{1,2}[0-9]+[a-z]?\b/g;
  const state = {game: null, tableOptions: null, data: null, dataLang: null, tab: "summary", rule: null};
  const panel = () => $("rules-panel");
  const standalone = () => document.body.classList.contains("rules-page");

  // text with every rule id as a link (for errors, log lines and tooltips)
  function linkify(str) {
    const frag = document.createDocumentFragment();
    let last = 0;
    String(str).replace(RULE, (id, at) => {
      frag.appendChild(document.createTextNode(str.slice(last, at)));
      const a = document.createElement("a");
      a.className = "rule-link"; a.href = "#rule=" + id; a.dataset.rule = id; a.textContent = id;
      frag.appendChild(a);
      last = at + id.length;
      return id;
    });
    frag.appendChild(document.createTextNode(String(str).slice(last)));
    return frag;
  }

  async function load() {
    if (!state.game) return null;
    if (state.data && state.dataLang === text.lang) return state.data;
    const r = await fetch("/api/rules/" + encodeURIComponent(state.game) + "?lang=" + text.lang);
    if (!r.ok) return null;
    state.data = await r.json();
    state.dataLang = text.lang;
    return state.data;
  }

  function valueWords(opt, value) {
    const found = (opt.value_labels || []).find((v) => JSON.stringify(v.value) === JSON.stringify(value));
    if (found) return found.label;
    if (value === true) return _("yes");
    if (value === false) return _("no");
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  function sourceWords(source) {
    return ({seed: _("described by the game's description (seed)"),
             sourced: _("from the published rules"),
             reconstructed: _("reconstructed: the rules leave it open"),
             digital: _("a setting of the digital table")})[source] || "";
  }

  function optionsTable(data) {
    const box = document.createElement("div");
    const table = document.createElement("table");
    table.className = "options-table";
    const head = document.createElement("tr");
    [_("Option"), state.tableOptions ? _("This table") : _("Default"), _("What it does")].forEach((h) => {
      const th = document.createElement("th"); th.textContent = h; head.appendChild(th);
    });
    table.appendChild(head);
    data.options.forEach((opt) => {
      const tr = document.createElement("tr");
      const name = document.createElement("td");
      name.textContent = opt.label;
      if (opt.source) {
        const mark = document.createElement("span");
        mark.className = "source source-" + opt.source;
        mark.textContent = " " + ({seed: _("seed"), sourced: _("rules"), reconstructed: _("reconstructed"), digital: _("digital")})[opt.source];
        mark.title = sourceWords(opt.source);
        name.appendChild(mark);
      }
      const value = document.createElement("td");
      const v = state.tableOptions && opt.name in state.tableOptions ? state.tableOptions[opt.name] : opt.default;
      value.textContent = valueWords(opt, v);
      const what = document.createElement("td");
      what.appendChild(linkify(opt.summary));
      tr.append(name, value, what);
      table.appendChild(tr);
    });
    box.appendChild(table);
    return box;
  }

  function indexList(data) {
    const box = document.createElement("div");
    data.index.forEach((sec) => {
      const h = document.createElement("h3"); h.textContent = sec.section; box.appendChild(h);
      const p = document.createElement("p"); p.className = "rule-index";
      sec.rules.forEach((id, i) => {
        if (i) p.append(" ");
        p.appendChild(linkify(id));
      });
      box.appendChild(p);
    });
    return box;
  }

  async function render() {
    const body = $("rules-body");
    if (!body) return;
    const data = await load();
    if (!data) { body.textContent = _("The rules could not be loaded."); return; }
    $("rules-title").textContent = _("Rules") + ": " + data.name;
    document.querySelectorAll("#rules-tabs [data-tab]").forEach((b) => {
      b.setAttribute("aria-selected", String(b.dataset.tab === state.tab && !state.rule));
      b.textContent = _(b.dataset.t);
    });
    $("rules-tab-options").textContent = state.tableOptions ? _("This table's options") : _("Options");
    body.innerHTML = "";
    if (state.rule) {
      const r = await fetch("/api/rules/" + encodeURIComponent(state.game) + "/rule/" +
                            encodeURIComponent(state.rule) + "?lang=" + text.lang);
      const rule = await r.json();
      const box = document.createElement("article");
      box.className = "rule-text";
      box.id = "rule-text";
      if (!r.ok) {
        box.textContent = rule.error;
      } else {
        const h = document.createElement("h3");
        h.textContent = _("Rule") + " " + rule.id;
        const sec = document.createElement("p");
        sec.className = "rule-section";
        sec.innerHTML = rule.section;
        const content = document.createElement("div");
        content.innerHTML = rule.html;
        box.append(h, sec, content);
      }
      const back = document.createElement("button");
      back.type = "button"; back.className = "rules-back"; back.textContent = "← " + _("Rules summary");
      back.addEventListener("click", () => { state.rule = null; state.tab = "summary"; render(); });
      box.appendChild(back);
      body.appendChild(box);
      body.scrollTop = 0;
      return;
    }
    if (state.tab === "summary") {
      const div = document.createElement("div"); div.innerHTML = data.summary; body.appendChild(div);
    } else if (state.tab === "options") {
      body.appendChild(optionsTable(data));
    } else {
      body.appendChild(indexList(data));
    }
  }

  function open(ruleId) {
    const p = panel();
    if (!p) return;
    state.rule = ruleId || null;
    p.hidden = false;
    document.body.classList.add("rules-open");
    render();
    if (!standalone()) $("rules-close").focus();
  }

  function close() {
    if (standalone()) return;
    panel().hidden = true;
    document.body.classList.remove("rules-open");
    const opener = $("rules-button");
    if (opener) opener.focus();
  }

  function setGame(game, tableOptions) {
    if (state.game !== game) { state.data = null; state.game = game; }
    state.tableOptions = tableOptions || null;
  }

  // any rule link anywhere on the page opens that rule here
  document.addEventListener("click", (e) => {
    const a = e.target.closest && e.target.closest("a.rule-link");
    if (!a) return;
    e.preventDefault();
    open(a.dataset.rule);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && panel() && !panel().hidden && !standalone()) close();
  });

  function bind() {
    const p = panel();
    if (!p) return;
    if ($("rules-button")) $("rules-button").addEventListener("click", () => (p.hidden ? open() : close()));
    if ($("rules-close")) $("rules-close").addEventListener("click", close);
    document.querySelectorAll("#rules-tabs [data-tab]").forEach((b) => b.addEventListener("click", () => {
      state.tab = b.dataset.tab; state.rule = null; render();
    }));
    $("rules-find").addEventListener("submit", (e) => {
      e.preventDefault();
      const id = $("rules-id").value.trim().toUpperCase();
      if (id) open(id);
    });
    const game = document.body.dataset.game;
    if (game) setGame(game, null);
    const m = /#rule=([A-Z]{2}-[A-Z]{1,2}[0-9]+[a-z]?)/.exec(location.hash);
    if (m || standalone()) open(m ? m[1] : null);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", bind); else bind();

  return {linkify: linkify, open: open, close: close, setGame: setGame,
          refresh: () => { if (panel() && !panel().hidden) render(); }};
})();
