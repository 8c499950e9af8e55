// The mutual rematch at the end of a game (docs/web-table.md, "Rematch"): a seat proposes,
// the other human seats accept or decline, and once all have accepted every page moves to
// its own seat of the new table. table.js calls render(update, container, token) with every
// update; the answers go to POST /api/seat/<token>/rematch, and the offer comes back to
// every seat in its update (`rematch`, each seat with its own link only).
"use strict";
window.spieltischRematch = (function () {
  const _ = (msgid) => window.spieltischText._(msgid);
  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  let shown = null;  // what the container shows now (drawn again only when it changes)
  let sawNoLink = false;  // this page saw the table without a rematch: follow one when made
  let moving = false;

  function seatName(update, seat) {
    const named = update.seats && update.seats[seat];
    const name = named && named.name ? named.name : _("Player") + " " + (seat + 1);
    return seat === update.seat ? name + " (" + _("you") + ")" : name;
  }

  function names(update, seats) {
    return seats.map((s) => seatName(update, s)).join(", ");
  }

  function move(link) {
    if (moving) return;
    moving = true;
    window.location.assign(link);
  }

  function button(label, answer, token, container, kind) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "rematch-" + kind;
    b.dataset.answer = answer;
    b.textContent = label;
    b.addEventListener("click", async () => {
      container.querySelectorAll("button").forEach((other) => { other.disabled = true; });
      const error = container.querySelector(".error");
      try {
        const r = await fetch("/api/seat/" + token + "/rematch", {
          method: "POST",
          headers: {"Content-Type": "application/json"},
          body: JSON.stringify({answer: answer}),
        });
        const data = await r.json();
        if (!r.ok) {
          if (error) error.textContent = data.error;
        } else if (data.rematch && data.rematch.link) {
          move(data.rematch.link);  // the update follows; the answer may come first
        }
      } catch (err) {
        if (error) error.textContent = String(err);
      }
      container.querySelectorAll("button").forEach((other) => { other.disabled = false; });
    });
    return b;
  }

  function line(text, className) {
    const p = document.createElement("p");
    p.textContent = text;
    if (className) p.className = className;
    return p;
  }

  function ending(update, r) {
    const who = seatName(update, r.ended_by);
    if (r.ended === "declined") return fill(_("{player} declined the rematch."), {player: who});
    if (r.ended === "left") return fill(_("{player} left: the rematch offer is off."), {player: who});
    if (r.ended === "withdrawn") return fill(_("{player} withdrew the rematch offer."), {player: who});
    return "";
  }

  function render(update, container, token) {
    if (!container) return;
    const r = update.rematch || null;
    if (!r || !r.link) sawNoLink = true;
    if (r && r.link && update.seat !== null && sawNoLink) move(r.link);
    const key = JSON.stringify([update.over, update.seat, r, window.spieltischText.lang]);
    if (key === shown) return;
    shown = key;
    container.innerHTML = "";
    container.hidden = !update.over;
    if (!update.over) return;
    const mine = update.seat;
    const human = mine !== null && update.seats[mine] && update.seats[mine].kind === "human";
    // amber while an open offer waits for this seat's answer
    container.classList.toggle("rematch-ask", !!(human && r && !r.link && r.ended === null &&
                                                 r.waiting_for.includes(mine)));
    const title = document.createElement("h2");
    title.textContent = _("Rematch");
    container.appendChild(title);
    const status = document.createElement("div");
    status.className = "rematch-status";
    status.setAttribute("aria-live", "polite");
    container.appendChild(status);
    const actions = document.createElement("div");
    actions.className = "rematch-actions";
    if (r && r.link) {  // made: each seat its own link, spectators the new spectator link
      status.appendChild(line(_("The rematch is ready.")));
      const a = document.createElement("a");
      a.className = "rematch-go";
      a.href = r.link;
      a.textContent = mine === null ? _("Watch the rematch") : _("Go to your seat");
      actions.appendChild(a);
    } else if (r && r.ended === null) {  // an open offer
      if (r.by === mine) status.appendChild(line(_("You proposed a rematch.")));
      else status.appendChild(line(fill(_("{player} proposes a rematch."), {player: seatName(update, r.by)}), "rematch-offer"));
      const others = r.accepted.filter((s) => s !== r.by);
      if (others.length) status.appendChild(line(fill(_("Accepted: {players}"), {players: names(update, others)})));
      if (r.waiting_for.length) status.appendChild(line(fill(_("Waiting for {players}"), {players: names(update, r.waiting_for)})));
      if (human && r.by === mine) {
        actions.appendChild(button(_("Withdraw the offer"), "withdraw", token, container, "withdraw"));
      } else if (human && r.waiting_for.includes(mine)) {
        actions.appendChild(button(_("Accept"), "accept", token, container, "accept"));
        actions.appendChild(button(_("Decline"), "decline", token, container, "decline"));
      } else if (human) {
        actions.appendChild(button(_("Decline"), "decline", token, container, "decline"));
      }
    } else {  // no offer, or the last one is off: a seat may propose
      if (r) status.appendChild(line(ending(update, r), "rematch-ended"));
      if (human) {
        status.appendChild(line(_("Play again: the same game, seats and bots, a new deal.")));
        actions.appendChild(button(_("Propose a rematch"), "propose", token, container, "propose"));
      }
    }
    container.appendChild(actions);
    const error = document.createElement("p");
    error.className = "error";
    error.setAttribute("role", "alert");
    container.appendChild(error);
  }

  return {render: render};
})();
