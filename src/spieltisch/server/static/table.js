// The table page: one WebSocket to the server; every update redraws the board (board.js:
// select, then target), the few choice buttons of the current stage, the players and the log.
"use strict";
(function () {
  const text = window.spieltischText;  // messages.js: the page's words
  const rules = window.spieltischRules;  // rules.js: the Rules panel and rule links
  const bots = window.spieltischBots;  // bots.js: levels, a bot thinking, hints
  const _ = text._;
  const token = document.body.dataset.token;
  let lang = text.lang;
  let sound = localStorage.getItem("spieltisch-sound") === "on";
  let socket = null;
  let last = null;
  let nextId = 1;
  let retry = 500;
  const SVG_CUT = "\n<g";  // where a patch cuts the picture into pieces (server/patches.py)
  const $ = (id) => document.getElementById(id);


  function translatePage() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = _(el.dataset.t); });
    document.querySelectorAll("[data-t-label]").forEach((el) => {
      el.setAttribute("aria-label", _(el.dataset.tLabel));
      el.title = _(el.dataset.tLabel);
    });
  }

  // the game's name for a seat ("Player 2"), with "(you)" for the reader's own seat
  function seatName(seat) {
    const named = last && last.seats && last.seats[seat];
    // the account's name where one has taken the seat, else the game's name for it
    const name = named && named.player ? named.player
      : named && named.name ? named.name : _("Player") + " " + (seat + 1);
    return last && seat === last.seat ? name + " (" + _("you") + ")" : name;
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  // a refusal in plain words; its rule id opens the rule's text in the Rules panel
  function showError(error, rule, kind) {
    const box = $("error");
    box.innerHTML = "";
    box.classList.toggle("why", kind === "why");
    box.appendChild(rules.linkify(error + (rule && error.indexOf(rule) < 0 ? " (" + rule + ")" : "")));
  }

  function act(action) {
    if (!last) return;
    $("error").textContent = "";
    send({type: "act", id: nextId++, expected_version: last.version, action: action});
  }

  // a choice button: the move's short caption (and its picture, e.g. goods), the full
  // sentence for screen readers and as its tooltip
  function choiceButton(m) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.dataset.move = String(m.i);
    if (m.art) {
      const art = document.createElement("span");
      art.className = "art";
      art.innerHTML = m.art;
      b.appendChild(art);
    }
    b.appendChild(document.createTextNode(m.button || m.label));
    if (m.label && m.label !== m.button) { b.title = m.label; b.setAttribute("aria-label", m.label); }
    b.addEventListener("click", () => act(m.action));
    return b;
  }

  const board = new window.SpieltischBoard({
    area: $("board-area"), board: $("board"), popup: $("popup"), tip: $("tip"),
    button: choiceButton,
    onAct: (i) => act(last.legal[i]),
    onStage: () => showChoices(),
    onWhy: (pick, place) => send({type: "why", id: nextId++, pick: pick, place: place}),
  });

  window.spieltischBoard = board;  // read by the browser tests (which move to make)

  // the choices of the current stage (at most a dozen; every move under "All moves")
  function showChoices() {
    if (!last) return;
    showStage();
    if (window.spieltischTutorial) window.spieltischTutorial.mark(board);
    bots.mark(board);
  }

  function showStage() {
    const buttons = $("buttons");
    buttons.innerHTML = "";
    const mine = board.mine();
    $("choices").hidden = last.seat === null || last.over;  // the result takes its place
    $("prompt").textContent = mine ? board.prompt() : "";
    if (!mine) {
      if (last.seat !== null && !last.over) buttons.textContent = _("Nothing to decide for you now.");
    } else {
      board.stageButtons().forEach((m) => buttons.appendChild(choiceButton(m)));
      if (board.selected !== null) buttons.appendChild(board.cancelButton(() => board.cancel()));
    }
    const all = $("all-moves");
    all.hidden = !mine;
    const list = $("all-list");
    list.innerHTML = "";
    if (mine) {
      $("all-count").textContent = String(last.legal.length);
      board.moves().forEach((m) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "every-move";
        b.textContent = m.label;
        b.addEventListener("click", () => act(m.action));
        list.appendChild(b);
      });
    }
  }

  // a real-time step (Tumult Royal's grab tick): a sand timer running down to the tick's end
  let clockTimer = null;
  function showClock(update) {
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    const box = $("clock");
    if (!update.clock) { box.hidden = true; return; }
    box.hidden = false;
    const end = Date.now() + update.clock.left_ms;
    const top = box.querySelector(".sand-top"), bottom = box.querySelector(".sand-bottom");
    const label = box.querySelector(".sand-left");
    const tick = () => {
      const left = Math.max(0, end - Date.now());
      const share = Math.min(1, left / update.clock.step_ms);
      top.setAttribute("y", String(6 + 22 * (1 - share)));
      top.setAttribute("height", String(22 * share));
      bottom.setAttribute("y", String(34 + 22 * share));
      bottom.setAttribute("height", String(22 * (1 - share)));
      label.textContent = (left / 1000).toFixed(1) + " s";
      box.classList.toggle("low", share < 0.3);
    };
    tick();
    clockTimer = setInterval(tick, 100);
  }

  function formatLeft(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600);
    const m = Math.floor((s % 3600) / 60), sec = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    if (d > 0) return d + " " + _("d") + " " + two(h) + ":" + two(m);
    if (h > 0) return h + ":" + two(m) + ":" + two(sec);
    return m + ":" + two(sec);
  }

  // the players: who is a bot, who has left or run out of time, and each seat's clock
  let seatTimer = null;
  function showSeats(update) {
    if (seatTimer) { clearInterval(seatTimer); seatTimer = null; }
    const ul = $("seat-list");
    ul.innerHTML = "";
    const received = Date.now();
    const clocks = {};
    (update.clocks || []).forEach((c) => { clocks[c.seat] = c; });
    const ticking = [];
    update.seats.forEach((s) => {
      const li = document.createElement("li");
      li.dataset.seat = s.seat;
      let text = seatName(s.seat);
      if (s.kind === "bot") text += " · " + _("bot") + (s.bot ? ": " + bots.levelName(s.bot) : "");
      if (update.actors.includes(s.seat) && !update.over) li.classList.add("acting");
      li.textContent = text;
      if ((update.timed_out || []).includes(s.seat)) {
        li.append(" · " + _("out of time"));
        li.classList.add("timed-out");
      }
      if ((update.zombies || []).includes(s.seat)) li.append(" · " + _("a bot plays for this seat"));
      const c = clocks[s.seat];
      if (c && c.left_ms !== null) {
        const span = document.createElement("span");
        span.className = "seat-clock" + (c.running ? " running" : "");
        li.append(" ");
        li.appendChild(span);
        const tick = () => {
          const left = c.running ? c.left_ms - (Date.now() - received) : c.left_ms;
          span.textContent = "⏱ " + formatLeft(left);
          span.classList.toggle("low", c.running && left < 30000);
        };
        tick();
        if (c.running) ticking.push(tick);
      }
      ul.appendChild(li);
    });
    if (ticking.length) seatTimer = setInterval(() => ticking.forEach((f) => f()), 500);
  }

  // the tab shows whose turn it is (title and icon), with an optional sound
  let wasMine = false;
  function showTurnInTab(update, mine) {
    document.title = (mine ? "● " + _("Your turn") + " · " : "") + update.game_name + " · Spieltisch";
    const colour = mine ? "%2300a152" : "%238a7a66";
    let icon = document.querySelector("link[rel=icon]");
    if (!icon) { icon = document.createElement("link"); icon.rel = "icon"; document.head.appendChild(icon); }
    icon.href = "data:image/svg+xml," + "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>" +
      "<circle cx='8' cy='8' r='7' fill='" + colour + "'/></svg>";
    if (mine && !wasMine && sound) beep();
    wasMine = mine;
  }

  function beep() {
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.4);
    } catch (err) { /* no audio: the title and icon still show the turn */ }
  }

  function showLog(update) {
    const log = $("log");
    log.innerHTML = "";
    const keys = update.log_keys || [];
    const lines = update.log.map((line, i) => ({line: line, keys: keys[i] || []}));
    lines.reverse().forEach((entry) => {
      const li = document.createElement("li");
      li.appendChild(rules.linkify(entry.line));
      if (entry.keys.length) {
        li.tabIndex = 0;
        li.classList.add("has-pieces");
        const on = () => board.highlight(entry.keys), off = () => board.highlight([]);
        li.addEventListener("mouseenter", on);
        li.addEventListener("mouseleave", off);
        li.addEventListener("focus", on);
        li.addEventListener("blur", off);
      }
      log.appendChild(li);
    });
  }

  function showResult(update) {
    if (window.spieltischRematch) window.spieltischRematch.render(update, $("rematch"), token);
    const result = $("result");
    result.hidden = !update.over;
    if (!update.over) return;
    const names = update.winners.length ? update.winners.map(seatName).join(", ") : _("nobody");
    result.innerHTML = "";
    if (update.ended && update.ended.reason === "timeout") {
      const why = document.createElement("p");
      const who = seatName(update.ended.seat);
      why.textContent = who.charAt(0).toUpperCase() + who.slice(1) + " " + _("ran out of time and loses");
      result.appendChild(why);
    }
    const p = document.createElement("p");
    p.className = "winners";
    p.textContent = _("Winners") + ": " + names;
    result.appendChild(p);
    // the result screen (result.js): standing, breakdown, chart, length
    if (window.spieltischResult) window.spieltischResult.render(update, result.appendChild(document.createElement("div")));
  }

  // a finished game can be watched again: its replay opens with the table's spectator
  // link (shareable; never a seat's), which the table's public summary names
  let replayLink = null;
  function showWatchAgain(update) {
    const box = $("watch-again");
    if (!box || !update.over || replayLink) return;
    replayLink = fetch("/api/tables/" + update.table).then((r) => r.json()).then((t) => {
      box.querySelector("a").href = t.spectator_link.replace("/watch/", "/replay/");
      box.hidden = false;
    }).catch(() => { replayLink = null; });
  }

  function render(update) {
    last = update;
    rules.setGame(update.game, update.options);
    showClock(update);
    showSeats(update);
    bots.render(update);
    $("title").textContent = update.game_name;
    board.show(update);
    const turn = $("turn");
    const mine = board.mine();
    if (update.over) {
      turn.textContent = _("Game over");
    } else if (update.seat === null) {
      turn.textContent = _("You are watching.") + " " + _("Waiting for") + ": " + update.actors.map(seatName).join(", ");
    } else if (update.actors.includes(update.seat)) {
      turn.textContent = _("Your turn");
    } else {
      turn.textContent = _("Waiting for") + ": " + update.actors.map(seatName).join(", ");
    }
    turn.classList.toggle("mine", mine);
    showTurnInTab(update, mine);
    showChoices();
    bots.show(board);
    if (window.spieltischTutorial) window.spieltischTutorial.render(update, board);
    showLog(update);
    showResult(update);
    showWatchAgain(update);
    $("status").textContent = _("connected") + " · " + _("move") + " " + update.version;
    offerSeat(update);
  }

  // the seat belongs to an account (or the table is rated): sign in, or take the seat
  async function refused() {
    $("status").textContent = "";
    const {account} = await window.spieltischSession.account();
    const box = $("seat-access");
    box.hidden = false;
    box.innerHTML = "";
    if (!account) {
      const a = document.createElement("a");
      a.href = "/account?next=" + encodeURIComponent(location.pathname);
      a.textContent = _("Sign in to play this seat");
      box.appendChild(a);
      return;
    }
    box.appendChild(takeSeatButton(account.name));
  }

  // "Take this seat as Anna": from then on only that account plays it (POST .../claim)
  function takeSeatButton(name) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = _("Take this seat as") + " " + name;
    button.addEventListener("click", async () => {
      const r = await fetch("/api/seat/" + token + "/claim", {method: "POST"});
      const answer = await r.json().catch(() => ({}));
      if (!r.ok) { showError(answer.error || String(r.status)); return; }
      location.reload();
    });
    return button;
  }

  // a signed-in player at a seat no account has taken yet may take it
  let offered = false;
  async function offerSeat(update) {
    if (offered || update.seat === null || update.seat === undefined) return;
    const mine = update.seats[update.seat];
    if (!mine || mine.player) return;
    offered = true;
    const {account} = await window.spieltischSession.account();
    if (!account) return;
    const box = $("seat-access");
    box.hidden = false;
    box.innerHTML = "";
    box.appendChild(takeSeatButton(account.name));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // updates come compressed (binary frames) where the browser can inflate them
    const packed = typeof DecompressionStream === "function";
    // after the first update, patches: what changed since the last message (server/patches.py)
    socket = new WebSocket(scheme + "://" + location.host + "/ws/" + token + "?lang=" + lang +
                           (packed ? "&compress=deflate" : "") + "&patch=1");
    socket.binaryType = "arraybuffer";
    socket.onopen = () => { retry = 500; };
    let queue = Promise.resolve();  // inflating is asynchronous: keep the messages in order
    socket.onmessage = (event) => {
      const data = event.data;
      queue = queue.then(async () => {
        let text = data;
        if (typeof data !== "string") {
          const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate"));
          text = await new Response(stream).text();
        }
        handle(JSON.parse(text));
      }).catch((err) => {
        $("error").textContent = String(err);
      });
    };
    // the last update and its picture cut into pieces; after a patch also the pieces of
    // the message before it, which a patch may take pieces from ([first, count, 1])
    let latest = null, pieces = [], older = null, olderSeq = null;
    const handle = (message) => {
      if (message.type === "update") {
        latest = message;
        pieces = (message.svg || "").split(SVG_CUT);
        older = null; olderSeq = null;
        render(message);
      } else if (message.type === "patch") {
        if (!latest || message.base !== latest.seq ||
            (message.older !== undefined && message.older !== olderSeq)) {
          send({type: "refresh"}); return;
        }
        const next = Object.assign({}, latest, message.set);
        (message.drop || []).forEach((k) => { delete next[k]; });
        let out = pieces;
        if (message.svg) {
          out = [];
          message.svg.forEach((item) => {
            if (typeof item === "string") { out.push(item); return; }
            const from = item.length > 2 ? older : pieces;
            for (let i = item[0]; i < item[0] + item[1]; i++) out.push(from[i]);
          });
          next.svg = out.join(SVG_CUT);
        }
        older = pieces; olderSeq = latest.seq;
        pieces = out;
        next.seq = message.seq;
        latest = next;
        render(next);
      }
      else if (message.type === "why") showError(message.text, message.rule, "why");
      else if (message.type === "thinking") bots.thinking(message.thinking);
      else if (message.type === "error") {
        showError(message.error, message.rule);
        if (message.stale) send({type: "refresh"});
      }
    };
    socket.onclose = (event) => {
      if (event.code === 4403) { refused(); return; }  // not this browser's seat: no retry
      $("status").textContent = _("connection lost, reconnecting…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  document.querySelectorAll("[data-lang]").forEach((b) => {
    b.addEventListener("click", () => {
      text.lang = b.dataset.lang;
      lang = text.lang;
      localStorage.setItem("spieltisch-lang", lang);
      translatePage();
      showSound();
      rules.refresh();
      send({type: "lang", lang: lang});
    });
  });
  $("zoom-in").addEventListener("click", () => board.setScale(board.scale * 1.25));
  $("zoom-out").addEventListener("click", () => board.setScale(board.scale / 1.25));
  $("zoom-fit").addEventListener("click", () => board.fit());
  $("zoom-one").addEventListener("click", () => { board.setScale(1); board.showTargets(); });
  const soundButton = $("sound");
  const showSound = () => {
    soundButton.setAttribute("aria-pressed", String(sound));
    soundButton.textContent = "♪ " + (sound ? _("on") : _("off"));
  };
  soundButton.addEventListener("click", () => {
    sound = !sound;
    localStorage.setItem("spieltisch-sound", sound ? "on" : "off");
    showSound();
    if (sound) beep();
  });
  showSound();
  translatePage();
  bots.bind(board);
  connect();
})();
