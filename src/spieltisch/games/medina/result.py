"""Medina's result screen and its standing over the game (``engine.result``).

The breakdown counts as MD-R60 to MD-R63 do: the buildings and stables of each seat's
palaces, the walls and merchants touching them, the well bonus (2nd edition), the palace
tiles and the tower tiles; the last column is the total of ``scores()``. The tie-breaks are
MD-R64's. A game ends one way (MD-R20: nobody can place), either with every piece placed or
with pieces left over that fit nowhere; the sheet says which.

The standing over the game is the score so far: everything it counts is on the board, so
it is public at every moment (MD-R68). A round is once round the table from the start
player: it begins with each turn of seat 0, played or passed (MD-R13, MD-R19)."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ...engine.picture import seat_name
from ...engine.result import ResultSheet
from .cells import NEUTRAL, OVER, START, UNCLAIMED
from .words import FEMININE, catalog, colour_name

if TYPE_CHECKING:
    from .state import MedinaState

# the log events that are a seat's own step in a turn (a placement, a discard or a pass)
TURN_EVENTS = frozenset(
    (
        "start_merchant",
        "build",
        "roof",
        "neutral_roof",
        "stable",
        "merchant",
        "wall",
        "discard_tea",
        "pass",
    )
)


def progress(state: MedinaState) -> list[float]:
    """The score so far of each seat (MD-R63): public, and cheap enough for every move."""
    return state.scores()


def progress_label(lang: str) -> str:
    _ = catalog(lang)
    return _("Points")


def round_of(state: MedinaState) -> int:
    """The round (1-based): the number of turns of seat 0 begun so far, passes included;
    the start merchant belongs to round 1."""
    rounds, last = 0, None
    for event in state.events:
        kind = event.get("type")
        if kind not in TURN_EVENTS:
            continue
        seat = event["seat"]
        if seat == 0 and (last != 0 or kind == "pass"):
            rounds += 1  # the start merchant and the first turn after it make one run
        last = seat
    if state.phase not in (OVER, START) and state.active == 0 and last != 0:
        rounds += 1  # seat 0's turn has begun, nothing placed yet
    return max(rounds, 1)


def result_sheet(state: MedinaState, lang: str) -> ResultSheet:
    _ = catalog(lang)
    ed2 = state.edition == 2
    columns = [_("Buildings and stables"), _("Walls"), _("Merchants")]
    if ed2:
        columns.append(_("Well bonus"))
    columns += [_("Palace tiles"), _("Tower tiles"), _("Total")]
    rows: list[list[Any]] = []
    for seat_score in state.breakdown():
        palaces = seat_score["palaces"]
        row: list[Any] = [sum(p[k] for p in palaces) for k in ("components", "walls", "merchants")]
        if ed2:
            row.append(sum(p["well"] for p in palaces))
        row += [seat_score["palace_tiles"], seat_score["tower_tiles"], seat_score["total"]]
        rows.append(row)
    return ResultSheet(
        columns=columns,
        rows=rows,
        tie_breaks=_tie_breaks(state, lang),
        ending=_ending(state, lang),
        notes=[*_palace_notes(state, lang), *_tile_notes(state, lang)],
    )


def _name(seat: int, lang: str) -> str:
    return seat_name(seat, lang)


def _tie_breaks(state: MedinaState, lang: str) -> str:
    """MD-R64 in words, and how it decided each group of seats with equal scores."""
    _ = catalog(lang)
    rule = _(
        "Equal scores are decided by the larger largest palace (the size of a player's "
        "biggest roofed palace), then by who roofed that palace earlier; players still "
        "equal share the place."
    )
    keys = state.ranking_keys()
    groups: dict[float, list[int]] = {}
    for seat, key in enumerate(keys):
        groups.setdefault(key[0], []).append(seat)
    decided = []
    for points, seats in sorted(groups.items(), reverse=True):
        if len(seats) < 2:
            continue
        order = sorted(seats, key=lambda s: keys[s], reverse=True)
        steps = []
        for a, b in pairwise(order):
            if keys[a][1] != keys[b][1]:
                steps.append(
                    _("{a} before {b} by the larger largest palace ({x} to {y})").format(
                        a=_name(a, lang), b=_name(b, lang), x=keys[a][1], y=keys[b][1]
                    )
                )
            elif keys[a][2] != keys[b][2]:
                steps.append(
                    _("{a} before {b}, having roofed the largest palace (size {n}) earlier").format(
                        a=_name(a, lang), b=_name(b, lang), n=keys[a][1]
                    )
                )
            else:
                steps.append(
                    _("{a} and {b} share the place").format(a=_name(a, lang), b=_name(b, lang))
                )
        names = _and([_name(s, lang) for s in seats], lang)
        decided.append(
            _("{names} scored {points} points each: {steps}.").format(
                names=names, points=int(points), steps="; ".join(steps)
            )
        )
    return " ".join([rule, *decided])


def _and(names: list[str], lang: str) -> str:
    """``A, B and C`` in the reader's language."""
    _ = catalog(lang)
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _left_over(state: MedinaState) -> list[int]:
    """Pieces each seat still holds (the supply is public once the game is over)."""
    return [sum(row) for row in state.supply]


def _ending(state: MedinaState, lang: str) -> str:
    """MD-R20: every piece placed, or pieces left that fit nowhere."""
    _ = catalog(lang)
    if state.phase != OVER:
        return _("The game is still going on.")
    left = _left_over(state)
    if not any(left):
        return _("Every player placed all their pieces.")
    per_seat = ", ".join(f"{_name(s, lang)} {n}" for s, n in enumerate(left))
    return _(
        "Nobody could place a piece any more; pieces left over, which score nothing: {seats}."
    ).format(seats=per_seat)


def _palace_notes(state: MedinaState, lang: str) -> list[str]:
    """Each owned palace's points (MD-R60)."""
    _ = catalog(lang)
    out = []
    for seat, seat_score in enumerate(state.breakdown()):
        for p in seat_score["palaces"]:
            well = (
                _(" + well bonus {n}").format(n=p["well"])
                if state.edition == 2 and p["well"]
                else ""
            )
            # TRANSLATORS: {colour} comes in the form for "der ... Palast" ("der graue Palast")
            text = _(
                "{name}: the {colour} palace at {cell} scores {total} ({size} buildings and "
                "stables + {walls} walls + {merchants} merchants{well})"
            )
            out.append(
                text.format(
                    name=_name(seat, lang),
                    colour=colour_name(p["colour"], lang, FEMININE),
                    cell=f"({p['cell'][0]},{p['cell'][1]})",
                    total=p["total"],
                    size=p["components"],
                    walls=p["walls"],
                    merchants=p["merchants"],
                    well=well,
                )
            )
    return out


def _holder(state: MedinaState, palace: int, lang: str) -> str:
    _ = catalog(lang)
    if not palace:
        return _.pgettext("tile held by", "nobody")
    owner = state.pal_owner[palace]
    if owner == NEUTRAL:
        return _.pgettext("tile held by", "a neutral palace (nobody scores it)")
    if owner == UNCLAIMED:  # never: tiles go only to claimed palaces
        return _.pgettext("tile held by", "nobody")
    return _name(owner, lang)


def _tile_notes(state: MedinaState, lang: str) -> list[str]:
    """Who holds each palace tile and tower tile (MD-R62), and the retired colours."""
    _ = catalog(lang)
    values = state.rules.palace_tile_values
    palace_tiles = ", ".join(
        f"{colour_name(colour, lang)} ({values[colour]}): {_holder(state, p, lang)}"
        for colour, p in zip(state.colours, state.palace_tile, strict=True)
    )
    tower_tiles = ", ".join(
        _("Tower {n}").format(n=value) + f": {_holder(state, p, lang)}"
        for value, p in enumerate(state.tower_tile, start=1)
    )
    out = [
        _("Palace tiles: {tiles}.").format(tiles=palace_tiles),
        _("Tower tiles: {tiles}.").format(tiles=tower_tiles),
    ]
    retired = [colour_name(c, lang) for i, c in enumerate(state.colours) if state.retired >> i & 1]
    if retired:
        out.append(_("Retired colours: {names}.").format(names=", ".join(retired)))
    return out
