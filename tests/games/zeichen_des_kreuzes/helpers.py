"""Building positions for the Im Zeichen des Kreuzes rule tests.

A test starts from a seeded game with seat 0 active and the canonical knights, then places
pawns, hands, cubes and a scripted tower (ZK-T8) directly. Every helper keeps the
conservation rules (30 cubes per player, 140 cards) so the state stays a real position.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import spieltisch
from spieltisch.games.zeichen_des_kreuzes import actions as A
from spieltisch.games.zeichen_des_kreuzes.actions import ZkAction
from spieltisch.games.zeichen_des_kreuzes.state import ZkState
from spieltisch.games.zeichen_des_kreuzes.tower import GREEN, ScriptedTower

GAME = spieltisch.game("im-zeichen-des-kreuzes")
KNIGHTS = ("K_BOH", "K_GOT", "K_RAI", "K_ROB", "K_SIG")


def new(players: int = 4, seed: int = 1, **options: Any) -> ZkState:
    """A fresh game: seat 0 starts, seat i plays the i-th knight of the canonical order
    unless options say otherwise."""
    options.setdefault("start_player", 0)
    options.setdefault("knight_assignment", list(KNIGHTS[:players]))
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, ZkState)
    return state


def cell(state: ZkState, x: int, y: int) -> int:
    return state.comp.board.cell(x, y)


def xy(state: ZkState, c: int) -> tuple[int, int]:
    return state.comp.board.xy(c)


def city(state: ZkState, name: str) -> int:
    """The city index of ``name``."""
    for c in state.comp.board.cities:
        if c.name == name:
            return c.index
    raise KeyError(name)


def city_cell(state: ZkState, name: str) -> int:
    return state.comp.board.cities[city(state, name)].cell


def place(state: ZkState, seat: int, x: int, y: int, origin: tuple[int, int] | None = None) -> None:
    """Put ``seat``'s pawn on (x, y) with the given step origin (none by default)."""
    state.pawn[seat] = cell(state, x, y)
    state.origin[seat] = -1 if origin is None else cell(state, *origin)


def set_hand(state: ZkState, seat: int, cards: Iterable[int]) -> None:
    """Give ``seat`` exactly ``cards`` (ids); cards come from wherever they are, and the
    seat's old cards go to the bottom of the draw pile."""
    wanted = list(cards)
    assert len(wanted) <= 5
    state.hands = [list(h) for h in state.hands]  # clones may share the hand lists
    for c in wanted:
        for zone in (state.draw_pile, state.discard, *state.hands):
            if c in zone:
                zone.remove(c)
                break
    old = [c for c in state.hands[seat] if c not in wanted]
    state.draw_pile[:0] = old
    state.hands[seat] = sorted(wanted)


def stack_pile(state: ZkState, top_first: Iterable[int]) -> None:
    """Put ``top_first`` on top of the draw pile, in the order they will be drawn."""
    order = list(top_first)
    state.hands = [list(h) for h in state.hands]  # clones may share the hand lists
    for c in order:
        for zone in (state.draw_pile, state.discard, *state.hands):
            if c in zone:
                zone.remove(c)
                break
    state.draw_pile.extend(reversed(order))


def set_cubes(state: ZkState, seat: int, army: int, supply: int | None = None) -> None:
    """Set ``seat``'s army; the supply is whatever keeps 30 cubes (ZK-R2)."""
    state.army[seat] = army
    in_tower = state.tower.count(seat)
    state.supply[seat] = 30 - army - in_tower if supply is None else supply
    assert state.army[seat] + state.supply[seat] + in_tower == 30


def script_tower(
    state: ZkState,
    *trays: Mapping[str, int] | list[int],
    contents: Mapping[str, int] | None = None,
) -> ScriptedTower:
    """Replace the tower by a scripted one (ZK-T8) holding ``contents`` ({"P0": 2, "G": 1});
    player cubes put inside come out of their owners' supplies."""
    tower = ScriptedTower(trays, contents=dict(contents or {}), chance=state.chance)
    for seat in range(state.players):
        state.supply[seat] += state.tower.count(seat) - tower.count(seat)
    state.tower = tower
    return tower


def tray(**counts: int) -> dict[str, int]:
    """``tray(P0=4, G=2)`` -> {"P0": 4, "G": 2}."""
    return dict(counts)


def to_phase(state: ZkState, decision: str) -> None:
    """Jump the active player's turn to ``decision`` (cards, city or discard)."""
    state.decision_kind, state.decider = decision, state.active


def do(state: ZkState, seat: int, action: ZkAction) -> None:
    """Apply after direct edits: forgets the legal actions the state listed before them."""
    state._legal = None
    state.apply(seat, action)


def snapshot(state: ZkState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def cubes_ok(state: ZkState) -> bool:
    """ZK-R2 for every seat."""
    return all(
        state.army[s] + state.supply[s] + state.tower.count(s) == 30 for s in range(state.players)
    )


__all__ = [
    "GAME",
    "GREEN",
    "KNIGHTS",
    "A",
    "cell",
    "city",
    "city_cell",
    "cubes_ok",
    "do",
    "new",
    "place",
    "script_tower",
    "set_cubes",
    "set_hand",
    "snapshot",
    "stack_pile",
    "to_phase",
    "tray",
    "xy",
]


# -- added for the combat / Jerusalem / event / information / edge-case tests -------------


def no_hands(state: ZkState, *seats: int) -> None:
    """Empty the hands of ``seats`` (all seats if none are given)."""
    for seat in seats or range(state.players):
        set_hand(state, seat, [])


def illegal(state: ZkState, seat: int, action: ZkAction, rule: str | None = None) -> str:
    """Assert that ``action`` is not offered, is rejected with ``rule`` (if given) and
    changes nothing; return the reason."""
    from spieltisch.engine.errors import IllegalAction

    assert action not in state.legal_actions(seat)
    before = snapshot(state)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        assert snapshot(state) == before
        if rule is not None:
            assert exc.rule == rule, (exc.rule, exc.reason)
        return exc.reason
    raise AssertionError(f"{action} was accepted")


def log_kinds(state: ZkState, seat: int | None = None) -> list[str]:
    return [e["type"] for e in state.log(seat)]


def on_jerusalem(
    players: int = 3,
    seat: int = 0,
    army: int = 12,
    treasure: int = 0,
    sieges: int = 0,
    garrison: int = 15,
    **options: Any,
) -> ZkState:
    """``seat`` stands on Jerusalem (23,12), eligible for a siege (ZK-J1: two green tiles,
    motivation 9), in its city phase, holding card 6 (so the discard phase waits for it)."""
    state = new(players, **options)
    no_hands(state)
    state.active = seat
    set_cubes(state, seat, army)
    state.treasure[seat] = treasure
    state.green_tiles[seat] = [3, 4]
    state.motivation[seat] = 9
    state.garrison, state.sieges = garrison, sieges
    place(state, seat, 23, 12, origin=(24, 11))
    set_hand(state, seat, [6])
    to_phase(state, "city")
    return state
