"""The panels below the map of Im Zeichen des Kreuzes' picture (standard library only): the
tower with its cubes, Jerusalem (garrison, sieges, the papal reward), the neutral units, the
current fight, the number track of a troop, garrison or recruiting decision, the shared
motivation track, the knights' standings and the road to victory."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.svg import num
from . import figures
from .constants import JERUSALEM_MOTIVATION
from .fight import JERUSALEM_ROUND, MIN_COMMIT
from .names import card_name, city_name, lang_of, unit_name
from .papal import papal_reward
from .picture_text import counted, words
from .text_markup import tower_items
from .text_words import labels

X = 32  # the panels' left edge (the map's)
WIDTH = 936  # the panels' width (the map's)
GAP = 12
MOTIVATION_MAX = 20


def decision(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str, y: float
) -> tuple[list[str], float]:
    """The current fight and the number track of the decision (drawn right under the map:
    they are what the players look at now); returns the elements and the y below them."""
    lang = lang_of(lang)
    out: list[str] = []
    if view.get("fight"):
        svg, h = _fight(view, lang, y)
        out.append(svg)
        y += h + GAP
    if any(a.get("type") in ("commit", "defend", "recruit") for a in legal):
        svg, h = _numbers(view, legal, lang, y)
        out.append(svg)
        y += h + GAP
    return out, y


def table(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    """The tower, Jerusalem and the neutral units side by side, then the motivation
    track, the standings and the road to victory; returns the elements and the y below."""
    lang = lang_of(lang)
    out: list[str] = []
    box_w = (WIDTH - 2 * GAP) / 3
    parts = [
        _tower(view, lang, X, y, box_w),
        _jerusalem(view, lang, X + box_w + GAP, y, box_w),
        _units(view, lang, X + 2 * (box_w + GAP), y, box_w),
    ]
    out += [svg for svg, _ in parts]
    y += max(h for _, h in parts) + GAP
    svg, h = _motivation(view, lang, y)
    out.append(svg)
    y += h + GAP
    rows, y = _standings(view, lang, y)
    out += rows
    rows, y = _progress(view, lang, y + GAP)
    out += rows
    return out, y


def _box(x: float, y: float, w: float, h: float, title: str) -> str:
    return pic.box(x, y, w, h) + pic.text(x + 12, y + 24, title, pic.LARGE, font_weight="bold")


def _cube_colour(key: str) -> str:
    return figures.GREEN_CUBE if key == "G" else figures.seat_colour(int(key[1:]))


# -- tower, Jerusalem, units --------------------------------------------------------------
def _tower(view: dict[str, Any], lang: str, x: float, y: float, w: float) -> tuple[str, float]:
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    return _tower_drawn(tuple(tower_items(view)), viewer, lang, x, y, w)


# the tower's contents change with throws only: the panel is drawn once per look
@lru_cache(maxsize=256, typed=True)
def _tower_drawn(
    items: tuple[tuple[str, int], ...], viewer: int | None, lang: str, x: float, y: float, w: float
) -> tuple[str, float]:
    words_ = words(lang)
    h = max(150.0, 44 + 26 * len(items) + 6)
    inside = (
        ", ".join(
            f"{words_['green'] if k == 'G' else pic.seat_name(int(k[1:]), lang, viewer)} {n}"
            for k, n in items
            if n
        )
        or "–"
    )
    out = [_box(x, y, w, h, words_["tower"])]
    out.append(
        f'<g data-key="tower"{pic.tip(words_["tower_tip"].format(cubes=inside))}>'
        + figures.tower(x + 16, y + 36, 64, 104)
        + "</g>"
    )
    cy = y + 40
    for key, n in items:
        name = words_["green"] if key == "G" else pic.seat_name(int(key[1:]), lang, viewer)
        tip = words_["cubes_tip"].format(colour=name, n=n)
        mark = (
            ""
            if key == "G"
            else figures.mark(int(key[1:]), x + 101, cy + 8, 4.5).replace(
                figures.seat_colour(int(key[1:])), figures.seat_ink(int(key[1:])), 1
            )
        )
        out.append(
            f'<g data-kind="tower-cubes" data-colour="{key}" data-count="{n}" '
            f'data-key="cubes:{key}"{pic.tip(tip)}>'
            + figures.cube(_cube_colour(key), x + 94, cy, 15)
            + mark
            + pic.text(x + 116, cy + 13, f"{name} ×{n}", pic.SMALL)
            + "</g>"
        )
        cy += 26
    return "".join(out), h


def _jerusalem(view: dict[str, Any], lang: str, x: float, y: float, w: float) -> tuple[str, float]:
    garrison, sieges = int(view["garrison"]), int(view["sieges"])
    rule = (view.get("options") or {}).get("papal_reward", "lost_siege")
    return _jerusalem_drawn(garrison, sieges, rule, lang, x, y, w)


# the panel changes only with the garrison and the sieges: drawn once per look
@lru_cache(maxsize=256, typed=True)
def _jerusalem_drawn(
    garrison: int, sieges: int, rule: Any, lang: str, x: float, y: float, w: float
) -> tuple[str, float]:
    words_ = words(lang)
    h = 150.0
    out = [_box(x, y, w, h, words_["jerusalem"])]
    out.append(figures.city("jerusalem", x + w - 30, y + 24, False))
    tip = words_["garrison_tip"].format(n=garrison)
    cubes = []
    for i in range(min(garrison, 24)):  # the garrison as cubes, 12 to a row
        cubes.append(
            figures.cube(figures.GREEN_CUBE, x + 12 + (i % 12) * 16, y + 38 + (i // 12) * 16, 13)
        )
    out.append(
        f'<g data-key="garrison"{pic.tip(tip)}>'
        + "".join(cubes)
        + pic.text(
            x + 12, y + 90, words_["garrison"].format(n=garrison), pic.FONT, font_weight="bold"
        )
        + "</g>"
    )
    out.append(pic.text(x + 12, y + 110, words_["sieges"].format(n=sieges), pic.SMALL))
    reward = papal_reward(sieges + 1)
    if not reward:
        line = words_["papal_none"]
    elif rule == "lost_siege":
        line = words_["papal_next"].format(n=reward)
    else:
        line = words_["papal_paid"].format(n=reward)
    for i, part in enumerate(pic.wrap(line, w - 24, pic.SMALL)[:2]):
        out.append(pic.text(x + 12, y + 128 + i * 16, part, pic.SMALL, fill=pic.MUTED))
    return "".join(out), h


def _units(view: dict[str, Any], lang: str, x: float, y: float, w: float) -> tuple[str, float]:
    units = tuple(
        (
            str(u["kind"]),
            u["id"],
            unit_name(u["unit"], lang),  # the edition's name: the only data the panel reads
            None if u.get("cell") is None else (u["cell"][0], u["cell"][1]),
        )
        for u in view["units"]
    )
    return _units_drawn(units, lang, x, y, w)


UnitRow = tuple[str, Any, str, tuple[int, int] | None]  # kind, id, name, cell


# the units move now and then: the panel is drawn once per placement of them
@lru_cache(maxsize=256, typed=True)
def _units_drawn(
    units: tuple[UnitRow, ...], lang: str, x: float, y: float, w: float
) -> tuple[str, float]:
    words_ = words(lang)
    h = max(150.0, 44 + 30 * len(units))
    out = [_box(x, y, w, h, words_["units"])]
    cy = y + 40
    for kind, uid, name, cell in units:
        icon = figures.fleet(x + 26, cy + 12) if kind == "fleet" else figures.army(x + 26, cy + 12)
        if cell is None:
            where = words_["removed"]
            head = f'<g data-kind="{kind}" data-unit="{uid}" data-removed="true"'
            icon += (
                f'<path d="M{num(x + 12)},{num(cy)} l28,26 M{num(x + 40)},{num(cy)} l-28,26" '
                'stroke="#c62828" stroke-width="3"/>'
            )
        else:
            where = words_["at"].format(place=f"({cell[0]},{cell[1]})")
            head = f'<g data-kind="unit-row" data-unit="{uid}"'
        lines = pic.wrap(f"{name} · {where}", w - 64, pic.SMALL)[:2]
        texts = "".join(
            pic.text(x + 48, cy + 10 + i * 15, part, pic.SMALL) for i, part in enumerate(lines)
        )
        out.append(f"{head}{pic.tip(f'{name} · {where}')}>{icon}{texts}</g>")
        cy += 30
    return "".join(out), h


# -- the fight and the number track -------------------------------------------------------
def _fight(view: dict[str, Any], lang: str, y: float) -> tuple[str, float]:
    words_, lab = words(lang), labels(lang)
    fight = view["fight"]
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    kind = str(fight["type"])
    foe = lab.get(f"f_{kind}", kind)
    if fight.get("city"):
        foe += f" ({city_name(str(fight['city']), lang)})"
    elif fight.get("unit"):
        index = next((u["unit"] for u in view["units"] if u["id"] == fight["unit"]), None)
        foe += f" ({unit_name(index, lang)})"
    fighter = pic.seat_name(int(fight["fighter"]), lang, viewer)
    terrain = lab.get(f"t_{fight.get('terrain')}", str(fight.get("terrain")))
    cell = fight.get("cell") or ["?", "?"]
    lines = [
        words_["fight_line"].format(fighter=fighter, foe=foe),
        words_["fight_where"].format(
            place=f"({cell[0]},{cell[1]})", terrain=terrain, n=fight.get("enemy")
        ),
    ]
    if fight.get("lance"):
        lines.append(f"{words_['lance']} ({card_name(fight['lance'], lang)} {fight['lance']})")
    if kind == JERUSALEM_ROUND:
        d = fight.get("defender")
        lines.append(
            words_["round"].format(
                s=fight.get("siege_number"),
                r=fight.get("round"),
                d=pic.seat_name(d, lang, viewer) if isinstance(d, int) else "–",
            )
        )
        if fight.get("papal_reward_if_lost"):  # ZK-J11
            lines.append(words_["if_lost"].format(n=fight["papal_reward_if_lost"]))
        yes = words_["yes"] if fight.get("attacker_committed") else words_["no"]
        lines.append(words_["committed"].format(yes=yes))
        if fight.get("my_commitment") is not None:
            lines.append(words_["my_commitment"].format(n=fight["my_commitment"]))
    col = pic.Column(X + 150, y + 6, WIDTH - 170)
    for line in lines:
        col.line(line)
    h = max(col.y - y + 14, 96)
    out = [
        f'<g data-kind="fight" data-fight="{kind}" data-seat="{fight["fighter"]}">',
        _box(X, y, WIDTH, h, words_["fight"]),
        figures.knight(int(fight["fighter"]), X + 40, y + 62, 1.3),
        f'<path d="M{num(X + 62)},{num(y + 74)} l22,-22 M{num(X + 84)},{num(y + 74)} l-22,-22" '
        'stroke="#37474f" stroke-width="3"/>',
    ]
    for i in range(min(int(fight.get("enemy") or 0), 6)):  # the enemy's green cubes
        out.append(
            figures.cube(figures.GREEN_CUBE, X + 96 + (i % 3) * 16, y + 44 + (i // 3) * 16, 13)
        )
    out += col.out
    out.append("</g>")
    return "".join(out), h


def _numbers(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str, y: float
) -> tuple[str, float]:
    """The number track: one square per number from 0 up, the legal ones places
    (``amount:N``); a number that goes with the Holy Lance needs the lance picked first."""
    words_ = words(lang)
    kinds = {str(a.get("type")) for a in legal}
    amounts = sorted({int(a["amount"]) for a in legal if a.get("amount") is not None})
    lance = any(a.get("type") == "commit" and a.get("card") for a in legal)
    if "defend" in kinds:
        head, tip_key = words_["amount_defend"], "amount_tip_defend"
    elif "recruit" in kinds:
        head, tip_key = words_["amount_recruit"], "amount_tip_recruit"
    elif view.get("decision", {}).get("type") == "attack":
        head, tip_key = words_["amount_attack"], "amount_tip_commit"
    else:
        head, tip_key = words_["amount_commit"], "amount_tip_commit"
    supply = (
        (view["seats"][view["seat"]] or {}).get("supply")
        if isinstance(view.get("seat"), int)
        else None
    )
    size, per_row = 34, 25
    top = max(amounts) if amounts else 0
    rows = top // per_row + 1
    h = 44 + rows * (size + 6) + (22 if lance else 0) + 6
    out = ['<g class="number-track">', _box(X, y, WIDTH, h, head)]
    if lance:
        out.append(pic.text(X + 12, y + h - 12, words_["amount_lance"], pic.SMALL, fill=pic.MUTED))
    legal_set = set(amounts)
    for n in range(top + 1):
        cx = X + 14 + (n % per_row) * (size + 2)
        cy = y + 36 + (n // per_row) * (size + 6)
        troops = n * 2 if supply is None else min(2 * n, int(supply))
        tip = (
            words_[tip_key] if tip_key == "amount_tip_recruit" else counted(lang, tip_key, n)
        ).format(n=n, t=troops)
        body = (
            f'<rect x="{num(cx)}" y="{num(cy)}" width="{size}" height="{size}" rx="6" '
            + (
                'fill="#fff8e1" stroke="#e65100" stroke-width="2"/>'
                if n in legal_set
                else 'fill="#eeeeee" stroke="#bdbdbd" stroke-width="1"/>'
            )
            + pic.text(
                cx + size / 2,
                cy + 23,
                str(n),
                pic.FONT,
                text_anchor="middle",
                font_weight="bold" if n in legal_set else "normal",
                fill=pic.INK if n in legal_set else "#9e9e9e",
            )
        )
        # every number is a place: a click on one the rules forbid asks why (the page lights
        # only the legal ones)
        out.append(f"<g{pic.place(f'amount:{n}')}{pic.tip(tip)}>{body}</g>")
    out.append("</g>")
    return "".join(out), h


# -- the motivation track, the standings, the road to victory -----------------------------
_ZONES = ((0, "#ef9a9a"), (2, "#ffcc80"), (4, "#fff59d"), (JERUSALEM_MOTIVATION, "#c5e1a5"))


def _motivation(view: dict[str, Any], lang: str, y: float) -> tuple[str, float]:
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    cell = WIDTH // (MOTIVATION_MAX + 1)
    by_value: dict[int, list[dict[str, Any]]] = {}
    for s in view["seats"]:
        m = max(0, min(MOTIVATION_MAX, int(s["motivation"])))
        by_value.setdefault(m, []).append(s)
    tall = max(2, max((len(v) + 1) // 2 for v in by_value.values()))
    track_h = 22 + tall * 17
    h = 30 + track_h + 8
    ty = y + 28
    out = [_motivation_track(lang, y, track_h)]
    for m, seats in by_value.items():
        for i, s in enumerate(seats):
            p = int(s["seat"])
            mx = X + m * cell + 10 + (i % 2) * 17
            my = ty + 28 + (i // 2) * 17
            tip = counted(lang, "marker_tip", int(s["draw_limit"])).format(
                name=pic.seat_name(p, lang, viewer), m=s["motivation"], d=s["draw_limit"]
            )
            out.append(
                f'<g data-kind="motivation" data-seat="{p}" data-value="{s["motivation"]}" '
                f'data-key="motivation:{p}"{pic.tip(tip)}>' + figures.mark(p, mx, my, 7) + "</g>"
            )
    return "".join(out), h


@lru_cache(maxsize=64, typed=True)
def _motivation_track(lang: str, y: float, track_h: int) -> str:
    """The track's numbered squares without the markers: the same at the same height."""
    words_ = words(lang)
    cell = WIDTH // (MOTIVATION_MAX + 1)
    out = [f'<g class="motivation-track"{pic.tip(words_["motivation_tip"])}>']
    out.append(pic.text(X, y + 18, words_["motivation"], pic.FONT, font_weight="bold"))
    ty = y + 28
    for m in range(MOTIVATION_MAX + 1):
        fill = next(c for low, c in reversed(_ZONES) if m >= low)
        cx = X + m * cell
        out.append(
            f'<rect x="{num(cx)}" y="{num(ty)}" width="{cell - 2}" height="{track_h}" rx="4" '
            f'fill="{fill}" stroke="#8d7b5c" stroke-width="1"/>'
            + pic.text(
                cx + (cell - 2) / 2,
                ty + 15,
                str(m),
                pic.SMALL,
                text_anchor="middle",
                fill="#4e3b22",
            )
        )
    out.append("</g>")
    return "".join(out)


def _short_knight(name: str) -> str:
    """``Robert II.`` for ``Robert II. von der Normandie`` (the full name is in the tip)."""
    return name.split(" von ")[0]


def _mark(seat: int, cx: float, cy: float) -> str:
    return figures.mark(seat, cx, cy, 7)


def _standings(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    seats = tuple(
        (
            int(s["seat"]),
            (
                _short_knight(str(s["knight_name"])),
                str(s["army"]),
                str(s["supply"]),
                str(s["tower"]),
                str(s["treasure"]),
                str(s["markers"]),
                str(s["hand_size"]),
                " ".join(str(v) for v in s["red_tiles"]) or "–",
                " ".join(str(v) for v in s["green_tiles"]) or "–",
            ),
        )
        for s in view["seats"]
    )
    acting = () if view["over"] else (int(view["active"]),)
    out, bottom = _standings_drawn(seats, acting, viewer, lang, y)
    return list(out), bottom


# many moves leave every seat's counts as they were: the table is drawn once per look
@lru_cache(maxsize=256, typed=True)
def _standings_drawn(
    seats: tuple[tuple[int, tuple[str, ...]], ...],
    acting: tuple[int, ...],
    viewer: int | None,
    lang: str,
    y: float,
) -> tuple[tuple[str, ...], float]:
    """The standings of ``seats`` (each seat and its cells as text)."""
    words_ = words(lang)
    heads = [
        words_[k]
        for k in (
            "col_knight",
            "col_army",
            "col_supply",
            "col_tower",
            "col_treasure",
            "col_markers",
            "col_hand",
            "col_red",
            "col_green",
        )
    ]
    widths = [170, 120, 64, 70, 58, 74, 72, 56, 110, 110]
    rows = []
    for p, cells in seats:
        rows.append(
            pic.Row(
                p,
                pic.seat_name(p, lang, viewer),
                list(cells),
                attrs=f' data-key="seat:{p}"',  # log lines about the seat's tableau mark it
                mark=functools.partial(_mark, p),  # this game's seat colours (rules 2.2)
            )
        )
    out = [pic.text(X, y + 18, words_["seats"], pic.LARGE, font_weight="bold")]
    table, bottom = pic.standings(rows, heads, X, y + 24, widths, list(acting))
    out += table
    return tuple(out), bottom


def _progress(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    seats = tuple(
        (
            s["seat"],
            tuple(s["green_tiles"]),
            s["motivation"],
            s["army"],
            bool(s.get("siege_eligible")),
            s["treasure"],
        )
        for s in view["seats"]
    )
    facts = (
        view["over"],
        view.get("end_reason"),
        view.get("jerusalem_tiles_needed", 2),
        (view.get("options") or {}).get("exhaustion_winner", "none"),
        view["exhaustions"],
        tuple(view.get("winners") or []),
    )
    out, bottom = _progress_drawn(seats, facts, viewer, lang, y)
    return list(out), bottom


# the road to victory changes with a few counts only: drawn once per look, from a view cut
# down to exactly the facts in the cache key (so the key is complete by construction)
@lru_cache(maxsize=256, typed=True)
def _progress_drawn(
    seats: tuple[tuple[Any, ...], ...],
    facts: tuple[Any, ...],
    viewer: int | None,
    lang: str,
    y: float,
) -> tuple[tuple[str, ...], float]:
    over, end_reason, need, rule, exhaustions, winners = facts
    names = ("seat", "green_tiles", "motivation", "army", "siege_eligible", "treasure")
    view = {
        "seat": viewer,
        "over": over,
        "end_reason": end_reason,
        "jerusalem_tiles_needed": need,
        "options": {"exhaustion_winner": rule},
        "exhaustions": exhaustions,
        "winners": list(winners),
        "seats": [dict(zip(names, row, strict=True)) for row in seats],
    }
    out, bottom = _progress_of(view, lang, y)
    return tuple(out), bottom


def _progress_of(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    """How close each knight is to winning, from the public view: the fall of Jerusalem
    (ZK-W1) needs a siege, and a siege needs green tiles, motivation and army (ZK-J1); if the
    deck runs out twice (ZK-W2), ``exhaustion_winner`` decides (ZK-W4)."""
    words_ = words(lang)
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    need = int(view.get("jerusalem_tiles_needed", 2))
    army_need = MIN_COMMIT[JERUSALEM_ROUND]
    rule = (view.get("options") or {}).get("exhaustion_winner", "none")
    col = pic.Column(X, y, WIDTH)
    if view["over"] and view.get("end_reason") == "jerusalem":
        return [], y  # the header names the winner; nothing else counts (ZK-W1)
    col.heading(words_["progress"])
    if not view["over"]:
        col.line(words_["win_rule"], pic.SMALL, fill=pic.MUTED)
        col.line(
            words_["siege_rule"].format(r=need, m=JERUSALEM_MOTIVATION, a=army_need),
            pic.SMALL,
            fill=pic.MUTED,
        )
        for s in view["seats"]:
            p = int(s["seat"])
            green = len(s["green_tiles"])
            ready = bool(s.get("siege_eligible"))
            col.out.append(
                f'<g data-kind="progress" data-seat="{p}" data-green="{green}" '
                f'data-motivation="{s["motivation"]}" data-army="{s["army"]}" '
                f'data-ready="{"true" if ready else "false"}">'
            )
            line = f"{pic.seat_name(p, lang, viewer)}: " + words_["seat_progress"].format(
                g=green,
                r=need,
                m=s["motivation"],
                mm=JERUSALEM_MOTIVATION,
                a=s["army"],
                aa=army_need,
            )
            col.out.append(figures.mark(p, X + 8, col.y + LINE_MID, 6))
            col.line(
                line + (" ✓" if ready else ""),
                pic.FONT,
                indent=22,
                font_weight="bold" if p == viewer else "normal",
            )
            col.out.append("</g>")
        col.line(words_["deck_rule"].format(e=view["exhaustions"]), pic.SMALL, fill=pic.MUTED)
    if view["over"]:
        col.line(words_["deck_rule"].format(e=view["exhaustions"]), pic.SMALL, fill=pic.MUTED)
    key = "cities_rule" if rule == "most_muslim_cities" else "no_winner_rule"
    col.line(words_[key], pic.SMALL, fill=pic.MUTED)
    if rule == "most_muslim_cities":
        _ranking(view, lang, col, viewer)
    return col.out, col.y + 8


LINE_MID = 15  # from a Column's y to the middle of its next line


def _ranking(view: dict[str, Any], lang: str, col: pic.Column, viewer: int | None) -> None:
    """ZK-W4 (most_muslim_cities): most green tiles, then army, then treasure."""
    words_ = words(lang)
    winners = set(view.get("winners") or [])
    keys = {
        s["seat"]: (len(s["green_tiles"]), int(s["army"]), int(s["treasure"]))
        for s in view["seats"]
    }
    order = sorted(view["seats"], key=lambda s: (tuple(-k for k in keys[s["seat"]]), s["seat"]))
    place = 0
    previous: tuple[int, ...] | None = None
    for i, s in enumerate(order, 1):
        p = s["seat"]
        if keys[p] != previous:
            place, previous = i, keys[p]
        g, a, t = keys[p]
        col.out.append(
            f'<g data-kind="ranking" data-seat="{p}" data-rank="{place}" data-green="{g}" '
            f'data-army="{a}" data-treasure="{t}">'
        )
        col.out.append(figures.mark(p, X + 8, col.y + LINE_MID, 6))
        name = pic.seat_name(p, lang, viewer)
        star = " ★" if p in winners else ""
        col.line(
            words_["ranking"].format(n=place, name=name, g=g, a=a, t=t) + star, pic.FONT, indent=22
        )
        col.out.append("</g>")
