// The table page: one WebSocket to the server; every update replaces the picture, the
// choices and the log; clicks on elements carrying data-action send that move.
"use strict";
(function () {
  const T = {
    en: {your_move: "Your move", log: "Log", lobby: "Lobby", waiting: "Waiting for",
         you: "you", seat: "Seat", over: "Game over", winners: "Winners", none: "nobody",
         connected: "connected", reconnecting: "connection lost, reconnecting…",
         spectator: "You are watching.", your_turn: "Your turn", rematch: "Rematch",
         no_choice: "Nothing to decide for you now.", version: "move"},
    de: {your_move: "Dein Zug", log: "Verlauf", lobby: "Lobby", waiting: "Es entscheidet",
         you: "du", seat: "Platz", over: "Spielende", winners: "Sieger", none: "niemand",
         connected: "verbunden", reconnecting: "Verbindung verloren, verbinde neu …",
         spectator: "Du schaust zu.", your_turn: "Du bist am Zug", rematch: "Revanche",
         no_choice: "Gerade gibt es für dich nichts zu entscheiden.", version: "Zug"},
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

  function seatName(seat) {
    if (last && seat === last.seat) return t("you");
    return t("seat") + " " + seat;
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

  function render(update) {
    last = update;
    showClock(update);
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
    socket = new WebSocket(scheme + "://" + location.host + "/ws/" + token + "?lang=" + lang);
    socket.onopen = () => { retry = 500; };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
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
