// The board as the interface (docs/board-interface.md): zoom and pan, select-then-target,
// drag and drop, tooltips, last-move marks and animations of the board picture.
// table.js creates one Board and hands it every update.
"use strict";
window.SpieltischBoard = (function () {
  const _ = window.spieltischText._;
  const MIN_SCALE = 0.25, MAX_SCALE = 4;
  const reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function Board(opts) {
    // opts: {area, board, popup, tip, button(move), onAct(index), onStage()}
    this.o = opts;
    this.scale = 1;
    this.natural = {w: 0, h: 0};
    this.update = null;
    this.selected = null;
    this.focusedVersion = null;
    this.dragging = null;
    this.bind();
  }

  // -- the picture, its size and position ---------------------------------------------
  Board.prototype.svg = function () { return this.o.board.querySelector("svg"); };

  Board.prototype.setScale = function (s, clientX, clientY) {
    const board = this.o.board, svg = this.svg();
    if (!svg || !this.natural.w) return;
    s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
    const rect = board.getBoundingClientRect();
    const ax = clientX === undefined ? board.clientWidth / 2 : clientX - rect.left;
    const ay = clientY === undefined ? board.clientHeight / 2 : clientY - rect.top;
    const ux = (board.scrollLeft + ax) / this.scale, uy = (board.scrollTop + ay) / this.scale;
    this.scale = s;
    svg.setAttribute("width", String(this.natural.w * s));
    svg.setAttribute("height", String(this.natural.h * s));
    board.scrollLeft = ux * s - ax;
    board.scrollTop = uy * s - ay;
    this.o.area.dataset.scale = s.toFixed(2);
  };

  Board.prototype.fit = function () {
    const board = this.o.board;
    if (!this.natural.w) return;
    const s = Math.min(board.clientWidth / this.natural.w, board.clientHeight / this.natural.h, 1);
    this.setScale(s);
  };

  // the union of the client rectangles of ``els``, in the board's scroll coordinates
  Board.prototype.boundsOf = function (els) {
    const board = this.o.board, rect = board.getBoundingClientRect();
    let box = null;
    els.forEach((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      const b = {l: r.left - rect.left + board.scrollLeft, t: r.top - rect.top + board.scrollTop,
                 r: r.right - rect.left + board.scrollLeft, b: r.bottom - rect.top + board.scrollTop};
      box = box ? {l: Math.min(box.l, b.l), t: Math.min(box.t, b.t), r: Math.max(box.r, b.r),
                   b: Math.max(box.b, b.b)} : b;
    });
    return box;
  };

  // bring the current decision's targets into view (at the present zoom)
  Board.prototype.showTargets = function () {
    const board = this.o.board;
    const els = Array.from(board.querySelectorAll(".placeable, .pickable"));
    const box = this.boundsOf(els.filter((el) => el.classList.contains("placeable")).length && this.selected
      ? els.filter((el) => el.classList.contains("placeable")) : els);
    if (!box) return;
    const vw = board.clientWidth, vh = board.clientHeight;
    const inside = box.l >= board.scrollLeft && box.r <= board.scrollLeft + vw &&
                   box.t >= board.scrollTop && box.b <= board.scrollTop + vh;
    if (inside) return;
    const cx = (box.l + box.r) / 2, cy = (box.t + box.b) / 2;
    // a box wider than the view: start at its left/top edge, else centre it
    board.scrollLeft = box.r - box.l > vw ? box.l - 8 : cx - vw / 2;
    board.scrollTop = box.b - box.t > vh ? box.t - 8 : cy - vh / 2;
  };

  // -- drawing an update ----------------------------------------------------------------
  Board.prototype.keyed = function () {
    const out = new Map();
    this.o.board.querySelectorAll("[data-key]").forEach((el) => {
      if (el.parentElement && el.parentElement.closest("[data-key]")) return;
      out.set(el.getAttribute("data-key"), el);
    });
    return out;
  };

  Board.prototype.positions = function () {
    const out = new Map();
    const rect = this.o.board.getBoundingClientRect(), s = this.scale;
    this.keyed().forEach((el, key) => {
      const r = el.getBoundingClientRect();
      out.set(key, {x: (r.left - rect.left) / s, y: (r.top - rect.top) / s});
    });
    return out;
  };

  Board.prototype.show = function (update) {
    const board = this.o.board;
    const first = this.update === null;
    const before = first || reduceMotion ? null : this.positions();
    const scroll = {l: board.scrollLeft, t: board.scrollTop};
    const sameTable = this.update && this.update.table === update.table;
    this.update = update;
    board.innerHTML = update.svg || "";
    const svg = this.svg();
    if (svg) {
      this.natural = {w: parseFloat(svg.getAttribute("width")) || 0,
                      h: parseFloat(svg.getAttribute("height")) || 0};
      svg.setAttribute("width", String(this.natural.w * this.scale));
      svg.setAttribute("height", String(this.natural.h * this.scale));
      svg.removeAttribute("style");
    }
    if (sameTable) { board.scrollLeft = scroll.l; board.scrollTop = scroll.t; }
    this.closePopup();
    this.markRecent(update.recent || []);
    this.refresh();
    if (before) this.animate(before, board.scrollLeft - scroll.l, board.scrollTop - scroll.t);
    const decision = this.mine() ? update.version : null;
    if (decision !== null && this.focusedVersion !== decision) {
      this.focusedVersion = decision;
      this.showTargets();
    }
  };

  Board.prototype.mine = function () {
    const u = this.update;
    return !!u && u.seat !== null && !u.over && u.actors.includes(u.seat) && (u.legal || []).length > 0;
  };

  Board.prototype.markRecent = function (keys) {
    const wanted = new Set(keys);
    if (!wanted.size) return;
    this.o.board.querySelectorAll("[data-key]").forEach((el) => {
      if (wanted.has(el.getAttribute("data-key"))) el.classList.add("recent");
    });
  };

  Board.prototype.highlight = function (keys) {
    this.o.board.querySelectorAll(".hl").forEach((el) => el.classList.remove("hl"));
    const wanted = new Set(keys || []);
    if (!wanted.size) return;
    this.o.board.querySelectorAll("[data-key]").forEach((el) => {
      if (wanted.has(el.getAttribute("data-key"))) el.classList.add("hl");
    });
  };

  function matrixOf(el) {
    const list = el.transform && el.transform.baseVal;
    if (!list || list.numberOfItems === 0) return "";
    const m = list.consolidate().matrix;
    return " matrix(" + [m.a, m.b, m.c, m.d, m.e, m.f].join(",") + ")";
  }

  // pieces that moved slide from where they were; new pieces drop in
  Board.prototype.animate = function (before, dxScroll, dyScroll) {
    if (typeof Element.prototype.animate !== "function") return;
    const after = this.positions();
    const keyed = this.keyed();
    let budget = 150;
    keyed.forEach((el, key) => {
      if (budget <= 0) return;
      const old = before.get(key), now = after.get(key);
      const base = matrixOf(el);
      if (old && now) {
        const dx = old.x - now.x + dxScroll / this.scale, dy = old.y - now.y + dyScroll / this.scale;
        if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
        budget--;
        el.animate([{transform: "translate(" + dx + "px," + dy + "px)" + base},
                    {transform: base.trim() || "none"}], {duration: 500, easing: "ease-out"});
      } else if (!old) {
        budget--;
        el.classList.add("appeared");
        el.animate([{transform: "translate(0px,-18px)" + base, opacity: 0},
                    {transform: base.trim() || "none", opacity: 1}], {duration: 450, easing: "ease-out"});
      }
    });
  };

  // -- select, then target --------------------------------------------------------------
  Board.prototype.find = function (attr, key) {
    const els = this.o.board.querySelectorAll("[" + attr + "]");
    for (const el of els) if (el.getAttribute(attr) === key) return el;
    return null;
  };

  Board.prototype.moves = function () {
    const u = this.update;
    if (!this.mine()) return [];
    const labels = u.labels || [];
    return (u.legal || []).map((action, i) => {
      const m = (u.moves && u.moves[i]) || {};
      return {i: i, action: action, label: labels[i] || "", pick: m.pick == null ? null : m.pick,
              place: m.place == null ? null : m.place, button: m.button || labels[i] || "",
              art: m.art || null};
    });
  };

  function arm(el, cls, label) {
    el.classList.add(cls);
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    const tip = el.getAttribute("data-tip");
    el.setAttribute("aria-label", label + (tip ? " — " + tip : ""));
  }

  Board.prototype.refresh = function () {
    const board = this.o.board;
    board.querySelectorAll(".pickable, .placeable, .selected").forEach((el) => {
      el.classList.remove("pickable", "placeable", "selected");
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
    });
    const moves = this.moves();
    const picks = new Map();
    moves.forEach((m) => { if (m.pick !== null) (picks.get(m.pick) || picks.set(m.pick, []).get(m.pick)).push(m); });
    if (this.selected !== null && !picks.has(this.selected)) this.selected = null;
    picks.forEach((ms, key) => {
      const el = this.find("data-pick", key);
      if (el) arm(el, "pickable", ms.length === 1 ? ms[0].label : key);
    });
    if (this.selected !== null) {
      const el = this.find("data-pick", this.selected);
      if (el) el.classList.add("selected");
    }
    const places = new Map();
    moves.forEach((m) => {
      if (m.place !== null && (m.pick === null || m.pick === this.selected)) {
        (places.get(m.place) || places.set(m.place, []).get(m.place)).push(m);
      }
    });
    places.forEach((ms, key) => {
      const el = this.find("data-place", key);
      if (el) arm(el, "placeable", ms.map((m) => m.label).join(" / "));
    });
    this.drawMarks();
    this.o.onStage();
  };

  // the targets are marked by frames drawn over the picture (the same look in every game,
  // whatever the element's own drawing): picks framed, the selected pick and its places
  // filled; the frames let clicks through to the elements
  Board.prototype.drawMarks = function () {
    const svg = this.svg();
    if (!svg) return;
    const old = svg.querySelector("g.board-marks");
    if (old) old.remove();
    const ns = "http://www.w3.org/2000/svg";
    const layer = document.createElementNS(ns, "g");
    layer.setAttribute("class", "board-marks");
    layer.setAttribute("pointer-events", "none");
    const root = svg.getBoundingClientRect(), s = this.scale;
    this.o.board.querySelectorAll(".pickable, .placeable").forEach((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      const mark = document.createElementNS(ns, "rect");
      const cls = el.classList.contains("selected") ? "mark-selected"
        : el.classList.contains("placeable") && (this.selected !== null || !el.classList.contains("pickable"))
          ? "mark-place" : "mark-pick";
      mark.setAttribute("class", cls);
      mark.setAttribute("x", String((r.left - root.left) / s - 2));
      mark.setAttribute("y", String((r.top - root.top) / s - 2));
      mark.setAttribute("width", String(r.width / s + 4));
      mark.setAttribute("height", String(r.height / s + 4));
      mark.setAttribute("rx", "6");
      layer.appendChild(mark);
    });
    svg.appendChild(layer);
  };

  // the buttons of the current stage: moves without pick or place, and the pick-only moves
  // of the selected pick
  Board.prototype.stageButtons = function () {
    const moves = this.moves();
    const out = moves.filter((m) => m.pick === null && m.place === null);
    if (this.selected !== null) {
      moves.forEach((m) => { if (m.pick === this.selected && m.place === null) out.push(m); });
    }
    return out;
  };

  Board.prototype.prompt = function () {
    const moves = this.moves();
    if (!moves.length) return "";
    if (this.selected !== null) return _("Now choose where: the highlighted places.");
    if (moves.some((m) => m.pick !== null)) return _("Pick a highlighted piece on the board.");
    if (moves.some((m) => m.place !== null)) return _("Choose a highlighted place on the board.");
    return "";
  };

  Board.prototype.select = function (key, keepView) {
    this.selected = this.selected === key ? null : key;
    this.closePopup();
    this.refresh();
    // its places may lie out of view (not while dragging: the view stays under the pointer)
    if (this.selected !== null && !keepView) this.showTargets();
  };

  Board.prototype.cancel = function () {
    this.selected = null;
    this.closePopup();
    this.refresh();
  };

  Board.prototype.placeMoves = function (key) {
    const moves = this.moves().filter((m) => m.place === key);
    const chosen = moves.filter((m) => this.selected !== null && m.pick === this.selected);
    return chosen.length ? chosen : moves.filter((m) => m.pick === null);
  };

  Board.prototype.choosePlace = function (el) {
    const matches = this.placeMoves(el.getAttribute("data-place"));
    if (matches.length === 1) { this.o.onAct(matches[0].i); return; }
    if (matches.length > 1) this.openPopup(el, matches);
  };

  Board.prototype.openPopup = function (el, matches) {
    const popup = this.o.popup;
    popup.innerHTML = "";
    const head = document.createElement("p");
    head.textContent = _("Which one?");
    popup.appendChild(head);
    matches.forEach((m) => popup.appendChild(this.o.button(m)));
    popup.appendChild(this.cancelButton(() => this.closePopup()));
    popup.hidden = false;
    const area = this.o.area.getBoundingClientRect(), r = el.getBoundingClientRect();
    const left = Math.max(4, Math.min(r.left - area.left, area.width - popup.offsetWidth - 4));
    popup.style.left = left + "px";
    popup.style.top = (r.bottom - area.top + 6) + "px";
    const first = popup.querySelector("button");
    if (first) first.focus();
  };

  Board.prototype.cancelButton = function (onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "cancel";
    b.textContent = _("Cancel");
    b.addEventListener("click", onClick);
    return b;
  };

  Board.prototype.closePopup = function () {
    this.o.popup.hidden = true;
    this.o.popup.innerHTML = "";
  };

  Board.prototype.activate = function (el) {
    if (el.classList.contains("placeable") && (this.selected !== null || !el.classList.contains("pickable"))) {
      this.choosePlace(el);
    } else if (el.classList.contains("pickable")) {
      this.select(el.getAttribute("data-pick"));
    } else if (el.classList.contains("placeable")) {
      this.choosePlace(el);
    }
  };

  // -- tooltips -------------------------------------------------------------------------
  // ``linked``: the tip was opened by a mouse pointer beside it, so its rule links may take
  // the pointer (a tip opened by focus or touch lies over the element and must not catch taps)
  Board.prototype.showTip = function (el, x, y, linked) {
    const tip = this.o.tip;
    const text = el.getAttribute("data-tip");
    if (!text) return;
    clearTimeout(this.tipTimer);
    // rule ids in a tooltip are links to the rule's text (rules.js); such a tip stays open
    // while the pointer moves onto it
    const rules = window.spieltischRules;
    tip.innerHTML = "";
    if (rules) tip.appendChild(rules.linkify(text)); else tip.textContent = text;
    tip.classList.toggle("has-links", !!linked && tip.querySelector("a") !== null);
    tip.hidden = false;
    const w = tip.offsetWidth, h = tip.offsetHeight;
    const left = Math.min(window.innerWidth - w - 6, Math.max(6, x + 14));
    const top = y + 18 + h > window.innerHeight ? y - h - 12 : y + 18;
    tip.style.left = left + "px";
    tip.style.top = Math.max(6, top) + "px";
  };

  Board.prototype.hideTip = function (now) {
    const tip = this.o.tip;
    clearTimeout(this.tipTimer);
    if (now === true || !tip.classList.contains("has-links")) { tip.hidden = true; return; }
    this.tipTimer = setTimeout(() => { tip.hidden = true; }, 450);
  };

  // -- events ---------------------------------------------------------------------------
  Board.prototype.bind = function () {
    const board = this.o.board;
    let suppressClick = false;
    board.addEventListener("click", (e) => {
      if (suppressClick) { suppressClick = false; e.preventDefault(); return; }
      const el = e.target.closest(".pickable, .placeable");
      if (el) { this.activate(el); return; }
      // a piece or place no legal move uses now: ask why not ("Why can't I?")
      const tried = e.target.closest("[data-pick], [data-place]");
      if (tried && this.o.onWhy) {
        const place = tried.getAttribute("data-place");
        if (place !== null) this.o.onWhy(this.selected, place);
        else this.o.onWhy(tried.getAttribute("data-pick"), null);
      }
    });
    const tip = this.o.tip;
    tip.addEventListener("pointerenter", () => clearTimeout(this.tipTimer));
    tip.addEventListener("pointerleave", () => this.hideTip(true));
    board.addEventListener("keydown", (e) => {
      const el = e.target.closest && e.target.closest(".pickable, .placeable");
      if (el && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); this.activate(el); }
    });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") { this.cancel(); this.hideTip(true); } });
    // tooltips: mouse hover, keyboard focus, long-press on touch
    board.addEventListener("pointermove", (e) => {
      if (e.pointerType !== "mouse" || this.dragging) return;
      const el = e.target.closest("[data-tip]");
      if (el) this.showTip(el, e.clientX, e.clientY, true); else this.hideTip();
    });
    board.addEventListener("pointerleave", () => this.hideTip());
    board.addEventListener("focusin", (e) => {
      const el = e.target.closest("[data-tip]");
      if (!el) return;
      const r = el.getBoundingClientRect();
      this.showTip(el, r.left, r.bottom - 12);
    });
    board.addEventListener("focusout", () => this.hideTip());
    let press = null;
    board.addEventListener("touchstart", (e) => {
      if (e.touches.length !== 1) { clearTimeout(press); return; }
      const el = e.target.closest && e.target.closest("[data-tip]");
      const t = e.touches[0];
      clearTimeout(press);
      if (el) press = setTimeout(() => { this.showTip(el, t.clientX, t.clientY); suppressClick = true; }, 500);
    }, {passive: true});
    board.addEventListener("touchmove", () => clearTimeout(press), {passive: true});
    board.addEventListener("touchend", () => {
      clearTimeout(press);
      if (!this.o.tip.hidden) setTimeout(() => this.hideTip(), 2500);
    }, {passive: true});
    this.bindZoom();
    this.bindDrag();
  };

  Board.prototype.bindZoom = function () {
    const board = this.o.board;
    board.addEventListener("wheel", (e) => {
      if (!(e.ctrlKey || e.metaKey)) return;  // a plain wheel scrolls
      e.preventDefault();
      this.setScale(this.scale * Math.exp(-e.deltaY * 0.0025), e.clientX, e.clientY);
    }, {passive: false});
    let pinch = null;
    const spread = (ts) => Math.hypot(ts[0].clientX - ts[1].clientX, ts[0].clientY - ts[1].clientY);
    board.addEventListener("touchstart", (e) => {
      if (e.touches.length === 2) pinch = {d: spread(e.touches), s: this.scale};
    }, {passive: true});
    board.addEventListener("touchmove", (e) => {
      if (!pinch || e.touches.length !== 2) return;
      e.preventDefault();
      const mx = (e.touches[0].clientX + e.touches[1].clientX) / 2;
      const my = (e.touches[0].clientY + e.touches[1].clientY) / 2;
      this.setScale(pinch.s * spread(e.touches) / pinch.d, mx, my);
    }, {passive: false});
    board.addEventListener("touchend", (e) => { if (e.touches.length < 2) pinch = null; });
  };

  // drag a pick onto a place (mouse and pen; a finger pans the board and taps instead)
  Board.prototype.bindDrag = function () {
    const board = this.o.board;
    let start = null;
    board.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "touch" || e.button !== 0) return;
      const el = e.target.closest(".pickable");
      if (el) start = {el: el, x: e.clientX, y: e.clientY};
    });
    window.addEventListener("pointermove", (e) => {
      if (!start) return;
      if (!this.dragging && Math.hypot(e.clientX - start.x, e.clientY - start.y) > 8) {
        const key = start.el.getAttribute("data-pick");
        if (this.selected !== key) this.select(key, true);
        const ghost = document.createElement("div");
        ghost.className = "drag-ghost";
        ghost.textContent = start.el.getAttribute("data-tip") || key;
        document.body.appendChild(ghost);
        start.el.classList.add("dragging");
        this.dragging = {el: start.el, ghost: ghost};
        this.hideTip();
      }
      if (this.dragging) {
        this.dragging.ghost.style.left = (e.clientX + 12) + "px";
        this.dragging.ghost.style.top = (e.clientY + 12) + "px";
        board.querySelectorAll(".drop-over").forEach((x) => x.classList.remove("drop-over"));
        const under = document.elementFromPoint(e.clientX, e.clientY);
        const place = under && under.closest && under.closest(".placeable");
        if (place) place.classList.add("drop-over");
      }
    });
    window.addEventListener("pointerup", (e) => {
      const drag = this.dragging;
      start = null;
      if (!drag) return;
      this.dragging = null;
      drag.ghost.remove();
      drag.el.classList.remove("dragging");
      board.querySelectorAll(".drop-over").forEach((x) => x.classList.remove("drop-over"));
      const under = document.elementFromPoint(e.clientX, e.clientY);
      const place = under && under.closest && under.closest(".placeable");
      // the click that follows the drag must not toggle the selection off again
      const swallow = (ev) => { ev.stopPropagation(); ev.preventDefault(); };
      window.addEventListener("click", swallow, {capture: true, once: true});
      setTimeout(() => window.removeEventListener("click", swallow, {capture: true}), 50);
      if (place) this.choosePlace(place);
    });
  };

  return Board;
})();
