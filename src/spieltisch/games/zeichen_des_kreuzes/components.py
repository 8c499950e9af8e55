"""Replaceable component data (rules 2.7): map, knights' tableaus, city tiles, cards.

The defaults are ``data/components.json`` and ``data/map.txt``. An edition object has the
shape of ``components.json``, optionally with ``"map"``: the map file's lines (a list of
strings) or its whole text. Every problem is a ``DataError`` naming the field.
"""

from __future__ import annotations

import hashlib
import json
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine.data import read_json_file
from ...engine.errors import DataError
from .board import CITY_KINDS, GREEN_CITY, PLAIN, RED, SEA, Board, parse_map
from .catalog import pgettext

MOVEMENT, IMMEDIATE, HELD = "movement", "immediate", "held"
JOKER = 3  # terrain code of a joker card (sea 0, plain 1, mountain 2)
CARD_TERRAINS = {"sea": SEA, "plain": PLAIN, "mountain": 2, "joker": JOKER}
SYMBOLS = ("army", "ship")
FLEET, ARMY = "fleet", "army"

# event types (section 6) and their timing
IMMEDIATE_EVENTS = ("plague", "storm_at_sea", "saracen_reinforcement", "papal_blessing")
CARD_PHASE_EVENTS = (
    "forced_march",
    "mercenaries",
    "relic",
    "tribute",
    "genoese_ships",
    "ambush",
    "crusade_sermon",
)
WINDOW_EVENTS = ("truce", "tower_shaking", "holy_lance")
HELD_EVENTS = CARD_PHASE_EVENTS + WINDOW_EVENTS
EVENT_RULES = {
    "plague": "ZK-EV01",
    "storm_at_sea": "ZK-EV02",
    "saracen_reinforcement": "ZK-EV03",
    "papal_blessing": "ZK-EV04",
    "forced_march": "ZK-EV05",
    "mercenaries": "ZK-EV06",
    "relic": "ZK-EV07",
    "tribute": "ZK-EV08",
    "truce": "ZK-EV09",
    "tower_shaking": "ZK-EV10",
    "genoese_ships": "ZK-EV11",
    "ambush": "ZK-EV12",
    "holy_lance": "ZK-EV13",
    "crusade_sermon": "ZK-EV14",
}
# the events' English names, marked for the catalogs (``names.event_name`` translates)
EVENT_NAMES = {
    "plague": pgettext("event", "Plague"),
    "storm_at_sea": pgettext("event", "Storm at sea"),
    "saracen_reinforcement": pgettext("event", "Saracen reinforcement"),
    "papal_blessing": pgettext("event", "Papal blessing"),
    "forced_march": pgettext("event", "Forced march"),
    "mercenaries": pgettext("event", "Mercenaries"),
    "relic": pgettext("event", "Relic"),
    "tribute": pgettext("event", "Tribute"),
    "truce": pgettext("event", "Truce"),
    "tower_shaking": pgettext("event", "Tower shaking"),
    "genoese_ships": pgettext("event", "Genoese ships"),
    "ambush": pgettext("event", "Ambush"),
    "holy_lance": pgettext("event", "Holy Lance"),
    "crusade_sermon": pgettext("event", "Crusade sermon"),
}


@dataclass(frozen=True)
class Card:
    id: int
    kind: str  # movement, immediate, held
    terrain: int  # SEA/PLAIN/MOUNTAIN/JOKER for movement cards, -1 otherwise
    symbol: str | None  # army, ship or None
    event: str | None

    @property
    def code(self) -> str:
        return card_code(self.id)

    def label(self) -> str:
        if self.kind == MOVEMENT:
            terrain = ("sea", "plain", "mountain", "joker")[self.terrain]
            return terrain + (f"+{self.symbol}" if self.symbol else "")
        return EVENT_NAMES[self.event or ""]


@dataclass(frozen=True)
class Knight:
    id: str
    name: str
    start_city: str
    start_cell: int
    troops: int
    treasure: int


@dataclass(frozen=True)
class Unit:
    index: int
    id: str
    kind: str  # fleet or army
    start_cell: int
    name: str


@dataclass(frozen=True)
class Components:
    board: Board
    knights: tuple[Knight, ...]
    red_values: tuple[int, ...]
    green_values: tuple[int, ...]
    units: tuple[Unit, ...]
    cards: tuple[Card, ...]
    provenance: dict[str, str]

    def knight(self, knight_id: str) -> Knight:
        for k in self.knights:
            if k.id == knight_id:
                return k
        raise KeyError(knight_id)

    @property
    def knight_ids(self) -> tuple[str, ...]:
        return tuple(k.id for k in self.knights)


def card_code(card_id: int) -> str:
    """How a card is named in views, logs and actions: ``ZK012``. Fixed width, so one
    card's code never appears inside another's (the leak checks rely on it)."""
    return f"ZK{card_id:03d}"


def parse_card_code(value: Any) -> int:
    if isinstance(value, str) and len(value) == 5 and value[:2] == "ZK" and value[2:].isdigit():
        return int(value[2:])
    raise ValueError(f"{value!r} is not a card code like 'ZK012'")


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


@cache
def default_components() -> Components:
    text = resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    return parse_components(json.loads(text))


def components_for(option: Any) -> Components:
    """The components selected by the ``edition_data`` option."""
    if option == "default":
        return default_components()
    return _parsed(json.dumps(option, sort_keys=True))


def edition_key(option: Any) -> str:
    """A short name for an edition, shown in views so that renderers, which see only the
    view, draw the board and cards of the edition in play (``components_by_key``)."""
    if option == "default":
        return "default"
    text = json.dumps(option, sort_keys=True)
    _parsed(text)
    return _key_of_text(text)


def components_by_key(key: Any) -> Components:
    """The components an ``edition_key`` names (editions parsed in this process), else the
    default edition."""
    return _BY_KEY.get(key) or default_components()


_BY_KEY: dict[str, Components] = {}

# the edition of the view being rendered or described (set by the renderers' entry points;
# log sentences and pictures see only JSON, not the state)
SHOWN_EDITION: ContextVar[str] = ContextVar("zk_shown_edition", default="default")


def shown_components() -> Components:
    """The components of the edition being rendered (``SHOWN_EDITION``)."""
    return components_by_key(SHOWN_EDITION.get())


def _key_of_text(text: str) -> str:
    return "edition-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@cache
def _parsed(text: str) -> Components:
    comp = parse_components(json.loads(text))
    _BY_KEY[_key_of_text(text)] = comp
    return comp


def load_edition_file(path: Path) -> dict[str, Any]:
    """``--edition FILE``: a components JSON file, or a map text file (rules 3.1) used with
    the default knights, tiles and cards."""
    if path.suffix == ".txt":
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DataError(f"cannot read map file {path}: {exc.strerror}") from None
        obj = json.loads(
            resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
        )
        obj["map"] = text.split("\n")
    else:
        obj = read_json_file(path, "components")
    parse_components(obj)
    if not isinstance(obj, dict):  # pragma: no cover - parse_components checked it
        raise DataError("components data must be a JSON object")
    return obj
