// The result screen of a finished game (server/result.py builds `update.result`): the final
// standing, the score breakdown with the game's tie-breaks and how it ended, the chart of the
// standing over the game and the game's length. table.js calls render(update, container).
"use strict";
window.spieltischResult = (function () {
  const _ = (msgid) => window.spieltischText._(msgid);
  let collapsed = false;  // "Show the board": the details folded away (kept across updates)
  let shown = null;  // the last update and container drawn (the chart follows the width)

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  // a text whose rule ids open the rule in the Rules panel (rules.js)
  function words(text) {
    const rules = window.spieltischRules;
    return rules && rules.linkify ? rules.linkify(text) : document.createTextNode(text);
  }

  function number(v) {
    if (v === null || v === undefined) return "–";
    if (typeof v !== "number") return String(v);
    return Number.isInteger(v) ? String(v) : v.toFixed(1);
  }

  function place(n) {
    const words = [_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"), _("6th")];
    return n >= 1 && n <= words.length ? words[n - 1] : String(n) + ".";
  }

  // a seat's mark (its shape in its colour, drawn by the server) and its name
  function seatCell(tag, row, reader) {
    const cell = el(tag, "seat-cell");
    const mark = el("span", "seat-mark");
    mark.innerHTML = row.mark;
    cell.appendChild(mark);
    cell.appendChild(document.createTextNode(" " + row.name + (row.seat === reader ? " (" + _("you") + ")" : "")));
    return cell;
  }

  function headRow(table, heads, numeric) {
    const tr = el("tr");
    heads.forEach((h, i) => {
      const th = el("th", numeric && numeric[i] ? "num" : null, h);
      th.scope = "col";
      tr.appendChild(th);
    });
    table.appendChild(el("thead")).appendChild(tr);
  }

  function standingTable(result, reader) {
    const wrap = el("div", "scroll-x");
    const table = wrap.appendChild(el("table", "result-table result-standing"));
    headRow(table, [_("Place"), _("Player"), _("Score"), ""], [false, false, true, false]);
    const body = table.appendChild(el("tbody"));
    result.standing.forEach((row) => {
      const tr = body.appendChild(el("tr"));
      tr.dataset.seat = String(row.seat);
      if (row.winner) tr.classList.add("winner");
      if (row.out_of_time) tr.classList.add("out");
      const th = seatCell("th", row, reader);
      th.scope = "row";
      tr.appendChild(el("td", "place", place(row.place)));
      tr.appendChild(th);
      tr.appendChild(el("td", "num", number(row.score)));
      const notes = [];
      if (row.winner) notes.push("★ " + _("Winner"));
      if (row.out_of_time) notes.push("⏱ " + _("out of time"));
      tr.appendChild(el("td", "note", notes.join(" · ")));
    });
    return wrap;
  }

  // one row per seat; or ("narrow", where those rows do not fit) one row per column and a
  // column per seat
  function sheetTable(result, reader, narrow) {
    const sheet = result.sheet;
    const part = el("div", "result-breakdown");
    const wrap = part.appendChild(el("div", "scroll-x"));
    const table = wrap.appendChild(el("table", "result-table result-sheet"));
    const bySeat = {};
    result.standing.forEach((row) => { bySeat[row.seat] = row; });
    const seatHead = (tag, seat) => {
      const row = bySeat[seat];
      const cell = row ? seatCell(tag, row, reader) : el(tag, null, String(seat + 1));
      cell.dataset.seat = String(seat);
      if (row && row.winner) cell.classList.add("winner");
      return cell;
    };
    const value = (c) => el("td", typeof c === "number" ? "num" : null, number(c));
    const body = el("tbody");
    if (narrow) {
      table.classList.add("transposed");
      const tr = el("tr");
      tr.appendChild(el("td"));
      sheet.rows.forEach((_cells, seat) => {
        const th = tr.appendChild(seatHead("th", seat));
        th.scope = "col";
      });
      table.appendChild(el("thead")).appendChild(tr);
      sheet.columns.forEach((head, i) => {
        const row = body.appendChild(el("tr"));
        const th = row.appendChild(el("th", null, head));
        th.scope = "row";
        sheet.rows.forEach((cells) => row.appendChild(value(cells[i])));
      });
    } else {
      const numeric = [false].concat(sheet.columns.map((_c, i) =>
        sheet.rows.every((cells) => typeof cells[i] === "number")));
      headRow(table, [_("Player")].concat(sheet.columns), numeric);
      sheet.rows.forEach((cells, seat) => {
        const tr = body.appendChild(el("tr"));
        if (bySeat[seat] && bySeat[seat].winner) tr.classList.add("winner");
        const th = tr.appendChild(seatHead("th", seat));
        th.scope = "row";
        cells.forEach((c) => tr.appendChild(value(c)));
      });
    }
    table.appendChild(body);
    if (sheet.ending) {
      const p = part.appendChild(el("p", "result-ending"));
      p.appendChild(el("strong", null, _("How the game ended") + ": "));
      p.appendChild(words(sheet.ending));
    }
    if (sheet.tie_breaks) {
      const p = part.appendChild(el("p", "result-ties"));
      p.appendChild(el("strong", null, _("Tie-breaks") + ": "));
      p.appendChild(words(sheet.tie_breaks));
    }
    if (sheet.notes && sheet.notes.length) {
      const ul = part.appendChild(el("ul", "result-notes"));
      sheet.notes.forEach((n) => ul.appendChild(el("li")).appendChild(words(n)));
    }
    return part;
  }

  // the wide chart where the column holds it at 1:1, else the narrow one (never scaled
  // down: its text is drawn at 12 px or more)
  function drawChart(box, chart) {
    const room = box.clientWidth || (box.parentNode && box.parentNode.clientWidth) || 0;
    const wide = room >= chart.wide_width;
    if (box.dataset.wide === String(wide)) return;
    box.dataset.wide = String(wide);
    box.innerHTML = wide ? chart.wide : chart.narrow;
  }

  function lengthLine(result) {
    const len = result.length;
    const parts = [_("Moves") + ": " + len.moves];
    if (len.rounds) parts.push(_("Rounds") + ": " + len.rounds);
    if (len.duration) parts.push(_("Time") + ": " + len.duration);
    return el("p", "result-length", parts.join(" · "));
  }

  function render(update, container) {
    document.body.classList.toggle("game-over", Boolean(update.over));
    // an update that brings the same result (a late message after the end) leaves the
    // screen as it is: its chart, the reader's scroll and an analysis under way
    const same = update.over && update.result ? JSON.stringify([update.result, update.seat]) : null;
    if (same !== null && shown && shown.same === same && container.contains(shown.chartBox || container)) return;
    container.innerHTML = "";
    container.classList.add("result-screen");
    shown = null;
    const result = update.over && update.result;
    if (!result) return;
    const bar = container.appendChild(el("div", "result-bar"));
    bar.appendChild(el("h2", null, _("Result")));
    const toggle = bar.appendChild(el("button", "result-toggle"));
    toggle.type = "button";
    const body = container.appendChild(el("div", "result-body"));
    body.id = "result-body";
    toggle.setAttribute("aria-controls", body.id);
    const fold = () => {
      body.hidden = collapsed;
      toggle.textContent = collapsed ? _("Show the result") : _("Show the board");
      toggle.setAttribute("aria-expanded", String(!collapsed));
    };
    toggle.addEventListener("click", () => {
      collapsed = !collapsed;
      fold();
      const board = document.getElementById("board-area");
      if (collapsed && board) board.scrollIntoView({block: "start"});
      if (!collapsed) container.scrollIntoView({block: "start"});
      if (!collapsed && shown) drawChart(shown.chartBox, result.chart);
    });
    fold();

    body.appendChild(el("h3", null, _("Final standing")));
    body.appendChild(standingTable(result, update.seat));
    if (result.sheet) {
      body.appendChild(el("h3", null, _("Breakdown")));
      // a row per seat where the columns fit, else a column per seat
      const part = body.appendChild(sheetTable(result, update.seat, false));
      const wrap = part.querySelector(".scroll-x");
      const unknown = !wrap.clientWidth;  // folded away: guess from the screen's width
      if (unknown ? window.innerWidth < 700 || result.sheet.columns.length > 4
        : wrap.scrollWidth > wrap.clientWidth + 1) {
        body.replaceChild(sheetTable(result, update.seat, true), part);
      }
    }
    let chartBox = null;
    if (result.chart) {
      body.appendChild(el("h3", null, _("Standing over the game")));
      chartBox = body.appendChild(el("div", "result-chart"));
      drawChart(chartBox, result.chart);
    }
    body.appendChild(el("h3", null, _("Game length")));
    body.appendChild(lengthLine(result));
    analysis(body.appendChild(el("section", "result-analysis")), update.seat);
    shown = {update: update, chartBox: chartBox, same: same};
  }

  // "Analyse this game" (static/analysis.js, loaded the first time it is needed)
  function analysis(box, seat) {
    const token = document.body.dataset.token;
    const mount = () => window.spieltischAnalysis.mount(box, token, seat);
    if (window.spieltischAnalysis) return mount();
    let script = document.getElementById("analysis-script");
    if (!script) {
      script = document.createElement("script");
      script.id = "analysis-script";
      script.src = "/static/analysis.js";
      document.head.appendChild(script);
    }
    script.addEventListener("load", mount);
  }

  window.addEventListener("resize", () => {
    if (shown && shown.chartBox && shown.update.result.chart) {
      drawChart(shown.chartBox, shown.update.result.chart);
    }
  });

  return {render: render};
})();
