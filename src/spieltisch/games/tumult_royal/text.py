"""The terminal text of Tumult Royal: a seat's view as Rich console markup.

Standard library only: games never import Rich. The markup uses plain Rich tags so that the
CLI can print it and tests can strip it to plain text. Every line stays within 100 columns
for every player count.

The renderers read nothing but ``view(seat)``: a face is printed only where the view has it
(the viewer's hand, memory and tiles, and every face after the phase-3 reveal), so a seat's
rendering never shows more than the seat knows (TR-H2). The chronicle's printed numbers
(statues per round, end thresholds) come from the default data (TR-D9)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.markup import escape, pad, visible_len, wrap
from .data import Ruleset, ruleset_for
from .names import catalog

WIDTH = 78  # wrap long lists before the 80-column limit of a terminal

# terrain code -> terminal colour (TR-D6)
TERRAIN_COLOURS = {
    "M": "#9be564",  # meadow
    "F": "#2e8b57",  # forest
    "H": "#b0a89a",  # mountain
    "V": "#e0a458",  # village
    "C": "#c27ce8",  # castle
}
# good -> (letter, terminal colour)
GOOD_LETTERS = {"bread": "B", "marble": "M", "tools": "T"}
GOOD_COLOURS = {"bread": "#f0b46c", "marble": "#e8e8f0", "tools": "#6fb7e8"}
# seats 0-3: yellow, red, blue, green (names A-D as in the rules' examples)
SEAT_FG = ("#f1c40f", "#e74c3c", "#5dade2", "#2ecc71")
SEAT_BG = ("#6b5800", "#7a1f1f", "#1f3a7a", "#1f5f2a")
SEAT_LETTERS = "ABCD"
FOG = "[#707070]░░░[/]"


def rules(view: dict[str, Any]) -> Ruleset:
    """The data the game is played with (chronicle numbers, terrain capacities and costs)."""
    return ruleset_for(view.get("ruleset_data", "default"))


@lru_cache(maxsize=8)
def labels(lang: str) -> dict[str, str]:
    """The terminal's words in ``lang`` (the game's catalogs; English for a language without
    one), by key: built once per language, since every seat's screen is drawn after every
    move."""
    _ = catalog(lang)
    return {
        "title": _("Tumult Royal"),
        "players": _("{n} players"),
        "variant_standard": _("standard"),
        "variant_zocker": _("Zocker variant"),
        "you_are": _("you are [bold]{name}[/bold]"),
        "spectator": _("spectator view"),
        "player": _("Player {n}"),
        "you": _("You"),
        "round": _("Round {n}"),
        "phase_setup_start_statues": _("start statues"),
        "phase_grab": _("tax robbery (grab)"),
        "phase_build": _("build"),
        "phase_game_over": _("game over"),
        "to_start": _("start statue on a meadow: [bold]{name}[/bold]"),
        "to_build": _("build turn: [bold]{name}[/bold]"),
        "tick": _("tick {t}/{T}"),
        "choosing": _("still choosing: {names}"),
        "chosen": _("your choice this tick: {a}"),
        "demand": _("Demand"),
        "good_bread": _.pgettext("good", "bread"),
        "good_marble": _.pgettext("good", "marble"),
        "good_tools": _.pgettext("good", "tools"),
        "unknown": "?",
        "landscape": _("Landscape"),
        "legend": _(
            "M meadow · F forest · H mountain · V village · C castle · ░ fog · statues: "
            "terrain, count, owner A-D (= Player 1-4)"
        ),
        "grab_pool": _("Grab pool"),
        "slots": _("{n} slots, {k} tiles set aside"),
        "pool_legend": _(
            "▒ face down · h held by · k kept by · (B2) a face you remember · B bread, M "
            "marble, T tools"
        ),
        "pool_legend_open": _("▒ face down · h held by · k kept by · B bread, M marble, T tools"),
        "hand": _("Your hand"),
        "empty": _("empty"),
        "slot": _("slot {s}"),
        "your_tiles": _("Your tiles"),
        "memory": _("You remember"),
        "none": _("none"),
        "chronicle": _("Chronicle"),
        "chronicle_legend": _("round: statues of the King (owner) · θ end-check threshold"),
        "players_h": _("Players"),
        "col_player": _("Player"),
        "col_rank": _("rank"),
        "col_followers": _("followers"),
        "col_statues": _("reserve/placed"),
        "col_grace": _("grace"),
        "col_tiles": _("tiles"),
        "col_grab": _("grab"),
        "col_public": _("public tiles"),
        "king": _("King"),
        "grace_yes": _("grace"),
        "grace_no": "–",
        "done": _("done"),
        "holds": _("holds {s}"),
        "kept": _("kept {s}"),
        "last_tick": _("Last tick"),
        "peeked": _("{name}: peek slot {s}"),
        "missed": _("{name}: peek slot {s} (lost the conflict)"),
        "kept_slot": _("{name}: keep slot {s}"),
        "put_back_slot": _("{name}: put back slot {s}"),
        "done_slot": _("{name}: done (slot {s} put back)"),
        "is_done": _("{name}: done"),
        "waited": _("{name}: wait"),
        "pool": _("Pool (face up)"),
        "over": _("Game over ({reason})."),
        "reason_25th statue": _("25th statue placed"),
        "reason_threshold": _("end check"),
        "reason_round limit": _("round limit"),
        "winner": _("Winner: {names}"),
        "winners": _("Winners: {names} (shared win)"),
        "act_start": _("Place your start statue on a meadow:"),
        "act_peek": _("Peek at a face-down slot (s = slot):"),
        "slot_short": _.pgettext("slot, one letter", "s"),
        "act_keep": _("keep the tile in your hand"),
        "act_put_back": _("put the tile back"),
        "act_done": _("done: stop grabbing this round"),
        "act_wait": _("wait"),
        "act_end_turn": _("end your build turn"),
        "act_build": _("Build {terrain} on {field} ({statues}, cost {cost}), paying:"),
        "nothing": _("nothing"),
        "t_M": _.pgettext("terrain, build menu", "a meadow"),
        "t_F": _.pgettext("terrain, build menu", "a forest"),
        "t_H": _.pgettext("terrain, build menu", "a mountain"),
        "t_V": _.pgettext("terrain, build menu", "a village"),
        "t_C": _.pgettext("terrain, build menu", "a castle"),
    }


def seat_name(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    return lab["you"] if seat == viewer else lab["player"].format(n=seat + 1)


def seat_markup(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    style = SEAT_FG[seat % len(SEAT_FG)]
    return f"[bold {style}]{seat_name(seat, viewer, lab)}[/]"


def face_text(face: Sequence[Any]) -> str:
    """``B2`` for a bread tile of value 2."""
    good = str(face[0])
    return f"{GOOD_LETTERS.get(good, good[:1].upper())}{face[1]}"


def face_markup(face: Sequence[Any]) -> str:
    return f"[bold {GOOD_COLOURS.get(str(face[0]), 'white')}]{face_text(face)}[/]"


def faces_markup(faces: Sequence[Sequence[Any]]) -> str:
    """Faces grouped: ``B1×2 M3``."""
    return " ".join(face_items(faces))


def face_items(faces: Sequence[Sequence[Any]]) -> list[str]:
    """Faces grouped, one markup item per face: ``B1×2``, ``M3``."""
    counts = Counter(face_text(f) for f in faces)
    good_of = {face_text(f): str(f[0]) for f in faces}
    items = []
    for key in sorted(counts, key=lambda k: ("BMT".find(k[0]), k)):
        colour = GOOD_COLOURS.get(good_of[key], "white")
        n = counts[key]
        items.append(f"[bold {colour}]{key}[/]" + (f"×{n}" if n > 1 else ""))
    return items


def field_text(field: Sequence[int]) -> str:
    return f"({field[0]},{field[1]})"


def terrain_grid(view: dict[str, Any]) -> list[list[str | None]]:
    """The terrain code of every field, ``None`` under fog: 6 rows × 3N columns."""
    land = view["landscape"]
    columns = land["columns"]
    grid: list[list[str | None]] = [[None] * (3 * columns) for _ in range(6)]
    for pos in land["positions"]:
        rows = pos.get("rows")
        if rows is None:
            continue
        for lr in range(3):
            for lc in range(3):
                grid[3 * pos["row"] + lr][3 * pos["col"] + lc] = rows[lr][lc]
    return grid


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


# -- the action menu -----------------------------------------------------------------------
def _cost_text(code: str, field: Sequence[int], view: dict[str, Any], lab: dict[str, str]) -> str:
    terrain = rules(view).terrains.get(code)
    if terrain is None:
        return "?"
    seat = view.get("seat")
    r, c = field[0], field[1]
    adjacent = any(
        b["seat"] == seat and abs(b["field"][0] - r) + abs(b["field"][1] - c) == 1
        for b in view["board"]
    )
    m = 1 if adjacent else rules(view).nonadjacent_cost_multiplier
    parts = [
        f"{n * m}{GOOD_LETTERS.get(g, g[:1].upper())}"
        for g, n in zip(rules(view).goods, terrain.cost, strict=True)
        if n
    ]
    return "+".join(parts) or lab["nothing"]


def _statues(n: int | None, lang: str) -> str:
    if n is None:
        return "?"
    return catalog(lang).ngettext("{n} statue", "{n} statues", n).format(n=n)


def render_actions(
    actions: Sequence[dict[str, Any]], view: dict[str, Any], lang: str = "en"
) -> str:
    """The legal actions as a numbered menu (``1``-based, in the given order): start
    fields as ``n)(r,c)``, peeks compactly as ``n)s7``, builds grouped by field with the
    terrain, statues and cost, each payment as ``n) B1 B2 T1``; then the single actions."""
    lab = labels(lang)
    grid = terrain_grid(view)
    starts: list[str] = []
    peeks: list[str] = []
    builds: dict[tuple[int, int], list[str]] = {}
    others: list[str] = []
    for number, action in enumerate(actions, start=1):
        num = f"[bold]{number})[/bold]"
        kind = str(action.get("type"))
        field = action.get("field")
        if kind == "peek":
            peeks.append(f"{num}{lab['slot_short']}{action.get('slot')}")
        elif kind == "place_start" and isinstance(field, list) and len(field) == 2:
            starts.append(f"{num}{field_text(field)}")
        elif kind == "build" and isinstance(field, list) and len(field) == 2:
            paid = [face_markup(f) for f in action.get("payment", [])]
            builds.setdefault((field[0], field[1]), []).append(
                f"{num} " + (" ".join(paid) or lab["nothing"])
            )
        elif kind == "end_turn" and view.get("consolation_due"):  # TR-R21
            n = rules(view).no_build_bonus
            bonus = catalog(lang).ngettext(
                "(+{n} follower as a consolation)", "(+{n} followers as a consolation)", n
            )
            bonus = bonus.format(n=n)
            others.append(f"  {num} {lab['act_end_turn']} {bonus}")
        elif f"act_{kind}" in lab:
            others.append(f"  {num} {lab[f'act_{kind}']}")
        else:
            others.append(f"  {num} {escape(str(action))}")
    lines: list[str] = []
    if starts:
        lines.append(lab["act_start"])
        lines.extend(wrap(starts, "  ", WIDTH, " "))
    if peeks:
        lines.append(lab["act_peek"])
        lines.extend(wrap(peeks, "  ", WIDTH, " "))
    for (r, c), items in builds.items():
        code = grid[r][c] if 0 <= r < len(grid) and 0 <= c < len(grid[0]) else None
        terrain = rules(view).terrains.get(code or "")
        name = lab.get(f"t_{code}", escape(str(code)))
        colour = TERRAIN_COLOURS.get(code or "", "white")
        lines.append(
            lab["act_build"].format(
                terrain=f"[bold {colour}]{name}[/]",
                field=field_text((r, c)),
                statues=_statues(terrain.capacity if terrain else None, lang),
                cost=_cost_text(code or "", (r, c), view, lab),
            )
        )
        lines.extend(wrap(items, "  ", WIDTH, "  "))
    lines.extend(others)
    return "\n".join(lines)
