// The bots at the table: the level of each bot seat, a seat whose bot is thinking (pushed by
// the server as {"type": "thinking"}), and hints — the hard bot's suggested move for the
// reader's own seat, marked on the board and named with its estimated win chance.
"use strict";
window.spieltischBots = (function () {
  const _ = window.spieltischText._;
  const $ = (id) => document.getElementById(id);
  const token = document.body.dataset.token;
  let update = null;
  let thinking = [];  // [{seat, level}]
  let hint = null;  // the answer of /api/seat/{token}/hint for the current version
  let asking = null;  // the version a hint is being asked for

  function levelName(level) {
    return ({easy: _("easy"), normal: _("normal"), hard: _("hard"), expert: _("expert")})[level] || level;
  }

  function seatName(seat) {
    const named = update && update.seats && update.seats[seat];
    return named && named.name ? named.name : _("Player") + " " + (seat + 1);
  }

  // -- thinking ---------------------------------------------------------------------------
  function setThinking(list) {
    thinking = list || [];
    showThinking();
  }

  // a line under whose turn it is (read out politely), and a moving mark at the seat
  function showThinking() {
    const line = $("thinking");
    if (!line) return;
    line.innerHTML = "";
    thinking.forEach((t) => {
      const p = document.createElement("span");
      p.className = "thinking-line";
      p.appendChild(dots());
      p.append(" " + _("{seat} ({level}) is thinking…").replace("{seat}", seatName(t.seat))
        .replace("{level}", levelName(t.level)));
      line.appendChild(p);
    });
    line.hidden = thinking.length === 0;
    document.querySelectorAll("#seat-list .thinking").forEach((el) => el.remove());
    thinking.forEach((t) => {
      const li = document.querySelector('#seat-list li[data-seat="' + t.seat + '"]');
      if (!li) return;
      const mark = document.createElement("span");
      mark.className = "thinking";
      mark.appendChild(dots());
      mark.append(" " + _("thinking"));
      li.append(" ");
      li.appendChild(mark);
    });
  }

  function dots() {
    const span = document.createElement("span");
    span.className = "thinking-dots";
    span.setAttribute("aria-hidden", "true");
    for (let i = 0; i < 3; i++) span.appendChild(document.createElement("i"));
    return span;
  }

  // -- hints ------------------------------------------------------------------------------
  function hintsAllowed(u) {
    return !!u && u.seat !== null && !u.over && !!(u.settings && u.settings.hints) &&
      !(u.settings && u.settings.tutorial);
  }

  function showHint(board) {
    const box = $("hint");
    if (!box) return;
    const button = $("hint-button"), text = $("hint-text");
    const mine = board.mine();
    box.hidden = !hintsAllowed(update) || (!mine && !hint);
    button.hidden = !mine;
    button.disabled = asking !== null;
    if (asking !== null) {
      text.textContent = _("Looking for a good move…");
    } else if (hint) {
      const chance = Math.round(hint.win_chance * 100) + "%";
      text.textContent = _("Suggested: {move}, estimated win chance {chance}")
        .replace("{move}", hint.label).replace("{chance}", chance);
    }
    text.hidden = text.textContent === "";
  }

  async function ask(board) {
    if (!update || asking !== null) return;
    const version = update.version;
    asking = version;
    $("hint-text").classList.remove("error");
    showHint(board);
    let answer = null, error = null;
    try {
      const r = await fetch("/api/seat/" + token + "/hint?lang=" + window.spieltischText.lang, {method: "POST"});
      const data = await r.json();
      if (r.ok) answer = data; else error = data.error;
    } catch (err) {
      error = String(err);
    }
    asking = null;
    if (!update || update.version !== version) return;  // the table moved on meanwhile
    hint = answer;
    const text = $("hint-text");
    text.textContent = error || "";
    text.classList.toggle("error", !!error);
    showHint(board);
    reveal(board, mark(board));
  }

  // the suggested move's targets into view, if they lie outside it (a phone shows a part)
  function reveal(board, els) {
    const area = $("board"), box = els.length ? board.boundsOf(els) : null;
    if (!box) return;
    const vw = area.clientWidth, vh = area.clientHeight;
    if (box.l >= area.scrollLeft && box.r <= area.scrollLeft + vw &&
        box.t >= area.scrollTop && box.b <= area.scrollTop + vh) return;
    area.scrollLeft = box.r - box.l > vw ? box.l - 8 : (box.l + box.r - vw) / 2;
    area.scrollTop = box.b - box.t > vh ? box.t - 8 : (box.t + box.b - vh) / 2;
  }

  // the suggested move's piece and place, framed on the board (returned); its button, if
  // it has one
  function mark(board) {
    document.querySelectorAll(".hint-button").forEach((el) => el.classList.remove("hint-button"));
    const svg = board.svg();
    if (svg) svg.querySelectorAll(".mark-hint").forEach((el) => el.remove());
    if (!svg || !hint || !update || hint.version !== update.version) return [];
    const move = board.moves()[hint.index];
    if (!move) return [];
    const area = $("board");
    const targets = [];
    if (move.pick !== null) targets.push(area.querySelector('[data-pick="' + CSS.escape(move.pick) + '"]'));
    if (move.place !== null) targets.push(area.querySelector('[data-place="' + CSS.escape(move.place) + '"]'));
    const found = targets.filter((el) => el);
    found.forEach((el) => frame(board, svg, el));
    const button = document.querySelector('#buttons [data-move="' + hint.index + '"]');
    if (button) button.classList.add("hint-button");
    return found;
  }

  function frame(board, svg, el) {
    let layer = svg.querySelector("g.board-marks");
    const ns = "http://www.w3.org/2000/svg";
    if (!layer) {
      layer = document.createElementNS(ns, "g");
      layer.setAttribute("class", "board-marks");
      layer.setAttribute("pointer-events", "none");
      svg.appendChild(layer);
    }
    const root = svg.getBoundingClientRect(), r = el.getBoundingClientRect(), s = board.scale;
    if (r.width === 0 && r.height === 0) return;
    const rect = document.createElementNS(ns, "rect");
    rect.setAttribute("class", "mark-hint");
    rect.setAttribute("x", String((r.left - root.left) / s - 5));
    rect.setAttribute("y", String((r.top - root.top) / s - 5));
    rect.setAttribute("width", String(r.width / s + 10));
    rect.setAttribute("height", String(r.height / s + 10));
    rect.setAttribute("rx", "8");
    layer.appendChild(rect);
  }

  // -- each update ------------------------------------------------------------------------
  // before the board is drawn: the new version clears an old hint; the seats that think
  function render(u) {
    update = u;
    if (hint && hint.version !== u.version) hint = null;  // cleared by the next move
    if (hint === null && asking === null && $("hint-text")) $("hint-text").textContent = "";
    setThinking(u.thinking);
  }

  function bind(board) {
    const button = $("hint-button");
    if (button) button.addEventListener("click", () => ask(board));
  }

  return {levelName: levelName, render: render, show: showHint, thinking: setThinking, mark: mark,
          bind: bind, hint: () => hint};
})();
