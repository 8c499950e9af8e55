"""The ``data`` of a state document: how each fact of ``KingdomsState`` is written in card
ids and read back into card indices of the game's pool (``engine.fields``).

The layout is that of release 0.1 (documented in ``docs/games/kingdoms-of-crusaders.md``):
``deck`` (top first), ``hands``, ``armies`` (``[seat][territory]`` lists of ``[id, play]``),
``decided``, ``play_counter``, ``active``, ``phase``, ``first_player``, ``drawn`` and
``events``. Reading checks the format only (known ids, types, shapes) and raises
``StateFormatError`` naming the field; whether the position can happen at all is for
``consistency.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import StateFormatError
from .deck import CARDS_PER_TERRITORY, TERRITORIES
from .phases import PHASES

if TYPE_CHECKING:
    from .state import KingdomsState

JSON = dict[str, Any]
METHODS = ("completion", "claim")
# a decided territory: (winner, marker, method, play number of the decision)
Decided = tuple[int, int, str, int]
# a card on the table: (card index, play number)
Placed = tuple[int, int]


def _card(cid: Any, state: KingdomsState, where: str) -> int:
    c = state.pool.index.get(cid, -1) if isinstance(cid, str) else -1
    if c < 0:
        raise StateFormatError(f"{where}: unknown card id {cid!r}")
    return c


def _list(obj: Any, where: str) -> list[Any]:
    if not isinstance(obj, list):
        raise StateFormatError(f"'{where}' must be a list, not {type(obj).__name__}")
    return obj


def _int(obj: Any, where: str, low: int, high: int | None = None) -> int:
    if type(obj) is not int or obj < low or (high is not None and obj > high):
        span = f"{low}-{high}" if high is not None else f"at least {low}"
        raise StateFormatError(f"'{where}' must be an integer {span}, not {obj!r}")
    return obj


# -- deck and hands ----------------------------------------------------------------------
def save_deck(deck: list[int], state: KingdomsState) -> list[str]:
    ids = state.pool.ids
    return [ids[c] for c in reversed(deck)]  # top card first


def load_deck(obj: Any, state: KingdomsState) -> list[int]:
    return [_card(c, state, "deck") for c in reversed(_list(obj, "deck"))]


def save_hands(hands: list[list[int]], state: KingdomsState) -> list[list[str]]:
    ids = state.pool.ids
    return [[ids[c] for c in hand] for hand in hands]


def load_hands(obj: Any, state: KingdomsState) -> list[list[int]]:
    hands = _list(obj, "hands")
    if len(hands) != state.players:
        raise StateFormatError(f"'hands' must have {state.players} entries, one per seat")
    return [sorted(_card(c, state, f"hand {p}") for c in _list(h, "hands")) for p, h in
            enumerate(hands)]  # fmt: skip


# -- the table ---------------------------------------------------------------------------
def save_table(table: list[list[tuple[Placed, ...]]], state: KingdomsState) -> list[Any]:
    ids = state.pool.ids
    return [[[[ids[c], n] for c, n in army] for army in row] for row in table]


def load_table(obj: Any, state: KingdomsState) -> list[list[tuple[Placed, ...]]]:
    rows = _list(obj, "armies")
    players = state.players
    if len(rows) != players or any(
        not isinstance(row, list) or len(row) != TERRITORIES for row in rows
    ):
        raise StateFormatError(f"'armies' must be {players} rows of {TERRITORIES} territories")
    table: list[list[tuple[Placed, ...]]] = []
    for p, row in enumerate(rows):
        out: list[tuple[Placed, ...]] = []
        for t, army in enumerate(row):
            where = f"armies of seat {p} in territory {t + 1}"
            if len(_list(army, where)) > CARDS_PER_TERRITORY:
                raise StateFormatError(f"seat {p} has more than 4 cards in territory {t + 1}")
            placed = []
            for entry in army:
                if not isinstance(entry, list) or len(entry) != 2:
                    raise StateFormatError(f"{where}: each card is [id, play number]")
                cid, n = entry
                if type(n) is not int or n < 1:
                    raise StateFormatError(f"card {cid} has a bad or repeated play number {n!r}")
                placed.append((_card(cid, state, where), n))
            out.append(tuple(placed))
        table.append(out)
    return table


# -- decisions and the turn --------------------------------------------------------------
def save_decided(decided: list[Decided | None]) -> list[JSON | None]:
    return [
        None if d is None else {"winner": d[0], "marker": d[1], "method": d[2], "play": d[3]}
        for d in decided
    ]


def load_decided(obj: Any, state: KingdomsState) -> list[Decided | None]:
    entries = _list(obj, "decided")
    if len(entries) != TERRITORIES:
        raise StateFormatError(f"'decided' must have {TERRITORIES} entries")
    out: list[Decided | None] = []
    for t, d in enumerate(entries):
        if d is None:
            out.append(None)
            continue
        if not isinstance(d, dict) or d.get("method") not in METHODS:
            raise StateFormatError(f"territory {t + 1}: bad decision {d!r}")
        try:
            winner = _int(d["winner"], "winner", 0, state.players - 1)
            marker = _int(d["marker"], "marker", 1, TERRITORIES)
            play = _int(d["play"], "play", 0)
        except (KeyError, StateFormatError):
            raise StateFormatError(f"territory {t + 1}: bad decision {d!r}") from None
        out.append((winner, marker, d["method"], play))
    return out


def load_counter(obj: Any, state: KingdomsState) -> int:
    return _int(obj, "play_counter", 0)


def load_seat(name: str) -> Any:
    def load(obj: Any, state: KingdomsState) -> int:
        if type(obj) is not int or not 0 <= obj < state.players:
            raise StateFormatError(f"'{name}' must be a seat 0-{state.players - 1}, not {obj!r}")
        return obj

    return load


def load_phase(obj: Any, state: KingdomsState) -> str:
    if obj not in PHASES:
        raise StateFormatError(f"unknown phase {obj!r}; one of {', '.join(PHASES)}")
    return str(obj)


def save_drawn(drawn: int, state: KingdomsState) -> str | None:
    return None if drawn < 0 else state.pool.ids[drawn]


def load_drawn(obj: Any, state: KingdomsState) -> int:
    return -1 if obj is None else _card(obj, state, "drawn")


def load_events(obj: Any, state: KingdomsState) -> list[JSON]:
    events = _list(obj, "events")
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events):
        raise StateFormatError("'events' must be a list of objects with a 'type'")
    return [dict(e) for e in events]
