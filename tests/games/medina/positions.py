"""Constructed Medina positions for the rule tests (MD-E25).

A position is described compactly and turned into a state JSON whose ``pieces`` the engine
replays (rejecting any piece that was not legal when placed); the public ledger (MD-R67) is
filled in automatically so that ``supply == initial - placed - removed + received``.

Piece specs, in placement order:
- ``("m", x, y)``: merchant (1st edition: the first one is the start merchant);
- ``("w", x, y)``: wall;
- ``("b", label, x, y)``: building of palace ``label``;
- ``("s", label, x, y)``: stable joining palace ``label``;
- ``("r", label)``: own-colour roof on palace ``label`` by its owner;
- ``("n", label, seat)``: neutral roof on palace ``label`` placed by ``seat``.

``palaces`` maps a label to ``(colour, owner)`` (owner: seat, None, or "neutral"); ids are
assigned in founding order. Non-roof pieces are charged round-robin to the seats unless a
spec carries a trailing ``by=seat`` element (``("w", x, y, 2)``, ``("b", "g", x, y, 1)``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import spieltisch
from spieltisch.engine.errors import IllegalAction
from spieltisch.games.medina.actions import MedinaAction
from spieltisch.games.medina.state import MedinaState
from spieltisch.games.medina.turn import decide

GAME = spieltisch.game("medina")
SLOTS = ("b0", "b1", "b2", "b3", "roofs", "neutral_roofs", "stables", "merchants", "walls")
SLOT = {name: i for i, name in enumerate(SLOTS)}


def fresh(players: int = 3, seed: int = 0, **options: Any) -> MedinaState:
    return GAME.new_game(players, seed, options)  # type: ignore[return-value]


def started(players: int = 3, cell: tuple[int, int] = (8, 6), **options: Any) -> MedinaState:
    """A 1st-edition game after the start merchant, seat 0 to play."""
    s = fresh(players, **options)
    s.apply(0, MedinaAction("start_merchant", *cell))
    return s


def position_json(
    pieces: list[tuple[Any, ...]],
    palaces: dict[str, tuple[str, Any]] | None = None,
    *,
    players: int = 3,
    options: dict[str, Any] | None = None,
    active: int = 0,
    phase: str = "turn",
    quota: int = 2,
    turn_placements: int = 0,
    supply: dict[int, dict[str, int]] | None = None,
    palace_tiles: dict[str, str] | None = None,
    tower_tiles: dict[int, str] | None = None,
    received: dict[int, int] | None = None,
    data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    options = dict(options or {})
    palaces = palaces or {}
    base = GAME.new_game(players, 0, options).to_json()
    d = base["data"]
    edition = base["options"]["edition"]
    colours = GAME.ruleset(base["options"]).colours[edition]
    ids: dict[str, int] = {}
    out_pieces = list(d["pieces"])  # 2nd edition: the start merchant at time 0
    palace_list: list[dict[str, Any]] = []
    placed = [[0] * 9 for _ in range(players)]
    t = 0
    rr = 0
    merchants_seen = len(out_pieces)
    for spec in pieces:
        kind = spec[0]
        t += 1

        def charge(slot: int, by: Any) -> None:
            nonlocal rr
            if by is None:
                by = rr % players
                rr += 1
            placed[by][slot] += 1

        if kind == "m":
            x, y, *by = spec[1:]
            out_pieces.append([t, "merchant", [x, y], 0])
            if merchants_seen:
                charge(SLOT["merchants"], by[0] if by else None)
            merchants_seen += 1
        elif kind == "w":
            x, y, *by = spec[1:]
            out_pieces.append([t, "wall", [x, y], 0])
            charge(SLOT["walls"], by[0] if by else None)
        elif kind in ("b", "s"):
            label, x, y, *by = spec[1:]
            if label not in ids:
                assert kind == "b", f"palace {label} founded by a stable"
                ids[label] = len(ids) + 1
                colour, owner = palaces[label]
                palace_list.append({"id": ids[label], "colour": colour, "owner": owner})
            p = ids[label]
            if kind == "b":
                out_pieces.append([t, "building", [x, y], p])
                charge(colours.index(palaces[label][0]), by[0] if by else None)
            else:
                out_pieces.append([t, "stable", [x, y], p])
                charge(SLOT["stables"], by[0] if by else None)
        elif kind == "r":
            label = spec[1]
            p = ids[label]
            cell = next(pc[2] for pc in out_pieces if pc[1] == "building" and pc[3] == p)
            out_pieces.append([t, "roof", cell, p])
            placed[palaces[label][1]][SLOT["roofs"]] += 1
        elif kind == "n":
            label, by = spec[1], spec[2]
            p = ids[label]
            cell = next(pc[2] for pc in out_pieces if pc[1] == "building" and pc[3] == p)
            out_pieces.append([t, "neutral_roof", cell, p])
            placed[by][SLOT["neutral_roofs"]] += 1
        else:
            raise ValueError(spec)
    for label in palaces:
        assert label in ids, f"palace {label} has no building"
    initial = [list(row) for row in d["initial"]]
    rec = [0] * players
    for s, n in (received or {}).items():
        rec[s] = n
    sup = []
    for s in range(players):
        for i in range(9):
            initial[s][i] = max(initial[s][i], placed[s][i])
        row = [initial[s][i] - placed[s][i] for i in range(9)]
        row[SLOT["merchants"]] += rec[s]
        for name, value in (supply or {}).get(s, {}).items():
            i = SLOT[name]
            initial[s][i] = value + placed[s][i] - (rec[s] if i == SLOT["merchants"] else 0)
            row[i] = value
        sup.append(row)
    tea = _tea_of_purple_roofs(out_pieces, palace_list, players, options)
    tiles = [None] * 4
    for colour, label in (palace_tiles or {}).items():
        tiles[colours.index(colour)] = ids[label]
    towers: list[int | None] = [None] * 4
    for value, label in (tower_tiles or {}).items():
        towers[value - 1] = ids[label]
    d.update(
        pieces=out_pieces,
        palaces=palace_list,
        palace_tiles=tiles,
        tower_tiles=towers,
        initial=initial,
        supply=sup,
        placed=placed,
        received=rec,
        time=t,
        active=active,
        phase=phase,
        quota=quota,
        turn_placements=turn_placements,
        first_turn_done=[True] * players,
        events=[],
        **tea,
    )
    if data:
        d.update(copy.deepcopy(data))
    base["moves"] = None
    return base


def _tea_of_purple_roofs(
    pieces: list[list[Any]], palaces: list[dict[str, Any]], players: int, options: dict[str, Any]
) -> dict[str, Any]:
    """MD-R57 (2nd edition): the tea tiles the roofs on purple palaces took, in order."""
    if options.get("edition", 1) != 2:
        return {}
    rules = GAME.ruleset(GAME.new_game(players, 0, options).options)
    pool, tea, box, k = rules.tea_tiles, [0] * players, 0, 0
    for _, kind, _, p in pieces:
        if kind in ("roof", "neutral_roof") and palaces[p - 1]["colour"] == "purple":
            k += 1
            n = min(pool, rules.tea_for_roof(k))
            pool -= n
            owner = palaces[p - 1]["owner"]
            if kind == "roof":
                tea[owner] += n
            else:
                box += n
    return {"purple_roofs": k, "tea_pool": pool, "tea": tea, "tea_box": box}


def finish(doc: dict[str, Any], keep: tuple[str, ...] = ("roofs",)) -> dict[str, Any]:
    """Make the state document ``doc`` a finished game (MD-R20): every supply but the
    ``keep`` slots is emptied by lowering its initial counts, so that the ledger still
    holds (MD-R67). Roofs are kept: a game that ends blocked often leaves some, and the
    position must give them no palace to go on."""
    data = doc["data"]
    kept = {SLOT[name] for name in keep}
    for row, initial in zip(data["supply"], data["initial"], strict=True):
        for i, left in enumerate(row):
            if i not in kept:
                initial[i] -= left
                row[i] = 0
    data["phase"] = "over"
    return doc


def position(pieces: list[tuple[Any, ...]], palaces=None, **kw: Any) -> MedinaState:
    return GAME.state_from_json(position_json(pieces, palaces, **kw))  # type: ignore[return-value]


# -- helpers on states -------------------------------------------------------------------
def cell(s: MedinaState, x: int, y: int) -> int:
    return s.board.cell(x, y)


def xy(s: MedinaState, c: int) -> tuple[int, int]:
    return s.board.xy(c)


def cells(s: MedinaState, cs: Any) -> set[tuple[int, int]]:
    return {s.board.xy(c) for c in cs}


def pid(s: MedinaState, x: int, y: int) -> int:
    return s.cell_pal[s.board.cell(x, y)]


def colour_index(s: MedinaState, name: str) -> int:
    return s.colours.index(name)


def act(kind: str, x: int = -1, y: int = -1, colour: str = "") -> MedinaAction:
    return MedinaAction(kind, x, y, colour)


def build(colour: str, x: int, y: int) -> MedinaAction:
    return MedinaAction("build", x, y, colour)


def legal(s: MedinaState, seat: int | None = None) -> list[MedinaAction]:
    return s.legal_actions(s.active if seat is None else seat)  # type: ignore[return-value]


def legal_cells(s: MedinaState, kind: str, colour: str = "", seat: int | None = None) -> set:
    return {
        (a.x, a.y) for a in legal(s, seat) if a.kind == kind and (not colour or a.colour == colour)
    }


def is_legal(s: MedinaState, action: MedinaAction, seat: int | None = None) -> bool:
    """Whether ``apply`` accepts the action (tried on a clone) for ``seat``."""
    c = s.clone()
    seat = c.active if seat is None else seat
    force_turn(c, seat)
    try:
        c.apply(seat, action)
    except IllegalAction:
        return False
    return True


def force_turn(s: MedinaState, seat: int) -> None:
    """Make ``seat`` the actor at the start of a two-piece turn (test driver only)."""
    s.active = seat
    s.phase = "turn"
    s.quota = 2
    s.turn_placements = 0
    decide(s)  # the decision is cached: note the new one


def place(s: MedinaState, seat: int, action: MedinaAction) -> None:
    """Apply ``action`` for ``seat`` as the first placement of a fresh turn of that seat,
    so events happen in any order the examples list (the effects still fire)."""
    force_turn(s, seat)
    s.apply(seat, action)


def roundtrip(s: MedinaState) -> MedinaState:
    return GAME.state_from_json(s.to_json())  # type: ignore[return-value]


def rule(s, seat, action):
    """The rule id with which ``seat``'s ``action`` is rejected in ``s`` (``s`` unchanged);
    the message must cite it too."""
    c = s.clone()
    force_turn(c, seat)
    with pytest.raises(IllegalAction) as err:
        c.apply(seat, action)
    assert err.value.rule in str(err.value)
    return err.value.rule
