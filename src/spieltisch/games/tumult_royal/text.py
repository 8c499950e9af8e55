"""The terminal text of Tumult Royal: a seat's view as Rich console markup (the action
menu in ``text_actions.py``, the words in ``text_words.py``).

Standard library only: games never import Rich. The markup uses plain Rich tags so that the
CLI can print it and tests can strip it to plain text. Every line stays within 100 columns
for every player count.

The renderers read nothing but ``view(seat)``: a face is printed only where the view has it
(the viewer's hand, memory and tiles, and every face after the phase-3 reveal), so a seat's
rendering never shows more than the seat knows (TR-H2). The chronicle's printed numbers
(statues per round, end thresholds) come from the default data (TR-D9)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.markup import escape, pad, visible_len, wrap
from .text_actions import render_actions
from .text_words import (
    FOG,
    GOOD_COLOURS,
    SEAT_BG,
    SEAT_FG,
    SEAT_LETTERS,
    TERRAIN_COLOURS,
    WIDTH,
    face_items,
    face_markup,
    faces_markup,
    labels,
    rules,
    seat_markup,
    seat_name,
    terrain_grid,
)


def _wrap_titled(items: Sequence[str], title: str, gap: str) -> list[str]:
    indent = " " * min(visible_len(title), 24)
    lines = wrap(items, indent, WIDTH, gap) or [indent]
    return [title + lines[0][len(indent) :], *lines[1:]]


# -- sections ------------------------------------------------------------------------------
def _header(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    who = (
        lab["you_are"].format(name=lab["player"].format(n=seat + 1), seat=seat)
        if seat is not None
        else lab["spectator"]
    )
    variant = lab.get(f"variant_{view['variant']}", escape(str(view["variant"])))
    first = (
        f"[bold]{lab['title']}[/bold] · {lab['players'].format(n=view['players'])}"
        f" · {variant} · {who}"
    )
    phase = view["phase"]
    parts = []
    if view["round"]:
        parts.append(f"[bold]{lab['round'].format(n=view['round'])}[/bold]")
    parts.append(lab.get(f"phase_{phase}", escape(str(phase))))
    turn = view.get("turn_of")
    if phase == "setup_start_statues" and turn is not None:
        parts.append(lab["to_start"].format(name=seat_markup(turn, seat, lab)))
    elif phase == "build" and turn is not None:
        parts.append(lab["to_build"].format(name=seat_markup(turn, seat, lab)))
    elif phase == "grab":
        parts.append(lab["tick"].format(t=view["tick"] + 1, T=view["grab_ticks"]))
        pending = view.get("pending") or {}
        waiting = pending.get("waiting_for", view.get("actors", []))
        names = ", ".join(seat_markup(s, seat, lab) for s in waiting) or lab["none"]
        parts.append(lab["choosing"].format(names=names))
        mine = pending.get("my_choice")
        if mine:
            parts.append(lab["chosen"].format(a=escape(_action_name(mine, lab))))
    lines = [first, *_wrap_titled(parts, "", " · ")]
    if phase != "game_over" and view["round"]:
        demand = []
        for good, d in view["demand"].items():
            colour = GOOD_COLOURS.get(good, "white")
            value = lab["unknown"] if d is None else str(d)
            name = escape(lab.get(f"good_{good}", good))
            demand.append(f"[{colour}]{name}[/] [bold]{value}[/bold]")
        lines.append(f"{lab['demand']}: " + " · ".join(demand))
    return lines


def _landscape(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    grid = terrain_grid(view)
    width = len(grid[0])
    statues = {(b["field"][0], b["field"][1]): b for b in view["board"]}
    head = "    "
    for c in range(width):
        if c and c % 3 == 0:
            head += "  "
        head += str(c).rjust(3) + " "
    lines = [f"[bold]{lab['landscape']}[/bold]", f"[dim]{head.rstrip()}[/dim]"]
    for r in range(6):
        if r == 3:
            lines.append("    " + "  ".join(["─" * 12] * (width // 3)))
        row = f"[dim]{str(r).rjust(3)}[/dim] "
        for c in range(width):
            if c and c % 3 == 0:
                row += "[dim]│[/dim] "
            code = grid[r][c]
            piece = statues.get((r, c))
            if piece is not None:
                s = piece["seat"]
                letter = code or "?"
                style = f"bold {SEAT_FG[s % 4]} on {SEAT_BG[s % 4]}"
                row += f"[{style}]{letter}{piece['statues']}{SEAT_LETTERS[s % 4]}[/] "
            elif code is None:
                row += FOG + " "
            else:
                row += f"[{TERRAIN_COLOURS.get(code, 'white')}] {escape(code)} [/] "
        lines.append(row.rstrip())
    lines.extend(f"[dim]{w}[/dim]" for w in wrap(lab["legend"].split(" · "), "", WIDTH, " · "))
    return lines


def slot_markup(entry: dict[str, Any], viewer: int | None, revealed: bool) -> str:
    """One slot, 9 columns: number, state and holder/taker, the face if the viewer has it."""
    number = str(entry["slot"]).rjust(2)
    state = entry["state"]
    if state == "down":
        mark = "[#8d6e63]▒▒[/]"
    else:
        s = entry.get("seat", 0)
        letter = "h" if state == "held" else "k"
        mark = f"[bold {SEAT_FG[s % 4]}]{letter}{SEAT_LETTERS[s % 4]}[/]"
    face = entry.get("face")
    if face is None:
        shown = "    "
    elif revealed:
        shown = " " + face_markup(face) + " "
    else:  # a face the viewer remembers (TR-G12)
        shown = "(" + face_markup(face) + ")"
    return f"{number} {mark}{shown}"


def _grab_pool(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    slots = view["slots"]
    seat = view.get("seat")
    me = view.get("me")
    if not slots and not (me and me.get("tiles")):
        return []
    revealed = view.get("pool") is not None
    lines = [
        f"[bold]{lab['grab_pool']}[/bold] "
        f"[dim]({lab['slots'].format(n=len(slots), k=view['set_aside'])})[/dim]"
    ]
    items = [slot_markup(e, seat, revealed) for e in slots]
    lines.extend(line.rstrip() for line in wrap(items, "  ", WIDTH, "  "))
    if slots:
        key = "pool_legend_open" if revealed else "pool_legend"
        lines.extend(f"[dim]{w}[/dim]" for w in wrap(lab[key].split(" · "), "  ", WIDTH, " · "))
    if me is not None:
        hand = me.get("hand")
        hand_slot = view["players_state"][seat]["hand_slot"] if seat is not None else None
        text = (
            f"{lab['slot'].format(s=hand_slot)} = {face_markup(hand)}"
            if hand is not None
            else f"[dim]{lab['empty']}[/dim]"
        )
        tiles = faces_markup(me.get("tiles", [])) or f"[dim]{lab['none']}[/dim]"
        memory = me.get("memory", {})
        remembered = [f"{k}={face_markup(memory[k])}" for k in sorted(memory, key=lambda k: int(k))]
        lines.append(f"  {lab['hand']}: {text} · {lab['your_tiles']}: {tiles}")
        if remembered:
            lines.extend(_wrap_titled(remembered, f"  {lab['memory']}: ", " "))
    return lines


def _chronicle(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    rs = rules(view)
    done = {c["round"]: c for c in view["chronicle"]}
    items = []
    for k in range(1, rs.max_rounds + 1):
        entry = done.get(k)
        need = rs.chronicle_statues[k - 1] if k - 1 < len(rs.chronicle_statues) else 1
        theta = rs.end_threshold[k - 1] if k - 1 < len(rs.end_threshold) else None
        if entry is not None:
            s = entry["seat"]
            body = f"[bold {SEAT_FG[s % 4]}]{entry['statues']}{SEAT_LETTERS[s % 4]}[/]"
        else:
            body = f"[dim]{'·' * need}[/dim]" + " " * (2 - need)
        current = "[reverse]" if k == view["round"] and entry is None else ""
        text = f"{current}{k}:[/reverse]" if current else f"{k}:"
        text += body + (f"[dim]θ{theta}[/dim]" if theta is not None else "  ")
        items.append(text)
    return [
        f"[bold]{lab['chronicle']}[/bold] [dim]({lab['chronicle_legend']})[/dim]",
        *wrap(items, "  ", WIDTH, "  "),
    ]


def _players(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    rows = view["players_state"]
    names = [seat_name(p["seat"], seat, lab) + f" ({SEAT_LETTERS[p['seat'] % 4]})" for p in rows]
    name_w = max(len(lab["col_player"]), *(len(n) for n in names)) + 2
    cols = [
        (lab["col_rank"], 7),
        (lab["col_followers"], 10),
        (lab["col_statues"], 15),
        (lab["col_grace"], 7),
        (lab["col_tiles"], 6),
    ]
    grab = view["phase"] == "grab"
    head = "  " + pad(lab["col_player"], name_w)
    head += "".join(pad(c, w) for c, w in cols)
    head += pad(lab["col_grab"], 14) if grab else ""
    # the public tiles as a last column if its heading fits in 80 columns, else under the row
    public_column = visible_len(head) + len(lab["col_public"]) <= WIDTH
    head += lab["col_public"] if public_column else ""
    lines = [f"[bold]{lab['players_h']}[/bold]", f"[dim]{head.rstrip()}[/dim]"]
    actors = set(view.get("actors", []))
    by_rank = sorted(rows, key=lambda p: p["rank"])
    for p in by_rank:
        s = p["seat"]
        mark = "[bold]▶[/bold] " if s in actors and view["phase"] != "game_over" else "  "
        name = f"[bold {SEAT_FG[s % 4]}]{names[s]}[/]"
        rank = lab["king"] if p["rank"] == 1 else str(p["rank"])
        values = [
            rank,
            str(p["followers"]),
            f"{p['reserve']}/{p['placed']}",
            lab["grace_yes"] if p["grace"] else lab["grace_no"],
            str(p["tiles_held"]),
        ]
        line = mark + pad(name, name_w)
        line += "".join(pad(v, w) for v, (_, w) in zip(values, cols, strict=True))
        if grab:
            status = []
            if p["hand_slot"] is not None:
                status.append(lab["holds"].format(s=p["hand_slot"]))
            kept = p["kept_slots"]
            if kept:  # the slots are marked in the grab pool; a long list as a count
                listed = ",".join(str(k) for k in kept)
                status.append(lab["kept"].format(s=listed))
            if p["done"]:
                status.append(lab["done"])
            grab_text = " ".join(status) or "–"
            if kept and visible_len(line) + len(grab_text) > WIDTH:  # 80 columns: a count
                status[-2 if p["done"] else -1] = lab["kept"].format(s=len(kept))
                grab_text = " ".join(status)
            line += pad(grab_text, 14) if len(grab_text) < 14 else grab_text + " "
        public = faces_markup(p["public_tiles"])
        room = WIDTH - visible_len(line)
        if public and not public_column:
            lines.append(line.rstrip())
            items = [f"[dim]{lab['col_public']}:[/dim]", *face_items(p["public_tiles"])]
            lines.extend(wrap(items, " " * 8, WIDTH, " "))
        elif public and visible_len(public) > room:
            lines.append(line.rstrip())
            lines.extend(wrap(face_items(p["public_tiles"]), " " * 8, WIDTH, " "))
        else:
            lines.append((line + public).rstrip())
    return lines


def _action_name(action: dict[str, Any], lab: dict[str, str]) -> str:
    kind = str(action.get("type", ""))
    if kind == "peek":
        return lab["slot"].format(s=action.get("slot"))
    return lab.get(f"act_{kind}", kind.replace("_", " "))


def _last_tick(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    log = view.get("last_tick") or []
    if not log:
        return []
    seat = view.get("seat")
    items = []
    for a in log:
        name = seat_markup(a["seat"], seat, lab)
        kind = a["action"]
        if kind == "peek":
            key = "peeked" if a.get("won") else "missed"
        elif kind == "keep":
            key = "kept_slot"
        elif kind == "put_back":
            key = "put_back_slot"
        elif kind == "done":
            key = "done_slot" if "slot" in a else "is_done"
        else:
            key = "waited"
        items.append(lab[key].format(name=name, s=a.get("slot")))
    title = f"[bold]{lab['last_tick']}[/bold] ({view['tick']}): "
    return _wrap_titled(items, title, " · ")


def _pool(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    pool = view.get("pool")
    if pool is None or view["phase"] == "setup_start_statues":
        return []
    items = face_items(pool) if pool else [f"[dim]{lab['none']}[/dim]"]
    return _wrap_titled(items, f"[bold]{lab['pool']}[/bold]: ", " ")


def _result(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    winners = view.get("winners")
    if view["phase"] != "game_over" or winners is None:
        return []
    reason = view.get("end_reason", "")
    reason_text = lab.get(f"reason_{reason}", escape(str(reason)))
    key = "winners" if len(winners) > 1 else "winner"
    names = ", ".join(seat_markup(s, view.get("seat"), lab) for s in winners) or lab["none"]
    return [
        f"[bold]{lab['over'].format(reason=reason_text)}[/bold] "
        f"[bold green]{lab[key].format(names=names)}[/bold green]"
    ]


def render_view(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table as ``view`` shows it: header (round, phase, who acts or still
    chooses, demand), the landscape with statues and fog, the grab pool with the viewer's
    hand, tiles and memory, the chronicle, the players, the last tick, the pool faces once
    public, and the winners at the end."""
    lab = labels(lang)
    lines = _header(view, lab)
    for section in (
        _landscape(view, lab),
        _grab_pool(view, lab),
        _last_tick(view, lab),
        _pool(view, lab),
        _chronicle(view, lab),
        _players(view, lab),
        _result(view, lab),
    ):
        if section:
            lines.append("")
            lines.extend(section)
    return "\n".join(lines)


__all__ = ["render_actions", "render_view", "slot_markup"]
