// The replay page: a finished game step by step (GET /api/replay/<token>, one step at a time
// from /api/replay/<token>/step/<n>), drawn with the table page's board (board.js: zoom, pan,
// the marks of the step's pieces) without moves. The URL keeps ?step=N&seat=K so that a link
// reopens the same step and view.
"use strict";
(function () {
  const text = window.spieltischText;  // messages.js: the page's words
  const _ = text._;
  const $ = (id) => document.getElementById(id);
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));

  function translatePage() {
    document.documentElement.lang = text.lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = _(el.dataset.t); });
    document.querySelectorAll("[data-t-label]").forEach((el) => {
      el.setAttribute("aria-label", _(el.dataset.tLabel));
      el.title = _(el.dataset.tLabel);
    });
  }

  function languageButtons(then) {
    document.querySelectorAll("[data-lang]").forEach((b) => {
      b.addEventListener("click", () => {
        text.lang = b.dataset.lang;
        localStorage.setItem("spieltisch-lang", text.lang);
        translatePage();
        if (then) then();
      });
    });
  }

  // a link that opens no replay: only its explanation, in the reader's language
  if (document.body.classList.contains("replay-refused")) {
    languageButtons(null);
    translatePage();
    return;
  }

  const token = document.body.dataset.token;
  const PUBLIC = "public";
  let info = null;  // the replay: seats, number of moves, rounds, movers
  let step = 0;
  let seat = null;  // null: the public view
  let shown = null;  // the step on the page
  let playing = false;
  let timer = null;
  let asked = 0;  // the latest request: answers to older ones are dropped
  const kept = new Map();  // fetched steps (promises), by step, view and language
  const KEEP = 120;

  const board = new window.SpieltischBoard({
    area: $("board-area"), board: $("board"), popup: $("popup"), tip: $("tip"),
    button: () => document.createElement("span"),  // a replay makes no moves
    onAct: () => {},
    onStage: () => {},
  });

  // read by the browser tests
  window.spieltischReplay = {
    get step() { return step; },
    get seat() { return seat; },
    get shown() { return shown; },
    get playing() { return playing; },
  };

  async function getJSON(url) {
    const r = await fetch(url);
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || String(r.status));
    return data;
  }

  function fetchStep(n, view) {
    const key = n + "|" + (view === null ? PUBLIC : view) + "|" + text.lang;
    if (!kept.has(key)) {
      const url = "/api/replay/" + token + "/step/" + n + "?seat=" + (view === null ? PUBLIC : view) +
        "&lang=" + text.lang;
      const promise = getJSON(url);
      promise.catch(() => kept.delete(key));  // a failed step is asked again next time
      kept.set(key, promise);
      if (kept.size > KEEP) kept.delete(kept.keys().next().value);
    }
    return kept.get(key);
  }

  function seatName(s) {
    const named = info && info.seats[s];
    return named && named.name ? named.name : _("Player") + " " + (s + 1);
  }

  // -- showing a step -------------------------------------------------------------------
  async function go(n, view) {
    if (!info) return;
    n = Math.max(0, Math.min(info.moves, n));
    view = view === undefined ? seat : view;
    step = n;
    seat = view;
    const mine = ++asked;
    showControls();
    keepInUrl();
    let data;
    try {
      data = await fetchStep(n, view);
    } catch (err) {
      if (mine === asked) { $("error").textContent = err.message; stop(); }
      return;
    }
    if (mine !== asked) return;
    $("error").textContent = "";
    show(data);
    if (n < info.moves) fetchStep(n + 1, view).catch(() => {});  // the next step is ready when asked
  }

  function show(data) {
    shown = data;
    board.show({table: data.table, seat: data.seat,
                over: true, actors: [], legal: [], moves: [], version: data.step, svg: data.svg,
                recent: data.recent});
    const mover = data.mover;
    $("step-text").textContent = data.step === 0
      ? _("The start of the game")
      : fill(_("Step {n} of {total}: the move of {player}"), {n: data.step, total: data.moves, player: seatName(mover)});
    const roundLine = $("step-round");
    roundLine.textContent = data.round === null || data.round === undefined ? "" : fill(_("Round {n}"), {n: data.round});
    roundLine.hidden = !roundLine.textContent;
    const winners = $("winners");
    winners.hidden = !data.over;
    if (data.over) {
      winners.textContent = _("Game over") + " · " + _("Winners") + ": " +
        (data.winners.length ? data.winners.map(seatName).join(", ") : _("nobody"));
    }
    if (data.round !== null && data.round !== undefined) $("round").value = String(data.round);
    showSeats(mover);
    showLog(data);
    follow(data);
  }

  // the pieces of the step's move into view when they are not (a zoomed-in or phone board)
  function follow(data) {
    const first = data.marked.map((i) => data.log_keys[i] || []).find((keys) => keys.length) || [];
    const els = first.map((key) => board.find("data-key", key)).filter((el) => el !== null);
    const box = board.boundsOf(els);
    if (!box) return;
    const area = $("board");
    const vw = area.clientWidth, vh = area.clientHeight;
    if (box.l >= area.scrollLeft && box.r <= area.scrollLeft + vw &&
        box.t >= area.scrollTop && box.b <= area.scrollTop + vh) return;
    area.scrollLeft = box.r - box.l > vw ? box.l - 8 : (box.l + box.r - vw) / 2;
    area.scrollTop = box.b - box.t > vh ? box.t - 8 : (box.t + box.b - vh) / 2;
  }

  function showSeats(mover) {
    const ul = $("seat-list");
    ul.innerHTML = "";
    info.seats.forEach((s) => {
      const li = document.createElement("li");
      li.dataset.seat = s.seat;
      let line = seatName(s.seat);
      if (s.kind === "bot") line += " · " + _("bot") + (s.bot ? ": " + s.bot : "");
      if (s.seat === seat) line += " · " + _("this view");
      li.textContent = line;
      li.classList.toggle("mover", s.seat === mover);
      ul.appendChild(li);
    });
  }

  // the log up to the step, newest first; the step's own events marked at the top
  function showLog(data) {
    const log = $("log");
    log.innerHTML = "";
    const marked = new Set(data.marked);
    const keys = data.log_keys || [];
    for (let i = data.log.length - 1; i >= 0; i--) {
      const li = document.createElement("li");
      li.textContent = data.log[i];
      if (marked.has(i)) li.classList.add("step-event");
      const pieces = keys[i] || [];
      if (pieces.length) {
        li.tabIndex = 0;
        li.classList.add("has-pieces");
        const on = () => board.highlight(pieces), off = () => board.highlight([]);
        li.addEventListener("mouseenter", on);
        li.addEventListener("mouseleave", off);
        li.addEventListener("focus", on);
        li.addEventListener("blur", off);
      }
      log.appendChild(li);
    }
    log.scrollTop = 0;
  }

  function showControls() {
    const slider = $("slider");
    slider.max = String(info.moves);
    slider.value = String(step);
    $("step-count").textContent = step + " / " + info.moves;
    $("first").disabled = $("back").disabled = step <= 0;
    $("forward").disabled = $("last").disabled = step >= info.moves;
    $("view").value = seat === null ? PUBLIC : String(seat);
    const play = $("play");
    play.setAttribute("aria-pressed", String(playing));
    play.innerHTML = playing ? play.dataset.pause : play.dataset.play;
    play.dataset.tLabel = playing ? "Pause (Space)" : "Play (Space)";  // for a language switch
    play.title = playing ? _("Pause (Space)") : _("Play (Space)");
    play.setAttribute("aria-label", play.title);
  }

  function keepInUrl() {
    const params = new URLSearchParams(location.search);
    params.set("step", String(step));
    if (seat === null) params.delete("seat"); else params.set("seat", String(seat));
    history.replaceState(null, "", location.pathname + "?" + params.toString());
  }

  // -- playing --------------------------------------------------------------------------
  function stop() {
    playing = false;
    clearTimeout(timer);
    timer = null;
    if (info) showControls();
  }

  function play() {
    if (!info) return;
    if (playing) { stop(); return; }
    playing = true;
    if (step >= info.moves) go(0); else showControls();
    schedule();
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (!playing) return;
      if (step >= info.moves) { stop(); return; }
      await go(step + 1);
      if (step >= info.moves) stop(); else if (playing) schedule();
    }, Number($("speed").value) || 800);
  }

  // -- the choices: rounds and views ----------------------------------------------------
  function fillSelects() {
    const rounds = $("round");
    rounds.innerHTML = "";
    info.rounds.forEach((r) => {
      const o = document.createElement("option");
      o.value = String(r.round);
      o.dataset.step = String(r.step);
      o.textContent = fill(_("Round {n}"), {n: r.round}) + " · " + fill(_("step {n}"), {n: r.step});
      rounds.appendChild(o);
    });
    $("round-box").hidden = info.rounds.length === 0;
    const views = $("view");
    views.innerHTML = "";
    const add = (value, label) => {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = label;
      views.appendChild(o);
    };
    add(PUBLIC, _("Public"));
    if (info.seat_views) info.seats.forEach((s) => add(String(s.seat), seatName(s.seat)));
    views.disabled = !info.seat_views;
    $("view-note").hidden = info.seat_views;
  }

  async function load() {
    info = await getJSON("/api/replay/" + token + "?lang=" + text.lang);
    $("title").textContent = info.game_name;
    document.title = info.game_name + " · " + _("Replay") + " · Spieltisch";
    fillSelects();
    analysis();
  }

  // "Analyse this game" (static/analysis.js, loaded when the game has ended); a turning
  // point clicked shows its move on the board
  function analysis() {
    const box = $("analysis-section");
    if (!info.over) return;
    box.hidden = false;
    const mount = () => window.spieltischAnalysis.mount(box, token, null, (n) => { stop(); go(n); });
    if (window.spieltischAnalysis) return mount();
    let script = $("analysis-script");
    if (!script) {
      script = document.createElement("script");
      script.id = "analysis-script";
      script.src = "/static/analysis.js";
      document.head.appendChild(script);
    }
    script.addEventListener("load", mount);
  }

  // -- events ---------------------------------------------------------------------------
  $("first").addEventListener("click", () => { stop(); go(0); });
  $("back").addEventListener("click", () => { stop(); go(step - 1); });
  $("forward").addEventListener("click", () => { stop(); go(step + 1); });
  $("last").addEventListener("click", () => { stop(); go(info ? info.moves : 0); });
  $("play").addEventListener("click", play);
  $("slider").addEventListener("input", (e) => { stop(); go(Number(e.target.value)); });
  $("speed").addEventListener("change", () => { if (playing) schedule(); });
  $("round").addEventListener("change", (e) => {
    const o = e.target.selectedOptions[0];
    if (o) { stop(); go(Number(o.dataset.step)); }
  });
  $("view").addEventListener("change", (e) => {
    go(step, e.target.value === PUBLIC ? null : Number(e.target.value));
  });
  // ←/→ a step, Space plays or pauses, Home/End the start and the end (a list or a focused
  // button keeps its own keys)
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !info) return;
    const el = e.target;
    if (el.tagName === "SELECT" || el.tagName === "TEXTAREA" ||
        (el.tagName === "INPUT" && el.type !== "range")) return;
    if (el.tagName === "BUTTON" && (e.key === " " || e.key === "Enter")) return;
    const keys = {
      ArrowLeft: () => { stop(); go(step - 1); },
      ArrowRight: () => { stop(); go(step + 1); },
      Home: () => { stop(); go(0); },
      End: () => { stop(); go(info.moves); },
      " ": play,
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  });
  $("zoom-in").addEventListener("click", () => board.setScale(board.scale * 1.25));
  $("zoom-out").addEventListener("click", () => board.setScale(board.scale / 1.25));
  $("zoom-fit").addEventListener("click", () => board.fit());
  $("zoom-one").addEventListener("click", () => board.setScale(1));
  languageButtons(async () => {
    try {
      await load();
    } catch (err) {
      $("error").textContent = err.message;
      return;
    }
    showControls();
    go(step);
  });

  // the step and view of the link (?step=N&seat=K)
  async function start() {
    translatePage();
    try {
      await load();
    } catch (err) {
      $("error").textContent = err.message;
      return;
    }
    const params = new URLSearchParams(location.search);
    const n = parseInt(params.get("step") || "0", 10);
    const wanted = params.get("seat");
    let view = null;
    if (wanted !== null && wanted !== PUBLIC) {
      const k = parseInt(wanted, 10);
      if (info.seat_views && k >= 0 && k < info.players) view = k;
    }
    go(Number.isFinite(n) ? n : 0, view);
  }
  start();
})();
