"""Tumult Royal's chance events (TR-R2) as ``new_game(chance_script=...)`` scripts them:
each outcome in the public codes of the rules (seats, designs ``L01``, spinner values, tile
ids ``BR01``), decoded into what the rules' chance call takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.chance import ChanceEvent
from .data import Ruleset, game_tiles, ruleset_for


def _rules(options: Mapping[str, Any]) -> Ruleset:
    return ruleset_for(options["ruleset_data"])


def _sequence(outcome: Any, what: str) -> list[Any]:
    if isinstance(outcome, (str, bytes)) or not isinstance(outcome, (list, tuple)):
        raise ValueError(f"give {what} as a list, not {outcome!r}")
    return list(outcome)


def rank_deal(outcome: Any, players: int, options: Mapping[str, Any]) -> list[int]:
    """TR-S4: the seats in rank order, King first."""
    order = _sequence(outcome, "the seats, King first")
    if sorted(order) != list(range(players)) or any(type(s) is not int for s in order):
        raise ValueError(f"{outcome!r} is not every seat 0 to {players - 1} once")
    return order


def landscape(outcome: Any, players: int, options: Mapping[str, Any]) -> list[str]:
    """TR-S5: the shuffled designs; the first 2P lie in reading order, the rest unused."""
    order = _sequence(outcome, "the landscape designs")
    designs = list(_rules(options).landscape_tiles)
    if sorted(map(str, order)) != sorted(designs) or len(order) != len(designs):
        raise ValueError(f"{outcome!r} is not every design {', '.join(designs)} once")
    return order


def spinner(outcome: Any, players: int, options: Mapping[str, Any]) -> int:
    """TR-D11: a spinner value; the call draws a point of the weights, the first of its
    sector is taken."""
    rules = _rules(options)
    if outcome not in rules.spinner_values or type(outcome) is not int:
        values = ", ".join(map(str, rules.spinner_values))
        raise ValueError(f"the spinner shows {values}, not {outcome!r}")
    i = rules.spinner_values.index(outcome)
    return sum(rules.spinner_weights[:i])


def _tile_indices(outcome: Any, players: int, options: Mapping[str, Any]) -> list[int]:
    ids = [t.id for t in game_tiles(_rules(options), players)]
    order = _sequence(outcome, "tile ids")
    out = []
    for code in order:
        if code not in ids:
            raise ValueError(f"{code!r} is no goods tile of a {players}-player game ({ids[0]}...)")
        if ids.index(code) in out:
            raise ValueError(f"tile {code} is named twice")
        out.append(ids.index(code))
    return out


def set_aside(outcome: Any, players: int, options: Mapping[str, Any]) -> list[int]:
    """TR-G2: the tiles set aside (the first 3P of the pool's shuffle), by tile id. The
    rest of the pool follows in id order; with keep_goods the pool of a later round lacks
    the carried tiles, so name the whole pool then."""
    chosen = _tile_indices(outcome, players, options)
    rest = [t for t in range(len(game_tiles(_rules(options), players))) if t not in chosen]
    return chosen + rest


def slots(outcome: Any, players: int, options: Mapping[str, Any]) -> list[int]:
    """TR-G3: the tiles in slot order, by tile id: every tile of the pool not set aside."""
    return _tile_indices(outcome, players, options)


def peek_conflict(outcome: Any, players: int, options: Mapping[str, Any]) -> int:
    """TR-G8: the seat that wins a slot several seats peeked at."""
    if type(outcome) is not int or not 0 <= outcome < players:
        raise ValueError(f"the winner of a peek conflict is a seat 0 to {players - 1}")
    return outcome


_SPIN = "the value the spinner shows: 2, 3, 4 or 5 in the default data"
CHANCE_EVENTS = {
    "rank deal": ChanceEvent(
        "rank deal", "shuffle", "the rank cards dealt", "the seats, King first", rank_deal, "TR-S4"
    ),
    "landscape": ChanceEvent(
        "landscape",
        "shuffle",
        "the landscape tiles shuffled",
        "every design (L01 ...): the first 2P in reading order, then the unused ones",
        landscape,
        "TR-S5",
    ),
    "spinner": ChanceEvent(
        "spinner", "below", "the spin of phase 1 (standard)", _SPIN, spinner, "TR-R4"
    ),
    "set aside": ChanceEvent(
        "set aside",
        "shuffle",
        "the tiles set aside unseen each round",
        "tile ids (BR01 ... TO13): the 3P set aside, optionally the rest of the pool after",
        set_aside,
        "TR-G2",
    ),
    "slots": ChanceEvent(
        "slots",
        "shuffle",
        "the pool's tiles laid out in slots",
        "tile ids in slot order: every tile of the pool that is not set aside",
        slots,
        "TR-G3",
    ),
    "peek conflict": ChanceEvent(
        "peek conflict",
        "choice",
        "who gets a slot several seats peeked at in one tick",
        "the winning seat",
        peek_conflict,
        "TR-G8",
    ),
}
for _good in ("bread", "marble", "tools"):
    CHANCE_EVENTS[f"spinner {_good}"] = ChanceEvent(
        f"spinner {_good}",
        "below",
        f"the spin for {_good} just before its check (Zocker)",
        _SPIN,
        spinner,
        "TR-R8",
    )
