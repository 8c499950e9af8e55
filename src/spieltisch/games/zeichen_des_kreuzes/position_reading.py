"""Reading a position (``docs/positions/im-zeichen-des-kreuzes.md``, written by
``position``): ``parse`` and ``to_data`` turn its text into the ``data`` of a state
document, filling what a writer may leave out (the knights' tableaus, untouched cities and
units, the rest of the deck) and naming the key of anything malformed (``PositionError``).
The kernel loads that data, and ``consistency`` checks it, as it does every state
document."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from ...engine.chance import Chance
from ...engine.errors import PositionError
from .board import GREEN_CITY, RED
from .colours import colour_from_name, tally
from .components import Components, card_code, parse_card_code
from .constants import (
    ACTIVE_DECISIONS,
    ATTACK,
    CUBES,
    DEFEND,
    GARRISON,
    MARKERS,
    MOTIVATION_START,
    OVER,
)
from .position import GAME_ID
from .tower import make_tower

JSON = dict[str, Any]


def parse(text: str) -> JSON:
    """The position's JSON object; ``PositionError`` if it is not one of this game."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise PositionError(f"a position is a JSON object: {exc}") from None
    if not isinstance(doc, dict):
        raise PositionError("a position is a JSON object")
    if doc.get("game", GAME_ID) != GAME_ID:
        raise PositionError(f"this is a position of {doc.get('game')!r}, not of {GAME_ID}")
    known = set(_KEYS)
    unknown = sorted(set(doc) - known)
    if unknown:
        raise PositionError(f"unknown key {unknown[0]!r}; the keys are {', '.join(_KEYS)}")
    players = doc.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise PositionError("'players' must be the number of players, 2 to 5")
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PositionError("'seed' must be an integer")
    if not isinstance(doc.get("options", {}), dict):
        raise PositionError("'options' must be an object of option values")
    return doc


# the keys of a position, in the order ``position.write`` writes them
_KEYS = (
    "game", "players", "seed", "options", "turn", "start_player", "active", "decision",
    "seats", "cities", "units", "garrison", "sieges", "siege_round", "exhaustions", "tower",
    "draw_pile", "discard", "set_aside", "fight", "secret_commitment", "two_step", "symbol",
    "over",
)  # fmt: skip


class _Reader:
    """Reads one position's values, naming the key of anything wrong."""

    def __init__(self, doc: JSON, comp: Components, players: int) -> None:
        self.doc = doc
        self.comp = comp
        self.board = comp.board
        self.players = players

    def get(self, key: str, default: Any, check: Callable[[Any], bool], what: str) -> Any:
        value = self.doc.get(key, default)
        if not check(value):
            raise PositionError(f"'{key}' must be {what}, not {value!r}")
        return value

    def integer(self, key: str, default: int | None = None, low: int = 0) -> int:
        value: int = self.get(
            key, default, lambda v: _is_int(v) and v >= low, f"an integer >= {low}"
        )
        return value

    def cell(self, value: Any, where: str) -> int:
        board = self.board
        if not (isinstance(value, list) and len(value) == 2 and all(map(_is_int, value))):
            raise PositionError(f"{where} must be a cell [x, y], not {value!r}")
        if not board.on_board(value[0], value[1]):
            raise PositionError(
                f"{where}: [{value[0]}, {value[1]}] is off the board "
                f"(x 0..{board.width - 1}, y 0..{board.height - 1})"
            )
        return board.cell(value[0], value[1])

    def card(self, value: Any, where: str) -> int:
        try:
            c = parse_card_code(value)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None
        if not 0 <= c < len(self.comp.cards):
            raise PositionError(f"{where}: there is no card {value} in this edition")
        return c

    def cards(self, value: Any, where: str) -> list[int]:
        if not isinstance(value, list):
            raise PositionError(f"{where} must be a list of card codes")
        return [self.card(c, where) for c in value]

    def unit(self, name: Any, where: str) -> int:
        for u in self.comp.units:
            if u.id == name:
                return u.index
        ids = ", ".join(u.id for u in self.comp.units)
        raise PositionError(f"{where}: no neutral unit {name!r}; the units are {ids}")

    def city(self, name: Any, where: str) -> int:
        for c in self.board.cities:
            if c.name == name:
                return c.index
        raise PositionError(f"{where}: no city {name!r} on the map")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def to_data(doc: JSON, comp: Components, players: int, options: JSON, seed: int) -> JSON:
    """The ``data`` of a state document for the position ``doc`` (see the module)."""
    r = _Reader(doc, comp, players)
    tower_counts = _tower_counts(r.get("tower", {}, lambda v: isinstance(v, dict), "an object"))
    aside = r.cards(doc.get("set_aside", []), "'set_aside'")
    data: JSON = {"log": [], "set_aside": [card_code(c) for c in aside]}
    data.update(_turn_data(r))
    data.update(_seats_data(r, tower_counts))
    data.update(_cities_data(r))
    data["units"] = _units_data(r)
    data["garrison"] = r.integer("garrison", GARRISON)
    data["sieges"] = r.integer("sieges", 0)
    data["siege_round"] = r.integer("siege_round", 0)
    data["exhaustions"] = r.integer("exhaustions", 0)
    data["tower"] = _tower_data(options, tower_counts, seed)
    discard = r.cards(doc.get("discard", []), "'discard'")
    data["discard"] = [card_code(c) for c in discard]
    data["draw_pile"] = _draw_pile(r, data, discard, seed)
    data.update(_fight_data(r, data))
    return data


def _turn_data(r: _Reader) -> JSON:
    n = r.players
    active = r.integer("active", 0)
    turn = r.integer("turn", 1, low=1)
    start = r.integer("start_player", (active - turn + 1) % n)
    decision = r.get("decision", "cards", lambda v: isinstance(v, str), "a decision's name")
    over = r.doc.get("over")
    if decision == OVER:
        if not isinstance(over, dict):
            raise PositionError(
                'a finished game states \'over\': {"winners": [...], "ending": ...}'
            )
        winners, ending = over.get("winners"), over.get("ending")
        if not isinstance(winners, list) or not all(map(_is_int, winners)):
            raise PositionError("'over': 'winners' must be a list of seats")
        if not isinstance(ending, str):
            raise PositionError("'over': 'ending' must be jerusalem, deck or turn_limit")
    elif over is not None:
        raise PositionError(f"'over' belongs to a finished game; the decision is {decision!r}")
    else:
        winners, ending = [], ""
    return {
        "start_player": start,
        "active": active,
        "turn": turn,
        "decision": decision,
        "winners": list(winners),
        "end_reason": ending,
    }


# a seat's keys (the document's name of each, where it differs)
_SEAT_KEYS = {
    "knight": "knights",
    "pawn": "pawn",
    "origin": "origin",
    "army": "army",
    "supply": "supply",
    "treasure": "treasure",
    "motivation": "motivation",
    "markers": "markers",
    "hand": "hands",
    "green_tiles": "green_tiles",
    "red_tiles": "red_tiles",
}


def _seats_data(r: _Reader, tower: list[int]) -> JSON:
    """The seats' facts, seat by seat; what a seat leaves out is its knight's tableau."""
    n = r.players
    seats = r.doc.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        raise PositionError(f"'seats' must list {n} seats, one object each")
    out: JSON = {key: [] for key in _SEAT_KEYS.values()}
    for p, seat in enumerate(seats):
        for key, value in _seat_data(r, p, seat, tower[p]).items():
            out[_SEAT_KEYS[key]].append(value)
    return out


def _seat_data(r: _Reader, p: int, seat: Any, in_tower: int) -> JSON:
    where = f"seat {p}"
    if not isinstance(seat, dict):
        raise PositionError(f"{where} must be an object")
    unknown = sorted(set(seat) - set(_SEAT_KEYS))
    if unknown:
        raise PositionError(f"{where}: unknown key {unknown[0]!r}")
    knight_id = seat.get("knight")
    if knight_id not in r.comp.knight_ids:
        raise PositionError(f"{where}: 'knight' must be one of {', '.join(r.comp.knight_ids)}")
    knight = r.comp.knight(knight_id)
    army = _seat_int(seat, "army", knight.troops, where)
    origin = seat.get("origin")
    out: JSON = {
        "knight": knight_id,
        "army": army,
        "supply": _seat_int(seat, "supply", CUBES - army - in_tower, where),  # ZK-R2
        "treasure": _seat_int(seat, "treasure", knight.treasure, where),
        "motivation": _seat_int(seat, "motivation", MOTIVATION_START, where),
        "markers": _seat_int(seat, "markers", MARKERS, where),
        "pawn": r.cell(seat.get("pawn", r.board.cell_json(knight.start_cell)), f"{where} pawn"),
        "origin": -1 if origin is None else r.cell(origin, f"{where} origin"),
        "hand": [card_code(c) for c in r.cards(seat.get("hand", []), f"{where} hand")],
    }
    for key in ("green_tiles", "red_tiles"):
        tiles = seat.get(key, [])
        if not isinstance(tiles, list) or not all(map(_is_int, tiles)):
            raise PositionError(f"{where}: '{key}' must be a list of tile values")
        out[key] = list(tiles)
    return out


def _seat_int(seat: JSON, key: str, default: int, where: str) -> int:
    value = seat.get(key, default)
    if not _is_int(value):
        raise PositionError(f"{where}: '{key}' must be an integer, not {value!r}")
    return int(value)


def _cities_data(r: _Reader) -> JSON:
    """Tiles and plunderers; a city not listed gets a tile its colour has left over (the
    smallest first, cities in the map's order) and is unplundered."""
    cities = r.get("cities", {}, lambda v: isinstance(v, dict), "an object of cities")
    board = r.board
    tile = [-1] * len(board.cities)
    plundered = [-1] * len(board.cities)
    given: set[int] = set()
    for name, entry in cities.items():
        c = r.city(name, "'cities'")
        if board.cities[c].kind not in (RED, GREEN_CITY):
            raise PositionError(f"'cities': {name} has no tile and is never plundered")
        if not isinstance(entry, dict) or not _is_int(entry.get("tile")):
            raise PositionError(f"'cities': {name} needs {{\"tile\": value}}")
        by = entry.get("plundered_by", -1)
        if not _is_int(by) or set(entry) - {"tile", "plundered_by"}:
            raise PositionError(f"'cities': {name}: 'plundered_by' must be a seat")
        tile[c], plundered[c] = entry["tile"], by
        given.add(c)
    for kind, values in ((RED, r.comp.red_values), (GREEN_CITY, r.comp.green_values)):
        left = sorted(values)
        for c in given:
            if board.cities[c].kind == kind and tile[c] in left:
                left.remove(tile[c])
        rest = [
            city.index for city in board.cities if city.kind == kind and city.index not in given
        ]
        for c, value in zip(rest, left, strict=False):
            tile[c] = value
    return {"tile": tile, "plundered_by": plundered}


def _units_data(r: _Reader) -> list[int]:
    units = r.get("units", {}, lambda v: isinstance(v, dict), "an object of units")
    out = [u.start_cell for u in r.comp.units]
    for name, where in units.items():
        u = r.unit(name, "'units'")
        out[u] = -1 if where is None else r.cell(where, f"'units': {name}")
    return out


def _tower_counts(counts: JSON) -> list[int]:
    cubes: list[int] = []
    for name, n in counts.items():
        try:
            colour = colour_from_name(name)
        except ValueError as exc:
            raise PositionError(f"'tower': {exc}") from None
        if not _is_int(n) or n < 0:
            raise PositionError(f"'tower': {name} must count cubes, not {n!r}")
        cubes += [colour] * n
    return tally(cubes)


def _tower_data(options: JSON, counts: list[int], seed: int) -> JSON:
    """The tower the options choose, holding ``counts``; where each cube lies inside is
    hidden (ZK-H3), so it is laid as a bot's determinization lays it (ZK-H6 step 4)."""
    params = options["tower_params"]
    tower = make_tower(
        options["tower_model"],
        None if params == "default" else params,
        options["tower_shelf_memory"],
        Chance(seed),
    )
    tower.lay([c for c, n in enumerate(counts) for _ in range(n)], random.Random(seed))
    return tower.to_json()


def _draw_pile(r: _Reader, data: JSON, discard: list[int], seed: int) -> list[str]:
    """The pile, written top first, stored top last; left out, it holds every card in no
    hand and not discarded, shuffled with the position's seed."""
    if "draw_pile" in r.doc:
        return [card_code(c) for c in reversed(r.cards(r.doc["draw_pile"], "'draw_pile'"))]
    used = set(discard) | {parse_card_code(c) for h in data["hands"] for c in h}
    rest = [c for c in range(len(r.comp.cards)) if c not in used]
    Chance(seed).shuffle("deck", rest)
    return [card_code(c) for c in rest]


def _fight_data(r: _Reader, data: JSON) -> JSON:
    """The fight, the secret commitment and the decider, which follows from them."""
    doc, n = r.doc, r.players
    decision, active = data["decision"], data["active"]
    fight = doc.get("fight")
    out: JSON = {"fight": None if fight is None else _fight_from(r, fight)}
    fighter = -1 if fight is None else out["fight"]["fighter"]
    if decision == OVER:
        out["decider"] = -1
    elif decision in ACTIVE_DECISIONS or fight is None:
        out["decider"] = active
    elif decision == DEFEND:
        out["decider"] = (active - 1) % n
    else:
        out["decider"] = fighter
    amount = doc.get("secret_commitment")
    out["secret"] = None
    if decision in (ATTACK, DEFEND) and fight is not None:
        chosen = {}
        if amount is not None:
            if not _is_int(amount):
                raise PositionError("'secret_commitment' must be the attacker's troops")
            chosen[str(fighter)] = {"type": "commit", "amount": amount, "card": None}
        seats = sorted({fighter, (active - 1) % n})
        out["secret"] = {"seats": seats, "chosen": chosen}
    elif amount is not None:
        raise PositionError("'secret_commitment' belongs to a siege round's commitments")
    two_step, symbol = doc.get("two_step"), doc.get("symbol")
    out["two_step"] = -1 if two_step is None else r.card(two_step, "'two_step'")
    if symbol not in (None, "fleet", "army"):
        raise PositionError("'symbol' must be fleet, army or null")
    out["symbol"] = symbol or ""
    return out


def _fight_from(r: _Reader, fight: Any) -> JSON:
    if not isinstance(fight, dict):
        raise PositionError("'fight' must be an object or null")

    def index(key: str, read: Callable[[Any, str], int]) -> int:
        value = fight.get(key)
        return -1 if value is None else read(value, f"'fight' {key}")

    then = fight.get("then", ["card"])
    if not isinstance(then, list) or not then or then[0] not in _THEN:
        raise PositionError(f"'fight' then must start with one of {', '.join(_THEN)}")
    inner: list[Any] = [then[0]]
    if then[0] in ("symbol", "second"):
        inner.append(r.card(then[1] if len(then) > 1 else None, "'fight' then"))
    elif then[0] == "units":
        inner.append(r.unit(then[1] if len(then) > 1 else None, "'fight' then"))
        seats = then[2:]
        if not all(_is_int(s) and 0 <= s < r.players for s in seats):
            raise PositionError("'fight' then: the seats the unit fights next are seats")
        inner += seats
    for key in ("fighter", "enemy"):
        if not _is_int(fight.get(key)):
            raise PositionError(f"'fight' {key} must be an integer")
    committed = fight.get("committed")
    return {
        "kind": fight.get("type"),
        "fighter": fight["fighter"],
        "enemy": fight["enemy"],
        "cell": r.cell(fight.get("cell"), "'fight' cell"),
        "unit": index("unit", r.unit),
        "city": index("city", r.city),
        "lance": index("lance", r.card),
        "then": inner,
        "outcome": fight.get("outcome") or "",
        "committed": -1 if committed is None else committed,
    }


_THEN = ("card", "symbol", "second", "units", "discard")
