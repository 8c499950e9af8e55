// "Analyse this game" (server/analysis.py): on a finished table's result screen and on its
// replay page. A button starts the analysis (POST /api/analysis/<token>), a progress bar
// follows it (GET, every 1.5 s), and the result is the server's chart of each player's win
// chance after every move and each player's turning points in words. result.js and
// replay.js load this file and call mount(box, token, seat, onMove); the state is kept per
// link, so a box drawn again (every update redraws the result screen) shows it at once.
"use strict";
window.spieltischAnalysis = (function () {
  const text = () => window.spieltischText;
  const _ = (msgid) => text()._(msgid);
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  const POLL_MS = 1500;
  const jobs = {};  // per link: {token, data, lang, box, seat, onMove, timer, error}

  // the analysis's own look, added to the page once (style.css belongs to the table page)
  const STYLE = `
.analysis h3 { font-size: 1rem; margin: 0.8rem 0 0.3rem; }
.analysis h4 { font-size: 0.95rem; margin: 0.6rem 0 0.2rem; }
.analysis .analysis-about { margin: 0.2rem 0 0.4rem; color: #3b2f2f; }
.analysis .analysis-start { min-height: 2.75rem; padding: 0.3rem 1rem; font-weight: bold; }
.analysis progress { width: 100%; height: 1.2rem; accent-color: #8a5a2b; }
.analysis .analysis-chart { overflow-x: auto; }
.analysis .analysis-chart svg { display: block; }
.analysis .analysis-points { margin: 0.2rem 0 0.4rem; padding-left: 1.4rem; }
.analysis .analysis-points li { margin: 0.25rem 0; line-height: 1.35; }
.analysis .analysis-points.moves { list-style: none; padding-left: 0; }
.analysis .analysis-move { display: block; width: 100%; text-align: left; font: inherit;
  min-height: 2.75rem; padding: 0.3rem 0.5rem;
  background: #fffdf7; border: 1px solid #b8a98c; border-radius: 6px; cursor: pointer; }
.analysis .analysis-move:hover, .analysis .analysis-move:focus { background: #fff1c7; }
.analysis .analysis-cost { font-size: 0.85rem; color: #555; }
#analysis-section { background: #fffdf7; border: 2px solid #8a7a66; border-radius: 8px;
  padding: 0.1rem 0.7rem 0.5rem; margin-bottom: 0.5rem; }
#analysis-section[hidden] { display: none; }
`;
  if (!document.getElementById("analysis-style")) {
    const style = document.createElement("style");
    style.id = "analysis-style";
    style.textContent = STYLE;
    document.head.appendChild(style);
  }

  function el(tag, className, words) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (words !== undefined && words !== null) e.textContent = String(words);
    return e;
  }

  async function call(job, method) {
    const r = await fetch("/api/analysis/" + job.token + "?lang=" + text().lang, {method: method});
    let body = {};
    try { body = await r.json(); } catch (e) { body = {}; }
    if (!r.ok) throw new Error(body.error || ("HTTP " + r.status));
    return body;
  }

  async function refresh(job, method) {
    clearTimeout(job.timer);
    try {
      job.data = await call(job, method);
      job.lang = text().lang;
      job.error = null;
    } catch (err) {
      job.error = err.message;
    }
    draw(job);
    if (job.data && job.data.status === "running") {
      job.timer = setTimeout(() => refresh(job, "GET"), POLL_MS);
    }
  }

  // the wide chart where the box holds it at 1:1, else the narrow one (never scaled down:
  // its text is drawn at 12 px or more), as the result screen's chart
  function drawChart(box, chart) {
    const room = box.clientWidth || (box.parentNode && box.parentNode.clientWidth) || 0;
    const wide = room >= chart.wide_width;
    if (box.dataset.wide === String(wide)) return;
    box.dataset.wide = String(wide);
    box.innerHTML = wide ? chart.wide : chart.narrow;
  }

  function startButton(job) {
    const about = el("p", "analysis-about", _("The hard bot estimates each player's chance of " +
      "winning after every move, from that player's own information, and finds the moves " +
      "after which it fell most. This takes a few minutes."));
    const button = el("button", "analysis-start", _("Analyse this game"));
    button.type = "button";
    button.addEventListener("click", () => {
      button.disabled = true;
      refresh(job, "POST");
    });
    return [about, button];
  }

  function progress(data) {
    const part = el("div", "analysis-progress");
    const label = el("p", null, fill(_("Analysing: {done} of {total} positions"),
      {done: data.done, total: data.total}));
    label.id = "analysis-progress-label";
    part.appendChild(label);
    const bar = part.appendChild(el("progress"));
    bar.max = data.total;
    bar.value = data.done;
    bar.setAttribute("aria-labelledby", label.id);
    return part;
  }

  function seatPoints(job, seat) {
    const part = el("section", "analysis-seat");
    part.dataset.seat = String(seat.seat);
    const head = part.appendChild(el("h4"));
    const mark = head.appendChild(el("span", "seat-mark"));
    mark.innerHTML = seat.mark;
    head.appendChild(document.createTextNode(" " + seat.name + (seat.you ? " (" + _("you") + ")" : "")));
    if (!seat.points.length) {
      part.appendChild(el("p", null, seat.none));
      return part;
    }
    const list = part.appendChild(el("ol", "analysis-points" + (job.onMove ? " moves" : "")));
    seat.points.forEach((point) => {
      const item = list.appendChild(el("li"));
      item.dataset.move = String(point.move);
      if (job.onMove) {  // the replay: the move's step on the board
        const go = item.appendChild(el("button", "analysis-move", point.text));
        go.type = "button";
        go.title = _("Show this move on the board");
        go.addEventListener("click", () => job.onMove(point.move));
      } else {
        item.textContent = point.text;
      }
    });
    return part;
  }

  function result(job) {
    const data = job.data;
    const part = el("div", "analysis-result");
    part.appendChild(el("p", "analysis-about", _("Each line is one player's chance of " +
      "winning as the hard bot estimates it from that player's own information; a ring " +
      "marks a turning point.")));
    const chartBox = part.appendChild(el("div", "analysis-chart"));
    job.chartBox = chartBox;
    part.appendChild(el("h4", null, _("Turning points")));
    data.seats.forEach((seat) => part.appendChild(seatPoints(job, seat)));
    const cost = data.cost;
    part.appendChild(el("p", "analysis-cost", fill(
      _("{iterations} search iterations per player and position; {seconds} s of computing."),
      {iterations: data.iterations, seconds: Math.round(cost.cpu_seconds)})));
    return part;
  }

  function draw(job) {
    const box = job.box;
    if (!box) return;
    box.innerHTML = "";
    job.chartBox = null;
    box.appendChild(el("h3", null, _("Analysis")));
    const data = job.data;
    if (!data || data.status === "none" || data.status === "failed") {
      startButton(job).forEach((part) => box.appendChild(part));
      if (data && data.error) box.appendChild(el("p", "error", data.error));
    } else if (data.status === "running") {
      box.appendChild(progress(data));
    } else {
      box.appendChild(result(job));
      drawChart(job.chartBox, data.chart);
    }
    if (job.error) {
      const error = box.appendChild(el("p", "error", job.error));
      error.setAttribute("role", "alert");
    }
  }

  // draw the analysis of link ``token`` into ``box`` for ``seat`` (null: a spectator);
  // ``onMove(n)``, if given, shows move n when a turning point is clicked
  function mount(box, token, seat, onMove) {
    const job = jobs[token] || (jobs[token] = {token: token, data: null});
    job.box = box;
    job.seat = seat;
    job.onMove = onMove || null;
    box.classList.add("analysis");
    draw(job);
    const stale = job.data && job.data.status === "done" && job.lang !== text().lang;
    if (!job.asked || stale) {  // what the server has (a kept analysis shows at once)
      job.asked = true;
      refresh(job, "GET");
    }
  }

  window.addEventListener("resize", () => {
    Object.values(jobs).forEach((job) => {
      if (job.chartBox && job.data && job.data.chart) drawChart(job.chartBox, job.data.chart);
    });
  });

  return {mount: mount};
})();
