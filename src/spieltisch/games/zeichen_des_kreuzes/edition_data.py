"""Reading an edition's component data (rules 2.7): the map, the knights' tableaus, the
tile values, the neutral units and the cards, as ``data/components.json`` holds them. Every
problem is a ``DataError`` naming the field."""

from __future__ import annotations

from importlib import resources
from typing import Any

from ...engine.errors import DataError
from .board import CITY_KINDS, GREEN_CITY, RED, SEA, Board, parse_map
from .components import (
    ARMY,
    CARD_TERRAINS,
    FLEET,
    HELD,
    HELD_EVENTS,
    IMMEDIATE,
    IMMEDIATE_EVENTS,
    MOVEMENT,
    SYMBOLS,
    Card,
    Components,
    Knight,
    Unit,
)


def _key(name: str) -> str:
    # the map writes "Raimund_IV_von_Toulouse" for "Raimund IV. von Toulouse"
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _field(obj: dict[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise DataError(f"components data: {where} has no '{key}'")
    return obj[key]


def _int(value: Any, where: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise DataError(f"components data: {where} must be an integer >= {minimum}, not {value!r}")
    return value


def _cell(board: Board, value: Any, where: str) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not board.on_board(value[0], value[1])
    ):
        raise DataError(f"components data: {where} must be a cell [x, y] on the board")
    return board.cell(value[0], value[1])


def parse_components(data: Any, map_text: str | None = None) -> Components:
    """Validate an edition object (the shape of ``components.json``)."""
    if not isinstance(data, dict):
        raise DataError("components data must be a JSON object")
    if map_text is None:
        raw_map = data.get("map")
        if raw_map is None:
            map_text = _default_map_text()
        elif isinstance(raw_map, list) and all(isinstance(line, str) for line in raw_map):
            map_text = "\n".join(raw_map)
        elif isinstance(raw_map, str):
            map_text = raw_map
        else:
            raise DataError("components data: 'map' must be the map file's text or its lines")
    board = parse_map(map_text)
    knights = _knights(data, board)
    values = _tiles(data, board)
    units = _units(data, board)
    cards = _cards(data)
    reachable_check(board, [k.start_cell for k in knights])
    provenance = data.get("provenance", {})
    return Components(
        board=board,
        knights=tuple(knights),
        red_values=values["red"],
        green_values=values["green"],
        units=tuple(units),
        cards=tuple(cards),
        provenance={str(k): str(v) for k, v in provenance.items()}
        if isinstance(provenance, dict)
        else {},
    )


def _knights(data: dict[str, Any], board: Board) -> list[Knight]:
    """Table 2.3: each knight's tableau and start cell (a knight_start line of the map)."""
    named_starts = {_key(n.name): board.cell(n.x, n.y) for n in board.starts("knight_start")}
    raw_knights = _field(data, "knights", "the edition")
    if not isinstance(raw_knights, list) or not len(raw_knights) >= 2:
        raise DataError("components data: 'knights' must be a list of at least 2 knights")
    knights = []
    for i, k in enumerate(raw_knights):
        where = f"knights[{i}]"
        if not isinstance(k, dict):
            raise DataError(f"components data: {where} must be an object")
        kid, name = _field(k, "id", where), _field(k, "name", where)
        if not isinstance(kid, str) or not isinstance(name, str):
            raise DataError(f"components data: {where} id and name must be strings")
        cell = _cell(board, _field(k, "start_cell", where), f"{where}.start_cell")
        if named_starts.get(_key(name)) != cell:
            raise DataError(
                f"components data: {where} ({name}) starts on {board.cell_str(cell)}, but the "
                "map has no knight_start line with that name and cell"
            )
        troops = _int(_field(k, "troops", where), f"{where}.troops")
        if troops > 30:
            raise DataError(f"components data: {where}.troops must be at most 30 (ZK-R2)")
        knights.append(
            Knight(
                kid,
                name,
                str(k.get("start_city", "")),
                cell,
                troops,
                _int(_field(k, "treasure", where), f"{where}.treasure"),
            )
        )
    if len({k.id for k in knights}) != len(knights):
        raise DataError("components data: knight ids must be distinct")
    return knights


def _tiles(data: dict[str, Any], board: Board) -> dict[str, tuple[int, ...]]:
    """Table 2.4: the tile values of each colour, one per city of that colour."""
    tiles = _field(data, "tiles", "the edition")
    if not isinstance(tiles, dict):
        raise DataError("components data: 'tiles' must be an object with 'red' and 'green'")
    values: dict[str, tuple[int, ...]] = {}
    for colour, kind in (("red", RED), ("green", GREEN_CITY)):
        raw = _field(tiles, colour, "'tiles'")
        if not isinstance(raw, list):
            raise DataError(f"components data: tiles.{colour} must be a list of values")
        vals = tuple(sorted(_int(v, f"tiles.{colour}", 1) for v in raw))
        cities = board.city_cells(kind)
        if len(vals) != len(cities):
            raise DataError(
                f"components data: tiles.{colour} has {len(vals)} values for {len(cities)} "
                f"{kind} cities on the map"
            )
        values[colour] = vals
    return values


def _units(data: dict[str, Any], board: Board) -> list[Unit]:
    """Table 2.6: the neutral units on fleet_start and army_start cells of the map."""
    raw_units = _field(data, "neutral_units", "the edition")
    if not isinstance(raw_units, list):
        raise DataError("components data: 'neutral_units' must be a list")
    map_unit_cells = {
        FLEET: [board.cell(n.x, n.y) for n in board.starts("fleet_start")],
        ARMY: [board.cell(n.x, n.y) for n in board.starts("army_start")],
    }
    units = []
    for i, u in enumerate(raw_units):
        where = f"neutral_units[{i}]"
        if not isinstance(u, dict):
            raise DataError(f"components data: {where} must be an object")
        kind = _field(u, "kind", where)
        if kind not in (FLEET, ARMY):
            raise DataError(f"components data: {where}.kind must be 'fleet' or 'army'")
        cell = _cell(board, _field(u, "start_cell", where), f"{where}.start_cell")
        if cell not in map_unit_cells[kind]:
            raise DataError(
                f"components data: {where} starts on {board.cell_str(cell)}, which is not a "
                f"{kind}_start cell of the map"
            )
        if kind == FLEET and board.terrain[cell] != SEA:
            raise DataError(f"components data: {where} (a fleet) must start at sea (ZK-R20)")
        if kind == ARMY and (board.terrain[cell] == SEA or cell in board.city_at):
            raise DataError(
                f"components data: {where} (an army) must start on land outside cities (ZK-R20)"
            )
        units.append(Unit(i, str(_field(u, "id", where)), kind, cell, str(u.get("name", ""))))
    if len({u.start_cell for u in units}) != len(units):
        raise DataError("components data: two neutral units start on one cell")
    return units


def _cards(data: dict[str, Any]) -> list[Card]:
    """Table 2.5 and section 6: the deck as rows ``[id, kind, terrain, symbol, event]``."""
    raw_cards = _field(data, "cards", "the edition")
    if not isinstance(raw_cards, list):
        raise DataError("components data: 'cards' must be a list of rows")
    cards = []
    for i, row in enumerate(raw_cards):
        where = f"cards[{i}]"
        if not isinstance(row, list) or len(row) != 5:
            raise DataError(
                f"components data: {where} must be [id, kind, terrain, symbol, event_type]"
            )
        cid, kind, terrain, symbol, event = row
        if cid != i:
            raise DataError(f"components data: {where} must have id {i} (ids run 0, 1, 2, ...)")
        if kind == MOVEMENT:
            if terrain not in CARD_TERRAINS or event is not None:
                raise DataError(
                    f"components data: {where} is a movement card: terrain must be one of "
                    "sea, plain, mountain, joker and event_type null"
                )
            if symbol is not None and symbol not in SYMBOLS:
                raise DataError(f"components data: {where} symbol must be army, ship or null")
            cards.append(Card(cid, kind, CARD_TERRAINS[terrain], symbol, None))
        elif kind in (IMMEDIATE, HELD):
            allowed = IMMEDIATE_EVENTS if kind == IMMEDIATE else HELD_EVENTS
            if event not in allowed or terrain is not None or symbol is not None:
                raise DataError(
                    f"components data: {where} is a {kind} event: event_type must be one of "
                    f"{', '.join(allowed)}, terrain and symbol null"
                )
            cards.append(Card(cid, kind, -1, None, event))
        else:
            raise DataError(f"components data: {where} kind must be movement, immediate or held")
    if sum(c.kind != IMMEDIATE for c in cards) < 10:
        raise DataError("components data: the deck needs at least 10 cards that can be held")
    return cards


def reachable_check(board: Board, starts: list[int]) -> None:
    """Every city must be reachable from every knight start (rules 3.5 fact 1)."""
    city_cells = [c.cell for c in board.cities if c.kind in CITY_KINDS]
    for start in starts:
        dist = board.distances(start)
        for cell in city_cells:
            if dist[cell] < 0:
                raise DataError(
                    f"map: the city on {board.cell_str(cell)} cannot be reached from the "
                    f"knight start {board.cell_str(start)}"
                )


def _default_map_text() -> str:
    return resources.files(__package__).joinpath("data/map.txt").read_text(encoding="utf-8")
