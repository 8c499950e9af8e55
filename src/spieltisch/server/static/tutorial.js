// The guide of a tutorial table (server/tutorial.py): what to look at and why, the move to
// make next (highlighted on the board or among the buttons), what the bots did, and after
// another move than the suggested one what follows from it, with the offer to take it back.
"use strict";
window.spieltischTutorial = (function () {
  const text = window.spieltischText;
  const _ = text._;
  const $ = (id) => document.getElementById(id);
  let guide = null;
  let token = null;
  let shownStep = null;

  function para(str, cls) {
    const p = document.createElement("p");
    if (cls) p.className = cls;
    p.appendChild(window.spieltischRules.linkify(str));
    return p;
  }

  function button(caption, onClick, cls) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = caption; if (cls) b.className = cls;
    b.addEventListener("click", onClick);
    return b;
  }

  async function takeBack() {
    const r = await fetch("/api/seat/" + token + "/take-back", {method: "POST"});
    const data = await r.json();
    if (r.ok) window.location = data.link; else $("error").textContent = data.error;
  }

  function render(update, board) {
    const box = $("coach");
    if (!box) return;
    guide = update.tutorial || null;
    token = document.body.dataset.token;
    box.hidden = !guide;
    if (!guide) return;
    box.innerHTML = "";
    document.body.classList.add("tutorial");
    // a new step opens the guide again (on a phone the player may fold it away)
    const stepKey = guide.done_steps + "/" + (guide.deviated ? "x" : "") + (guide.done ? "d" : "");
    if (stepKey !== shownStep) { box.classList.remove("folded"); shownStep = stepKey; }
    const head = document.createElement("h2");
    head.textContent = guide.title;
    const fold = document.createElement("button");
    fold.type = "button"; fold.className = "coach-fold";
    const showFold = () => {
      const folded = box.classList.contains("folded");
      fold.textContent = folded ? "▴" : "▾";
      fold.setAttribute("aria-label", folded ? _("Show the guide") : _("Fold the guide away"));
      fold.setAttribute("aria-expanded", String(!folded));
    };
    fold.addEventListener("click", () => { box.classList.toggle("folded"); showFold(); });
    showFold();
    head.appendChild(fold);
    box.appendChild(head);
    if (!guide.done && !guide.deviated) {
      const count = document.createElement("p");
      count.className = "coach-count";
      count.textContent = _("Step") + " " + Math.min(guide.done_steps + 1, guide.total) + " / " + guide.total;
      box.appendChild(count);
    }
    if (guide.intro) box.appendChild(para(guide.intro, "coach-intro"));
    (guide.narration || []).forEach((line) => box.appendChild(para(line, "coach-bot")));
    if (guide.deviated) {
      box.classList.add("off-script");
      box.appendChild(para(_("You made another move than the guide suggested.") +
                           (guide.deviated.text ? " " + guide.deviated.text : ""), "coach-say"));
      const row = document.createElement("div");
      row.className = "coach-actions";
      row.appendChild(button(_("Take it back"), takeBack, "coach-take-back"));
      row.appendChild(button(_("Play on without the guide"), () => { box.hidden = true; }));
      box.appendChild(row);
      return;
    }
    box.classList.remove("off-script");
    if (guide.say) box.appendChild(para(guide.say, "coach-say"));
    if (guide.rules && guide.rules.length) {
      box.appendChild(para(_("Rules") + ": " + guide.rules.join(", "), "coach-rules"));
    }
    if (!guide.done && !guide.say) box.appendChild(para(_("The other players move…"), "coach-wait"));
    if (guide.done) {
      box.appendChild(para(guide.outro, "coach-say"));
      const row = document.createElement("div");
      row.className = "coach-actions";
      const a = document.createElement("a"); a.href = "/"; a.textContent = _("Lobby");
      row.appendChild(a);
      box.appendChild(row);
    }
    mark(board);
  }

  // point at what the step is about, and at the suggested move's next click
  function mark(board) {
    const area = $("board");
    if (!area) return;
    area.querySelectorAll(".coach-look, .coach-next").forEach((el) => el.classList.remove("coach-look", "coach-next"));
    document.querySelectorAll("#buttons .coach-next").forEach((el) => el.classList.remove("coach-next"));
    if (!guide || guide.deviated || guide.done) return;
    const keys = new Set(guide.look || []);
    area.querySelectorAll("[data-key], [data-pick], [data-place]").forEach((el) => {
      ["data-key", "data-pick", "data-place"].forEach((attr) => {
        if (keys.has(el.getAttribute(attr))) el.classList.add("coach-look");
      });
    });
    if (guide.suggested === null || guide.suggested === undefined || !board) return;
    const move = board.moves()[guide.suggested];
    if (!move) return;
    let target = null;
    if (move.pick !== null && board.selected !== move.pick) {
      target = area.querySelector('[data-pick="' + CSS.escape(move.pick) + '"]');
    } else if (move.place !== null) {
      target = area.querySelector('[data-place="' + CSS.escape(move.place) + '"]');
    } else {
      target = document.querySelector('#buttons [data-move="' + guide.suggested + '"]');
    }
    if (target) target.classList.add("coach-next");
  }

  return {render: render, mark: mark, suggested: () => (guide ? guide.suggested : null),
          guide: () => guide};
})();
