// The leaderboard (/ratings) and a player's page (/players/NAME): ratings per game, the
// rating after each rated game (a small chart and a table), and the finished games.
"use strict";
(function () {
  const text = window.spieltischText;
  const _ = text._;
  const $ = (id) => document.getElementById(id);
  const translate = () => document.querySelectorAll("[data-t]").forEach((el) => {
    el.textContent = _(el.dataset.t);
  });

  function row(body, cells) {
    const tr = document.createElement("tr");
    cells.forEach((content) => {
      const td = document.createElement("td");
      if (content instanceof Node) td.appendChild(content); else td.textContent = content;
      tr.appendChild(td);
    });
    body.appendChild(tr);
  }

  function playerLink(name) {
    const a = document.createElement("a");
    a.href = "/players/" + encodeURIComponent(name);
    a.textContent = name;
    return a;
  }

  async function leaderboard() {
    const select = $("ratings-game");
    if (!select.options.length) {
      const games = await (await fetch("/api/games?lang=" + text.lang)).json();
      games.forEach((g) => {
        const o = document.createElement("option"); o.value = g.id; o.textContent = g.name;
        select.appendChild(o);
      });
      const wanted = new URLSearchParams(location.search).get("game");
      if (wanted) select.value = wanted;
      select.addEventListener("change", leaderboard);
    }
    const board = await (await fetch("/api/ratings/" + encodeURIComponent(select.value))).json();
    const body = document.querySelector("#leaderboard tbody");
    body.innerHTML = "";
    board.players.forEach((p) => row(body, [p.rank, playerLink(p.name), p.ordinal.toFixed(1),
                                           p.mu.toFixed(1), p.sigma.toFixed(1), p.games]));
    $("leaderboard-empty").hidden = board.players.length > 0;
  }

  // the rating (ordinal) after each rated game as a line, per game its own colour
  function chart(history) {
    const box = $("history-chart");
    box.innerHTML = "";
    if (history.length < 2) return;
    const width = 600, height = 160, pad = 28;
    const values = history.map((h) => h.ordinal);
    const low = Math.min(...values), high = Math.max(...values);
    const span = high - low || 1;
    const x = (i) => pad + (width - 2 * pad) * i / (history.length - 1);
    const y = (v) => height - pad - (height - 2 * pad) * (v - low) / span;
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", _("Rating history"));
    const colours = ["#8a5a2b", "#2b6a8a", "#4d8a2b", "#8a2b5e"];
    const games = [...new Set(history.map((h) => h.game))];
    games.forEach((game, k) => {
      const points = history.map((h, i) => [h, i]).filter(([h]) => h.game === game);
      const line = document.createElementNS(ns, "polyline");
      line.setAttribute("points", points.map(([h, i]) => x(i) + "," + y(h.ordinal)).join(" "));
      line.setAttribute("fill", "none");
      line.setAttribute("stroke", colours[k % colours.length]);
      line.setAttribute("stroke-width", "2.5");
      svg.appendChild(line);
    });
    [[low, height - pad], [high, pad]].forEach(([v, at]) => {
      const label = document.createElementNS(ns, "text");
      label.setAttribute("x", 2); label.setAttribute("y", at + 4);
      label.setAttribute("font-size", "12");
      label.textContent = v.toFixed(1);
      svg.appendChild(label);
    });
    box.appendChild(svg);
  }

  async function player() {
    const name = decodeURIComponent(location.pathname.split("/").pop());
    const r = await fetch("/api/players/" + encodeURIComponent(name));
    const data = await r.json();
    if (!r.ok) { $("player-error").textContent = data.error; return; }
    const ratings = document.querySelector("#player-ratings tbody");
    ratings.innerHTML = "";
    data.ratings.forEach((g) => {
      const a = document.createElement("a");
      a.href = "/ratings?game=" + encodeURIComponent(g.game); a.textContent = g.game_name;
      row(ratings, [a, g.ordinal.toFixed(1), g.mu.toFixed(1), g.sigma.toFixed(1), g.games]);
    });
    $("ratings-empty").hidden = data.ratings.length > 0;
    chart(data.history);
    const history = document.querySelector("#player-history tbody");
    history.innerHTML = "";
    data.history.slice().reverse().slice(0, 20).forEach((h) => {
      const named = data.ratings.find((g) => g.game === h.game);
      row(history, [named ? named.game_name : h.game, h.place, h.ordinal.toFixed(1)]);
    });
    const games = document.querySelector("#player-games tbody");
    games.innerHTML = "";
    data.games.forEach((g) => {
      const replay = document.createElement("a");
      replay.href = g.replay_link; replay.textContent = _("replay");
      row(games, [g.game_name + (g.rated ? " · " + _("rated") : ""), g.players.join(", "),
                  g.won ? _("won") : _("lost"), replay]);
    });
  }

  function show() {
    translate();
    if ($("leaderboard")) leaderboard(); else player();
  }
  document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => {
    text.lang = b.dataset.lang;
    localStorage.setItem("spieltisch-lang", b.dataset.lang);
    show();
  }));
  show();
})();
