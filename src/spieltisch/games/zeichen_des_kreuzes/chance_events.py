"""The game's chance events (``Game.chance_events``), as ``new_game(chance_script=...)``
scripts them with the names the players use: knights by id, seats by number, tiles by city
name, cards by code (top first), a tower throw by the cubes it lets out. Events not
scripted stay random; outcomes of an event that never happens stay unused.

=====================  =========  ============================================  ======
event                  call       one outcome                                   rule
=====================  =========  ============================================  ======
knights                shuffle    knight ids, seat 0's first (the rest follow)  ZK-S2
start player           below      the seat that begins                          ZK-S3
red tiles              shuffle    {city: value} (the rest follow, smallest      ZK-S6
                                  first) or the values in the map's order
green tiles            shuffle    the same for the Muslim cities                ZK-S6
deck                   shuffle    card codes, top first (the rest follow in     ZK-S8
                                  id order)
deck after the deal    shuffle    the whole pile after the deal, top first      ZK-S9
reshuffle              shuffle    the whole discard pile's cards, top first     ZK-R36
tower                  bernoulli  the tray: cubes by colour {"P0": 4, "G": 2}   ZK-T1
=====================  =========  ============================================  ======

A scripted tower throw lets out exactly that tray (it must be a sub-multiset of the tower's
cubes and the cubes thrown, ZK-T8); the cubes leave the thrown ones first, then the tower
(``tower_models``). The "tower" event also names the model's own ``bernoulli`` and
``shuffle`` draws; a bool, a raw number compared with the coin's probability
(``Chance.script("tower", 0.25)``) or a list scripts one of those."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.chance import ChanceEvent
from .board import GREEN_CITY, RED
from .colours import GREEN, colour_from_name
from .components import Components, card_code, parse_card_code
from .draw_phase import RESHUFFLE
from .edition import components_for
from .game_setup import DEAL_RESHUFFLE, DECK, GREEN_TILES, KNIGHTS, RED_TILES, START_PLAYER
from .tower_models import EVENT as TOWER


def _comp(options: Mapping[str, Any]) -> Components:
    return components_for(options["edition_data"])


def _knights(outcome: Any, players: int, options: Mapping[str, Any]) -> list[str]:
    ids = list(_comp(options).knight_ids)
    if not isinstance(outcome, list) or len(set(map(str, outcome))) != len(outcome):
        raise ValueError("give the knights as a list of distinct knight ids, seat 0's first")
    if len(outcome) < players:
        raise ValueError(f"name at least the {players} knights of the {players} seats")
    unknown = [k for k in outcome if k not in ids]
    if unknown:
        raise ValueError(f"unknown knight {unknown[0]!r}; the knights are {', '.join(ids)}")
    return [*outcome, *(k for k in ids if k not in outcome)]


def _seat(outcome: Any, players: int, options: Mapping[str, Any]) -> int:
    if not isinstance(outcome, int) or isinstance(outcome, bool) or not 0 <= outcome < players:
        raise ValueError(f"the start player is a seat 0..{players - 1}, not {outcome!r}")
    return outcome


def _tiles(kind: str) -> Any:
    def decode(outcome: Any, players: int, options: Mapping[str, Any]) -> list[int]:
        comp = _comp(options)
        cities = [c.name for c in comp.board.cities if c.kind == kind]
        values = sorted(comp.red_values if kind == RED else comp.green_values)
        if isinstance(outcome, list):
            if sorted(outcome) != values:
                raise ValueError(f"the tiles are the values {values}, not {outcome!r}")
            return list(outcome)
        if not isinstance(outcome, dict):
            raise ValueError("give the tiles as {city: value} or the values in map order")
        for name, value in outcome.items():
            if name not in cities:
                raise ValueError(f"{name!r} is not one of the cities {', '.join(cities)}")
            if value not in values:
                raise ValueError(f"{name}: no tile of value {value!r} is left ({values})")
            values.remove(value)
        return [outcome[c] if c in outcome else values.pop(0) for c in cities]

    return decode


def _codes(outcome: Any) -> list[int]:
    if not isinstance(outcome, list):
        raise ValueError("give the cards as a list of card codes, top first")
    cards = [parse_card_code(c) for c in outcome]
    if len(set(cards)) != len(cards):
        raise ValueError("a card is named twice")
    return cards


def _deck(outcome: Any, players: int, options: Mapping[str, Any]) -> list[int]:
    """The first shuffle (ZK-S8): the pile is every card, its top the list's last."""
    n = len(_comp(options).cards)
    top_first = _codes(outcome)
    unknown = [c for c in top_first if not 0 <= c < n]
    if unknown:
        raise ValueError(f"there is no card {card_code(unknown[0])} in this edition")
    given = set(top_first)
    return list(reversed([*top_first, *(c for c in range(n) if c not in given)]))


def _pile(outcome: Any, players: int, options: Mapping[str, Any]) -> list[int]:
    """A whole pile, top first (its top the list's last)."""
    return list(reversed(_codes(outcome)))


def _tray(outcome: Any, players: int, options: Mapping[str, Any]) -> dict[str, list[int]]:
    if isinstance(outcome, dict):
        names: list[Any] = []
        for name, n in outcome.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"{name}: a number of cubes, not {n!r}")
            names += [name] * n
    elif isinstance(outcome, list):
        names = outcome
    else:
        raise ValueError('give the tray by colour, e.g. {"P0": 4, "G": 2}')
    cubes = []
    for name in names:
        colour = colour_from_name(str(name))
        if colour != GREEN and colour >= players:
            raise ValueError(f"{name} plays no part in a {players}-player game")
        cubes.append(colour)
    return {"tray": sorted(cubes)}


CHANCE_EVENTS: dict[str, ChanceEvent] = {
    event.name: event
    for event in (
        ChanceEvent(
            KNIGHTS,
            "shuffle",
            "the knights dealt to the seats (only with knight_assignment = random)",
            "knight ids, seat 0's first; the knights not named follow in the canonical order",
            _knights,
            "ZK-S2",
        ),
        ChanceEvent(
            START_PLAYER,
            "below",
            "the seat that takes the first turn (only with start_player = random)",
            "a seat number",
            _seat,
            "ZK-S3",
        ),
        ChanceEvent(
            RED_TILES,
            "shuffle",
            "the red tiles dealt face down to the Christian cities",
            "{city: value}; the cities not named get the values left, smallest first, in "
            "the map's order (or the values in the map's order)",
            _tiles(RED),
            "ZK-S6",
        ),
        ChanceEvent(
            GREEN_TILES,
            "shuffle",
            "the green tiles dealt face down to the Muslim cities",
            "{city: value}, as for the red tiles",
            _tiles(GREEN_CITY),
            "ZK-S6",
        ),
        ChanceEvent(
            DECK,
            "shuffle",
            "the deck before the deal",
            "card codes, top first (the first card dealt first); the cards not named "
            "follow in id order",
            _deck,
            "ZK-S8",
        ),
        ChanceEvent(
            DEAL_RESHUFFLE,
            "shuffle",
            "the pile shuffled again after the deal, when immediate events were set aside",
            "the card codes of the whole pile, top first",
            _pile,
            "ZK-S9",
        ),
        ChanceEvent(
            RESHUFFLE,
            "shuffle",
            "the discard pile shuffled into a new draw pile at the first exhaustion",
            "the card codes of the whole discard pile, top first",
            _pile,
            "ZK-R36",
        ),
        ChanceEvent(
            TOWER,
            "bernoulli",
            "what a throw into the tower lets out (the model's own draws otherwise)",
            'the tray by colour, e.g. {"P0": 4, "G": 2} (P0..P4 and G)',
            _tray,
            "ZK-T1",
        ),
    )
}
