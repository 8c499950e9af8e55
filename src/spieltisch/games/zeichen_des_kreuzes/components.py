"""The game's components (rules 2.7): the cards, knights, neutral units and the edition
that holds them with the map and the tile values; card codes (``ZK012``).

The defaults are ``data/components.json`` and ``data/map.txt``. An edition object has the
shape of ``components.json``, optionally with ``"map"``: the map file's lines (a list of
strings) or its whole text (``edition_data`` reads it, ``edition`` keeps those in play).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from .board import PLAIN, SEA, Board
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


# the edition of the view being rendered or described (set by the renderers' entry points;
# log sentences and pictures see only JSON, not the state); ``edition`` reads it
SHOWN_EDITION: ContextVar[str] = ContextVar("zk_shown_edition", default="default")
