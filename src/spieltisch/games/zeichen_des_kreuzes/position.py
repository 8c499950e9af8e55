"""Positions anyone can write (``docs/positions/im-zeichen-des-kreuzes.md``): a JSON object
with the names the players use - knights (``K_BOH``), card codes (``ZK012``), city names
(``Tunis``), cells as ``[x, y]`` as the map file numbers them, neutral units by id
(``FLEET_W``), cubes in the tower by colour (``P0``..``P4``, ``G``).

``write`` gives a state's position: every fact, the hidden ones included, in a fixed layout
so that it reads back to the same text (``position_reading`` reads one)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ...engine.options import resolve_options
from .board import GREEN_CITY, RED, Board
from .colours import COLOURS, named_counts
from .components import card_code
from .options import OPTIONS

if TYPE_CHECKING:
    from .state import ZkState

JSON = dict[str, Any]
GAME_ID = "im-zeichen-des-kreuzes"
# options that only shape the setup; a position states the knights and seats itself
SETUP_OPTIONS = ("knight_assignment", "start_player")


def write(state: ZkState) -> str:
    """The position of ``state`` as text (``parse`` reads it back)."""
    return _layout(position_of(state))


def position_of(state: ZkState) -> JSON:
    """The position of ``state`` as a JSON object in public names."""
    comp = state.comp
    board = comp.board
    defaults = resolve_options(OPTIONS, {}, state.players)
    fight = state.fight
    secret = None
    if state.secret is not None and fight is not None:
        chosen = state.secret.own_choice(fight.fighter)
        secret = None if chosen is None else getattr(chosen, "amount", None)
    return {
        "game": GAME_ID,
        "players": state.players,
        "seed": state.seed,
        "options": {
            k: v
            for k, v in state.options.items()
            if k not in SETUP_OPTIONS and v != defaults.get(k)
        },
        "turn": state.turn,
        "start_player": state.start_player,
        "active": state.active,
        "decision": state.decision_kind,
        "seats": [_seat_of(state, p) for p in range(state.players)],
        "cities": {
            c.name: _city_of(state, c.index) for c in board.cities if c.kind in (RED, GREEN_CITY)
        },
        "units": {u.id: _cell(board, state.units[u.index]) for u in comp.units},
        "garrison": state.garrison,
        "sieges": state.sieges,
        "siege_round": state.siege_round,
        "exhaustions": state.exhaustions,
        "tower": named_counts([state.tower.count(c) for c in range(COLOURS)]),
        "draw_pile": [card_code(c) for c in reversed(state.draw_pile)],
        "discard": [card_code(c) for c in state.discard],
        "set_aside": [card_code(c) for c in state.set_aside],
        "fight": None if fight is None else _fight_of(state),
        "secret_commitment": secret,
        "two_step": None if state.two_step < 0 else card_code(state.two_step),
        "symbol": state.symbol or None,
        "over": {"winners": list(state.winner_seats), "ending": state.end_reason_code}
        if state.is_over()
        else None,
    }


def _cell(board: Board, cell: int) -> list[int] | None:
    return None if cell < 0 else board.cell_json(cell)


def _seat_of(state: ZkState, p: int) -> JSON:
    board = state.comp.board
    return {
        "knight": state.knights[p],
        "pawn": board.cell_json(state.pawn[p]),
        "origin": _cell(board, state.origin[p]),
        "army": state.army[p],
        "supply": state.supply[p],
        "treasure": state.treasure[p],
        "motivation": state.motivation[p],
        "markers": state.markers[p],
        "hand": [card_code(c) for c in state.hands[p]],
        "green_tiles": list(state.green_tiles[p]),
        "red_tiles": list(state.red_tiles[p]),
    }


def _city_of(state: ZkState, city: int) -> JSON:
    by = state.plundered_by[city]
    out: JSON = {"tile": state.tile[city]}
    if by >= 0:
        out["plundered_by"] = by
    return out


def _then_of(state: ZkState, then: tuple[Any, ...]) -> list[Any]:
    """Where play goes on after the fight, in public names (``Fight.then``)."""
    what = then[0]
    if what in ("symbol", "second"):
        return [what, card_code(then[1])]
    if what == "units":
        return [what, state.comp.units[then[1]].id, *then[2:]]
    return [what]


def _fight_of(state: ZkState) -> JSON:
    fight = state.fight
    assert fight is not None
    comp = state.comp
    return {
        "type": fight.kind,
        "fighter": fight.fighter,
        "enemy": fight.enemy,
        "cell": comp.board.cell_json(fight.cell),
        "unit": None if fight.unit < 0 else comp.units[fight.unit].id,
        "city": None if fight.city < 0 else comp.board.cities[fight.city].name,
        "lance": None if fight.lance < 0 else card_code(fight.lance),
        "then": _then_of(state, fight.then),
        "outcome": fight.outcome or None,
        "committed": None if fight.committed < 0 else fight.committed,
    }


def _layout(position: JSON) -> str:
    """One key per line; the seats, cities and units one per line too."""

    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in position.items():
        if key == "seats":
            inner = ",\n".join(f"  {dumps(v)}" for v in value)
            lines.append(f' "{key}": [\n{inner}\n ]')
        elif key in ("cities", "units") and value:
            inner = ",\n".join(f"  {dumps(k)}: {dumps(v)}" for k, v in value.items())
            lines.append(f' "{key}": {{\n{inner}\n }}')
        else:
            lines.append(f" {dumps(key)}: {dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
