// The lobby: choose a game, its players, options and seats; create the table; list tables.
"use strict";
(function () {
  const text = window.spieltischText;  // messages.js: the page's words
  const _ = text._;
  let lang = text.lang;
  let games = [];
  function translate() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = _(el.dataset.t); });
  }
  const $ = (id) => document.getElementById(id);

  function current() { return games.find((g) => g.id === $("game").value); }

  function fillPlayers() {
    const g = current();
    const sel = $("players");
    sel.innerHTML = "";
    for (let n = g.min_players; n <= g.max_players; n++) {
      const o = document.createElement("option");
      o.value = n; o.textContent = n; if (n === g.default_players) o.selected = true;
      sel.appendChild(o);
    }
    fillSeats(); fillOptions();
  }

  // the bots a player chooses from: the four levels (random and heuristic, which older
  // clients name, are still accepted by the API but not offered here)
  function levelName(level) {
    return ({easy: _("easy"), normal: _("normal"), hard: _("hard"), expert: _("expert")})[level] || level;
  }
  function levelSummary(level) {
    return ({
      easy: _("Plays sensibly but overlooks moves now and then, as a beginner does."),
      normal: _("Follows good rules of thumb, one move ahead; answers at once."),
      hard: _("Thinks about a second per move, trying out many ways the game may go on."),
      expert: _("Thinks about four seconds per move on several processor cores: the strongest."),
    })[level] || "";
  }

  function fillSeats() {
    const g = current();
    const box = $("seats");
    box.querySelectorAll("label").forEach((l) => l.remove());
    const n = Number($("players").value);
    for (let i = 0; i < n; i++) {
      const label = document.createElement("label");
      label.className = "seat-choice";
      const caption = document.createElement("span");
      caption.textContent = _("Player") + " " + (i + 1) + " ";
      label.appendChild(caption);
      const sel = document.createElement("select");
      sel.name = "seat" + i;
      // how a human seat is offered (issue 18): to me, to anyone in the lobby, to a
      // player by name, or by an invitation link ("human", as before)
      [["me", _("Me")], ["open", _("Open seat (anyone in the lobby)")],
       ["name", _("Invite a player by name")], ["human", _("Invite by link")]
      ].forEach(([value, caption]) => {
        const o = document.createElement("option");
        o.value = value; o.textContent = caption;
        if (i === 0 && value === "me") o.selected = true;
        sel.appendChild(o);
      });
      (g.levels || []).forEach((b) => {
        const o = document.createElement("option");
        o.value = "bot:" + b; o.textContent = _("Bot") + ": " + levelName(b);
        o.title = levelSummary(b);
        if (i > 0 && b === "normal") o.selected = true;
        sel.appendChild(o);
      });
      const about = document.createElement("small");
      about.className = "level-summary";
      const describe = () => {
        const level = sel.value.startsWith("bot:") ? sel.value.slice(4) : null;
        about.textContent = level ? levelSummary(level) : "";
        about.hidden = !level;
      };
      const invitee = document.createElement("input");
      invitee.name = "invite" + i;
      invitee.className = "invitee";
      invitee.placeholder = _("Player name");
      invitee.setAttribute("aria-label", _("Player name"));
      invitee.maxLength = 20;
      const showInvitee = () => { invitee.hidden = sel.value !== "name"; };
      sel.addEventListener("change", describe);
      sel.addEventListener("change", showInvitee);
      describe();
      showInvitee();
      label.appendChild(sel);
      label.appendChild(invitee);
      label.appendChild(about);
      box.appendChild(label);
    }
  }

  function sourceMark(source) {
    if (!source) return null;
    const span = document.createElement("span");
    span.className = "source source-" + source;
    span.textContent = ({seed: _("seed"), sourced: _("rules"), reconstructed: _("reconstructed"),
                         digital: _("digital")})[source];
    span.title = ({seed: _("described by the game's description (seed)"),
                   sourced: _("from the published rules"),
                   reconstructed: _("reconstructed: the rules leave it open"),
                   digital: _("a setting of the digital table")})[source];
    return span;
  }

  // each option by its name for players, its values in words, a line on what it does and
  // where it comes from (the seed, the published rules, a reconstruction)
  function fillOptions() {
    const g = current();
    const box = $("options");
    const keep = {};
    box.querySelectorAll("[name^='option:']").forEach((el) => {
      if (el.value !== el.dataset.initial) keep[el.name] = el.value;
    });
    box.innerHTML = "";
    const legend = document.createElement("p");
    legend.className = "options-legend";
    legend.textContent = _("Marks") + ": ";
    ["seed", "sourced", "reconstructed", "digital"].forEach((src) => {
      const mark = sourceMark(src);
      legend.append(mark, " ", mark.title + "; ");
    });
    box.appendChild(legend);
    g.options.forEach((opt) => {
      // data options: their built-in data sets, if there is a choice (files: --edition)
      const data = opt.values.indexOf("data object") >= 0;
      if (data && (opt.presets || []).length < 2) return;
      // a number with presets (Tumult Royal's tick) is offered as its presets
      const presets = (opt.presets || []).length >= 2 ? opt.presets : null;
      const choices = data ? opt.presets : (opt.choices || presets);
      const words = (value) => {
        const found = (opt.value_labels || []).find((v) => JSON.stringify(v.value) === JSON.stringify(value));
        return found ? found.label : String(value);
      };
      const label = document.createElement("label");
      label.className = "option";
      label.title = opt.doc;
      const name = document.createElement("span");
      name.className = "option-name";
      name.textContent = opt.label + " ";
      label.appendChild(name);
      let input;
      if (choices) {
        input = document.createElement("select");
        choices.forEach((c) => {
          const o = document.createElement("option");
          o.value = JSON.stringify(c); o.textContent = words(c);
          if (JSON.stringify(c) === JSON.stringify(opt.default)) o.selected = true;
          input.appendChild(o);
        });
      } else {
        input = document.createElement("input");
        input.value = typeof opt.default === "string" ? opt.default : JSON.stringify(opt.default);
      }
      input.name = "option:" + opt.name;
      input.dataset.initial = input.value;
      input.dataset.choice = choices ? "1" : "";
      if (keep[input.name] !== undefined) input.value = keep[input.name];
      label.appendChild(input);
      const mark = sourceMark(opt.source);
      if (mark) label.appendChild(mark);
      const small = document.createElement("small");
      small.textContent = opt.summary;
      label.appendChild(small);
      box.appendChild(label);
    });
  }

  async function loadGames() {
    games = await (await fetch("/api/games?lang=" + lang)).json();
  }

  // Learn to play: a guided first game per game, and each game's rules
  async function loadTutorials() {
    const list = $("tutorials");
    const found = await (await fetch("/api/tutorials?lang=" + lang)).json();
    list.innerHTML = "";
    games.forEach((g) => {
      const li = document.createElement("li");
      const t = found.find((x) => x.game === g.id);
      if (t) {
        const b = document.createElement("button");
        b.type = "button"; b.className = "learn"; b.dataset.game = g.id;
        b.textContent = _("Learn to play") + ": " + g.name;
        b.title = t.title;
        b.addEventListener("click", async () => {
          $("learn-error").textContent = "";
          const r = await fetch("/api/tutorials", {method: "POST", headers: {"Content-Type": "application/json"},
                                                   body: JSON.stringify({game: g.id})});
          const data = await r.json();
          if (r.ok) window.location = data.link; else $("learn-error").textContent = data.error;
        });
        li.appendChild(b);
      } else {
        li.append(g.name + " ");
      }
      li.append(" ");
      const a = document.createElement("a");
      a.href = g.rules; a.className = "rules-link"; a.textContent = _("Rules");
      li.appendChild(a);
      list.appendChild(li);
    });
  }

  // table settings: the clock, the timeout rule, zombie mode, the expert's thinking time and
  // hints (built here so the form follows the language switch)
  function fillTiming() {
    let box = $("timing");
    if (!box) {
      box = document.createElement("details");
      box.id = "timing";
      $("create-button").before(box);
    }
    const keep = {};
    box.querySelectorAll("[name^='setting:']").forEach((el) => {
      keep[el.name] = el.type === "checkbox" ? el.checked : el.value;
    });
    box.innerHTML = "";
    const summary = document.createElement("summary");
    summary.textContent = _("Clock, absent players, bots and hints");
    box.appendChild(summary);
    const field = (key, caption, input) => {
      const label = document.createElement("label");
      label.textContent = caption + " ";
      input.name = "setting:" + key;
      if (keep[input.name] !== undefined) {
        if (input.type === "checkbox") input.checked = keep[input.name]; else input.value = keep[input.name];
      }
      label.appendChild(input);
      box.appendChild(label);
      return input;
    };
    const select = (pairs) => {
      const sel = document.createElement("select");
      pairs.forEach(([value, caption]) => {
        const o = document.createElement("option"); o.value = value; o.textContent = caption; sel.appendChild(o);
      });
      return sel;
    };
    const number = (value, step) => {
      const input = document.createElement("input");
      input.type = "number"; input.min = "0"; input.step = step; input.value = value;
      return input;
    };
    field("clock", _("Clock"), select([["none", _("none")], ["days", _("turn-based (days per move)")],
                                  ["minutes", _("real time (minutes per player)")]]));
    field("days_per_move", _("Days per move"), number("1", "any"));
    field("minutes", _("Minutes per player"), number("10", "any"));
    field("increment_s", _("Seconds added per move"), number("0", "1"));
    field("on_timeout", _("When a clock runs out"), select([["bot", _("a bot plays that seat on (it has lost on time)")], ["end", _("the game ends (that player loses)")]]));
    const zombie = document.createElement("input");
    zombie.type = "checkbox";
    field("zombie", _("A bot plays for a player who has left, after (seconds)"), zombie).after(number("120", "1"));
    zombie.nextSibling.name = "setting:zombie_after_s";
    if (keep["setting:zombie_after_s"] !== undefined) zombie.nextSibling.value = keep["setting:zombie_after_s"];
    const expert = number("4", "0.5");
    expert.min = "1"; expert.max = "4.5";
    field("expert_seconds", _("Seconds the expert bot thinks per move (1–4.5)"), expert);
    const hints = document.createElement("input");
    hints.type = "checkbox"; hints.checked = true;
    field("hints", _("Players may ask for a suggested move (off for rated games)"), hints);
  }

  function settings() {
    const get = (key) => document.querySelector("[name='setting:" + key + "']");
    const out = {clock: get("clock").value, on_timeout: get("on_timeout").value};
    if (out.clock === "days") out.days_per_move = Number(get("days_per_move").value);
    if (out.clock === "minutes") {
      out.minutes = Number(get("minutes").value);
      out.increment_s = Number(get("increment_s").value);
    }
    if (get("zombie").checked) out.zombie_after_s = Number(get("zombie_after_s").value);
    out.expert_seconds = Number(get("expert_seconds").value);
    out.hints = get("hints").checked;
    return out;
  }

  function statusName(status) {
    return ({open: _("open"), running: _("running"), over: _("over")})[status] || status;
  }

  // the lobby's tables (GET /api/tables): open ones to join, running ones to watch, a page
  // at a time; and, signed in, "My games"
  let account = null;
  const pages = {open: null, running: null};  // the cursor of each list's next page

  function players(row) {
    // the players, with the accounts' names and the bots' levels: "Anna, free, bot (hard)"
    return row.seats.map((s) => s.kind === "bot" ? _("bot") + " (" + levelName(s.bot) + ")"
      : s.player ? s.player : s.free ? _("free") : _("guest")).join(", ");
  }

  function cell(tr, content) {
    const td = document.createElement("td");
    if (content instanceof Node) td.appendChild(content); else td.textContent = content;
    tr.appendChild(td);
    return td;
  }

  function link(href, caption) {
    const a = document.createElement("a"); a.href = href; a.textContent = caption; return a;
  }

  async function join(row, seat) {
    const r = await fetch("/api/tables/" + row.table + "/join", {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify(seat === undefined ? {} : {seat})});
    const answer = await r.json();
    if (!r.ok) { $("tables-error").textContent = answer.error; return; }
    location.assign(answer.link);
  }

  function joinButton(row, seat) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = _("Join");
    b.addEventListener("click", () => join(row, seat));
    return b;
  }

  async function loadList(status, more) {
    const params = new URLSearchParams({status, limit: "10", lang});
    if (more && pages[status]) params.set("before", pages[status]);
    const r = await fetch("/api/tables?" + params);
    if (!r.ok) return;
    const page = await r.json();
    pages[status] = page.next;
    const body = document.querySelector("#" + status + "-tables tbody");
    if (!more) body.innerHTML = "";
    page.tables.forEach((row) => {
      const tr = document.createElement("tr");
      // the game, rated or not, who made the table and its options that differ from the
      // game's usual ones, in words
      const game = document.createElement("span");
      game.textContent = row.game_name + (row.rated ? " · " + _("rated") : "");
      const more = [];
      if (row.creator) more.push(_("by") + " " + row.creator);
      (row.options || []).forEach((o) => more.push(o.label + ": " + o.value_label));
      if (more.length) {
        const small = document.createElement("small");
        small.className = "table-options";
        small.textContent = more.join(" · ");
        game.appendChild(document.createElement("br"));
        game.appendChild(small);
      }
      cell(tr, game);
      cell(tr, players(row));
      cell(tr, row.version);
      if (status === "open") {
        const seated = account && row.seats.some((seat) => seat.player === account.name);
        cell(tr, !account ? link("/account?next=/", _("Sign in to join"))
          : seated && row.rated ? _("waiting for players") : joinButton(row));
      } else {
        cell(tr, link(row.spectator_link, _("watch")));
      }
      body.appendChild(tr);
    });
    $(status + "-empty").hidden = body.children.length > 0;
    $(status + "-more").hidden = !page.next;
  }

  async function loadMine() {
    $("mine-section").hidden = !account;
    if (!account) return;
    const r = await fetch("/api/tables?mine=true&limit=30");
    if (!r.ok) return;
    const body = document.querySelector("#mine-tables tbody");
    body.innerHTML = "";
    (await r.json()).tables.forEach((row) => {
      const tr = document.createElement("tr");
      if (row.your_turn) tr.classList.add("your-turn");
      cell(tr, row.game_name + (row.rated ? " · " + _("rated") : ""));
      cell(tr, players(row));
      let state = statusName(row.status);
      if (row.status === "over") {
        const won = (row.winners || []).some((w) => row.my_seats.includes(w));
        state = row.my_seats.length ? (won ? _("won") : _("lost")) : state;
      } else if (row.your_turn) state = "● " + _("your turn");
      else if (row.invited.length) state = _("you are invited");
      else if (row.status === "open") state = _("waiting for players");
      cell(tr, state);
      const links = document.createElement("span");
      row.my_seats.forEach((seat) => {
        if (row.status !== "over") links.appendChild(link(row.links[String(seat)], _("play")));
      });
      if (row.invited.length) links.appendChild(joinButton(row, row.invited[0]));
      if (row.replay_link) links.appendChild(link(row.replay_link, _("replay")));
      cell(tr, links);
      body.appendChild(tr);
    });
    $("mine-empty").hidden = body.children.length > 0;
  }

  async function loadTables() {
    account = (await window.spieltischSession.account()).account;
    $("rated-choice").hidden = !account;
    await Promise.all([loadList("open", false), loadList("running", false), loadMine()]);
  }

  $("create-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    $("error").textContent = "";
    const options = {};
    document.querySelectorAll("[name^='option:']").forEach((el) => {
      if (el.value === el.dataset.initial) return; // untouched: the game's default
      const name = el.name.slice(7);
      let value = el.value;
      try { value = JSON.parse(el.value); } catch (err) { /* plain text, e.g. random */ }
      options[name] = value;
    });
    const seats = [];
    document.querySelectorAll("#seats select").forEach((sel) => {
      if (sel.value.startsWith("bot:")) seats.push({kind: "bot", bot: sel.value.slice(4)});
      else if (sel.value === "human") seats.push({kind: "human", invite: "link"});
      else if (sel.value === "name") {
        const name = sel.parentElement.querySelector("input.invitee").value.trim();
        seats.push({kind: "human", invite: "name", name});
      } else seats.push({kind: "human", invite: sel.value});
    });
    const body = {game: $("game").value, players: Number($("players").value), options, seats,
                  settings: settings()};
    if (account && $("rated").checked) {
      body.rated = true;
      body.rated_against_bots = seats.some((seat) => seat.kind === "bot");
    }
    const r = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const data = await r.json();
    if (!r.ok) { $("error").textContent = data.error; return; }
    const box = $("created");
    box.hidden = false;
    box.innerHTML = "";
    const p = document.createElement("p"); p.textContent = _("Your table is ready:"); box.appendChild(p);
    const ul = document.createElement("ul");
    data.seats.forEach((s) => {
      if (s.kind !== "human") return;
      const li = document.createElement("li");
      li.textContent = _("Player") + " " + (s.seat + 1) + ": ";
      if (s.link) {
        // your own seat, or an invitation link to send (only you have it)
        li.append((s.invite === "me" ? _("your seat") : _("send this link")) + " ");
        const a = document.createElement("a"); a.href = s.link; a.textContent = s.link;
        a.className = "seat-link";
        li.appendChild(a);
      } else if (s.invite === "open") {
        li.append(_("open in the lobby: the first to join takes it"));
      } else {
        li.append(_("invited: it waits in their “My games”"));
      }
      ul.appendChild(li);
    });
    const li = document.createElement("li");
    li.textContent = _("Spectators") + ": ";
    const a = document.createElement("a"); a.href = data.spectator_link; a.textContent = data.spectator_link;
    li.appendChild(a); ul.appendChild(li);
    box.appendChild(ul);
    loadTables();
  });

  document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => {
    text.lang = b.dataset.lang; lang = text.lang; localStorage.setItem("spieltisch-lang", lang); translate(); fillSeats(); fillTiming(); loadTables();
    loadGames().then(() => { fillOptions(); loadTutorials(); });
  }));

  (async function start() {
    translate();
    await loadGames();
    const sel = $("game");
    games.forEach((g) => {
      const o = document.createElement("option"); o.value = g.id; o.textContent = g.name; sel.appendChild(o);
    });
    sel.addEventListener("change", fillPlayers);
    $("players").addEventListener("change", fillSeats);
    fillPlayers();
    fillTiming();
    $("open-more").addEventListener("click", () => loadList("open", true));
    $("running-more").addEventListener("click", () => loadList("running", true));
    loadTables();
    loadTutorials();
    // cheap polling: one page of each list, and only while the lobby is in view
    setInterval(() => { if (!document.hidden) loadTables(); }, 10000);
  })();
})();
