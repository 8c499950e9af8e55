// The table page: one WebSocket to the server; every update replaces the picture, the
// choices and the log; clicks on elements carrying data-action send that move.
"use strict";
(function () {
  const T = {
    en: {your_move: "Your move", log: "Log", lobby: "Lobby", waiting: "Waiting for",
         you: "you", seat: "Seat", over: "Game over", winners: "Winners", none: "nobody",
         connected: "connected", reconnecting: "connection lost, reconnecting…",
         spectator: "You are watching.", your_turn: "Your turn", rematch: "Rematch",
         no_choice: "Nothing to decide for you now.", version: "move", players: "Players",
         bot: "bot", bot_plays: "a bot plays for this seat", out_of_time: "out of time",
         ended_timeout: "ran out of time and loses", day: "d"},
    de: {your_move: "Dein Zug", log: "Verlauf", lobby: "Lobby", waiting: "Es entscheidet",
         you: "du", seat: "Platz", over: "Spielende", winners: "Sieger", none: "niemand",
         connected: "verbunden", reconnecting: "Verbindung verloren, verbinde neu …",
         spectator: "Du schaust zu.", your_turn: "Du bist am Zug", rematch: "Revanche",
         no_choice: "Gerade gibt es für dich nichts zu entscheiden.", version: "Zug",
         players: "Spieler", bot: "Bot", bot_plays: "ein Bot spielt für diesen Platz",
         out_of_time: "Zeit abgelaufen", ended_timeout: "hat die Zeit überschritten und verliert",
         day: "T"},
  };
  const token = document.body.dataset.token;
  let lang = localStorage.getItem("spieltisch-lang") || (navigator.language || "en").slice(0, 2);
  if (!T[lang]) lang = "en";
  let socket = null;
  let last = null;
  let nextId = 1;
  let retry = 500;

  function t(key) { return (T[lang] && T[lang][key]) || T.en[key] || key; }

  function translatePage() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  }

  // the game's own name for a seat ("Player 2", "Platz 1"), "you" for the reader
  function seatName(seat) {
    if (last && seat === last.seat) return t("you");
    const named = last && last.seats && last.seats[seat];
    return named && named.name ? named.name : t("seat") + " " + seat;
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function act(action) {
    if (!last) return;
    document.getElementById("error").textContent = "";
    send({type: "act", id: nextId++, expected_version: last.version, action: action});
  }

  let clockTimer = null;
  function showClock(update) {
    // a real-time step (Tumult Royal's grab tick): a countdown to the end of the tick
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    const box = document.getElementById("clock");
    if (!update.clock) { box.hidden = true; return; }
    box.hidden = false;
    const end = Date.now() + update.clock.left_ms;
    const tick = () => {
      const left = Math.max(0, end - Date.now());
      box.textContent = "⏱ " + (left / 1000).toFixed(1) + " s";
      box.style.setProperty("--left", String(left / update.clock.step_ms));
    };
    tick();
    clockTimer = setInterval(tick, 100);
  }

  function formatLeft(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600);
    const m = Math.floor((s % 3600) / 60), sec = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    if (d > 0) return d + " " + t("day") + " " + two(h) + ":" + two(m);
    if (h > 0) return h + ":" + two(m) + ":" + two(sec);
    return m + ":" + two(sec);
  }

  // the players: who is a bot, who has left or run out of time, and each seat's clock
  let seatTimer = null;
  function showSeats(update) {
    if (seatTimer) { clearInterval(seatTimer); seatTimer = null; }
    let box = document.getElementById("players");
    if (!box) {
      box = document.createElement("section");
      box.id = "players";
      document.getElementById("turn").before(box);
    }
    box.innerHTML = "";
    const h = document.createElement("h2");
    h.textContent = t("players");
    box.appendChild(h);
    const ul = document.createElement("ul");
    const received = Date.now();
    const clocks = {};
    (update.clocks || []).forEach((c) => { clocks[c.seat] = c; });
    const ticking = [];
    update.seats.forEach((s) => {
      const li = document.createElement("li");
      li.dataset.seat = s.seat;
      let text = seatName(s.seat);
      text = text.charAt(0).toUpperCase() + text.slice(1);
      if (s.kind === "bot") text += " (" + t("bot") + (s.bot ? ": " + s.bot : "") + ")";
      if (update.actors.includes(s.seat) && !update.over) li.classList.add("acting");
      li.textContent = text;
      if ((update.timed_out || []).includes(s.seat)) {
        li.append(" · " + t("out_of_time"));
        li.classList.add("timed-out");
      }
      if ((update.zombies || []).includes(s.seat)) li.append(" · " + t("bot_plays"));
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
    box.appendChild(ul);
    if (ticking.length) seatTimer = setInterval(() => ticking.forEach((f) => f()), 500);
  }

  function render(update) {
    last = update;
    showClock(update);
    showSeats(update);
    document.getElementById("title").textContent = update.game_name;
    const board = document.getElementById("board");
    board.innerHTML = update.svg || "";
    // legal targets in the picture: highlighted by the renderer, clickable here
    board.querySelectorAll("[data-action]").forEach((el) => {
      el.classList.add("legal");
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      const go = () => act(JSON.parse(el.getAttribute("data-action")));
      el.addEventListener("click", go);
      el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") go(); });
    });
    const turn = document.getElementById("turn");
    const mine = update.seat !== null && update.actors.includes(update.seat);
    if (update.over) {
      turn.textContent = t("over");
    } else if (update.seat === null) {
      turn.textContent = t("spectator") + " " + t("waiting") + ": " + update.actors.map(seatName).join(", ");
    } else if (mine) {
      turn.textContent = t("your_turn");
    } else {
      turn.textContent = t("waiting") + ": " + update.actors.map(seatName).join(", ");
    }
    const buttons = document.getElementById("buttons");
    buttons.innerHTML = "";
    const choices = document.getElementById("choices");
    choices.hidden = update.seat === null;
    if (mine) {
      update.legal.forEach((action, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "choice";
        b.textContent = update.labels[i];
        b.dataset.action = JSON.stringify(action);
        b.addEventListener("click", () => act(action));
        buttons.appendChild(b);
      });
    } else if (update.seat !== null) {
      buttons.textContent = t("no_choice");
    }
    const log = document.getElementById("log");
    log.innerHTML = "";
    update.log.slice().reverse().forEach((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      log.appendChild(li);
    });
    const result = document.getElementById("result");
    result.hidden = !update.over;
    if (update.over) {
      const names = update.winners.length ? update.winners.map(seatName).join(", ") : t("none");
      result.innerHTML = "";
      if (update.ended && update.ended.reason === "timeout") {
        const why = document.createElement("p");
        const who = seatName(update.ended.seat);
        why.textContent = who.charAt(0).toUpperCase() + who.slice(1) + " " + t("ended_timeout");
        result.appendChild(why);
      }
      const p = document.createElement("p");
      p.textContent = t("winners") + ": " + names;
      result.appendChild(p);
      if (update.seat !== null) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = t("rematch");
        b.addEventListener("click", async () => {
          const r = await fetch("/api/seat/" + token + "/rematch", {method: "POST"});
          const data = await r.json();
          if (r.ok) {
            const mineLink = data.seats[update.seat] && data.seats[update.seat].link;
            if (mineLink) window.location = mineLink;
          } else {
            document.getElementById("error").textContent = data.error;
          }
        });
        result.appendChild(b);
      }
    }
    document.getElementById("status").textContent = t("connected") + " · " + t("version") + " " + update.version;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // updates come compressed (binary frames) where the browser can inflate them
    const packed = typeof DecompressionStream === "function";
    socket = new WebSocket(scheme + "://" + location.host + "/ws/" + token + "?lang=" + lang +
                           (packed ? "&compress=deflate" : ""));
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
        document.getElementById("error").textContent = String(err);
      });
    };
    const handle = (message) => {
      if (message.type === "update") render(message);
      else if (message.type === "error") {
        document.getElementById("error").textContent = message.error + (message.rule ? " (" + message.rule + ")" : "");
        if (message.stale) send({type: "refresh"});
      }
    };
    socket.onclose = () => {
      document.getElementById("status").textContent = t("reconnecting");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  document.querySelectorAll("[data-lang]").forEach((b) => {
    b.addEventListener("click", () => {
      lang = b.dataset.lang;
      localStorage.setItem("spieltisch-lang", lang);
      translatePage();
      send({type: "lang", lang: lang});
    });
  });
  translatePage();
  connect();
})();
