"""The panels below the map of Im Zeichen des Kreuzes' picture (standard library only): the
tower with its cubes, Jerusalem (garrison, sieges, the papal reward), the neutral units, the
current fight and the number track of a troop, garrison or recruiting decision; the shared
motivation track, the knights' standings and the road to victory are ``standings_svg``'s."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.svg import num
from . import figures, standings_svg
from .fight import JERUSALEM_ROUND
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
    svg, h = standings_svg.motivation(view, lang, y)
    out.append(svg)
    y += h + GAP
    rows, y = standings_svg.standings(view, lang, y)
    out += rows
    rows, y = standings_svg.progress(view, lang, y + GAP)
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
