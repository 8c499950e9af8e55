"""The terminal's action menu for Tumult Royal (``text.py`` renders the view): each legal
action as a line a player reads, with the cost of a build."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.markup import escape, wrap
from .names import catalog
from .text_words import (
    GOOD_LETTERS,
    TERRAIN_COLOURS,
    WIDTH,
    face_markup,
    field_text,
    labels,
    rules,
    terrain_grid,
)


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
