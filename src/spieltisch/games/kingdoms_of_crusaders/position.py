"""Positions anyone can write: a text format with the names the players use (card codes,
territories 1-5, players P1-P4, play numbers), described in
``docs/positions/kingdoms-of-crusaders.md``::

    kingdoms-of-crusaders/1
    players: 2
    claims: auto
    stop when decided: no
    first player: P1
    turn: P2 to play, drew K41
    deck: K12 K40 ...
    hand P1: K01 K09 K17 K33 K38
    hand P2: K02 K07 K41 K44 K51 K55
    territory 1: P1 K36@1 K37@3 | P2 K34@2 K35@4 | won by P1, marker 1, claim at play 19
    ...

``write_position`` writes a state's position; ``read_position`` reads one into the players,
the options and the ``data`` of a state document (``document.py``), checking the syntax
only. ``Game.from_position`` then loads it, checks that it can happen (``consistency.py``)
and applies the automatic steps (``KingdomsState.normalize``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...engine.errors import PositionError
from .deck import DEFAULT_DECK, TERRITORIES
from .phases import CLAIM, OVER, PLAY
from .symbols import SLOTS

if TYPE_CHECKING:
    from .state import KingdomsState

HEADER = "kingdoms-of-crusaders/1"
JSON = dict[str, Any]
_SEAT = re.compile(r"P([1-4])$")
_PLACED = re.compile(r"(\S+)@(\d+)$")
_TURN = re.compile(r"(?:(P[1-4]) to (play|claim)(?:, drew (\S+))?|over)$")
_WON = re.compile(r"won by (P[1-4]), marker (\d+), (completion|claim) at play (\d+)$")


def _p(seat: int) -> str:
    return f"P{seat + 1}"


# -- writing -----------------------------------------------------------------------------
def write_position(state: KingdomsState) -> str:
    """The position of ``state`` in the documented format (module doc)."""
    ids = state.pool.ids
    options = state.options
    lines = [
        HEADER,
        f"players: {state.players}",
        f"claims: {options['claims']}",
        f"stop when decided: {'yes' if options['stop_when_decided'] else 'no'}",
        f"first player: {_p(state.first_player)}",
    ]
    if options["deck"] != DEFAULT_DECK:
        lines.append(
            "cards: " + " ".join(SLOTS[m] for m in state.pool.masks[: state.pool.base_count])
        )
    if state.phase == OVER:
        lines.append("turn: over")
    else:
        drew = f", drew {ids[state.drawn]}" if state.drawn >= 0 else ""
        lines.append(f"turn: {_p(state.active)} to {state.phase}{drew}")
    lines.append("deck: " + (" ".join(ids[c] for c in reversed(state.deck)) or "-"))
    for p, hand in enumerate(state.hands):
        lines.append(f"hand {_p(p)}: " + (" ".join(ids[c] for c in hand) or "-"))
    for t in range(TERRITORIES):
        sides = []
        for p in range(state.players):
            cards = " ".join(f"{ids[c]}@{n}" for c, n in state.table[p][t])
            sides.append(f"{_p(p)} {cards or '-'}")
        d = state.decided[t]
        if d is not None:
            sides.append(f"won by {_p(d[0])}, marker {d[1]}, {d[2]} at play {d[3]}")
        lines.append(f"territory {t + 1}: " + " | ".join(sides))
    return "\n".join(lines)


# -- reading -----------------------------------------------------------------------------
def _lines(text: str) -> dict[str, tuple[int, str]]:
    """``key -> (line number, value)`` of the ``key: value`` lines after the header."""
    rows = [(i, line.split("#", 1)[0].strip()) for i, line in enumerate(text.splitlines(), start=1)]
    rows = [(i, line) for i, line in rows if line]
    if not rows or rows[0][1] != HEADER:
        raise PositionError(f"a position of The Kingdoms of Crusaders starts with {HEADER!r}")
    out: dict[str, tuple[int, str]] = {}
    for i, line in rows[1:]:
        key, sep, value = line.partition(":")
        key = " ".join(key.split())
        if not sep:
            raise PositionError(f"line {i}: expected 'name: value', not {line!r}")
        if key in out:
            raise PositionError(f"line {i}: {key!r} is given twice (also on line {out[key][0]})")
        out[key] = (i, value.strip())
    return out


def _seat(word: str, players: int, where: str) -> int:
    m = _SEAT.match(word)
    if m is None or int(m.group(1)) > players:
        raise PositionError(f"{where}: {word!r} is not a player (P1 to P{players})")
    return int(m.group(1)) - 1


def _take(rows: dict[str, tuple[int, str]], key: str) -> tuple[int, str]:
    if key not in rows:
        raise PositionError(f"the position has no line {key!r}")
    return rows.pop(key)


def read_position(text: str) -> tuple[int, JSON, JSON]:
    """``(players, options, data)`` of a position written in the format; ``PositionError``
    names the line and what is wrong with it."""
    rows = _lines(text)
    i, value = _take(rows, "players")
    if value not in ("2", "3", "4"):
        raise PositionError(f"line {i}: the game has 2, 3 or 4 players, not {value!r}")
    players = int(value)
    options = _read_options(rows, players)
    data: JSON = {"first_player": options["first_player"], "events": []}
    _read_turn(rows, players, data)
    i, value = _take(rows, "deck")
    data["deck"] = [] if value == "-" else value.split()
    data["hands"] = []
    data["armies"] = [[[] for _ in range(TERRITORIES)] for _ in range(players)]
    data["decided"] = [None] * TERRITORIES
    for p in range(players):
        i, value = _take(rows, f"hand {_p(p)}")
        data["hands"].append([] if value == "-" else value.split())
    for t in range(TERRITORIES):
        _read_territory(rows, players, t, data)
    if rows:
        key, (i, _) = next(iter(rows.items()))
        raise PositionError(f"line {i}: unknown line {key!r} (see the position format)")
    numbers = [n for row in data["armies"] for army in row for _, n in army]
    data["play_counter"] = len(numbers)
    if data["phase"] == OVER:  # the seat that acted last; it takes no part in the position
        data["active"] = max(
            ((n, p) for p, row in enumerate(data["armies"]) for a in row for _, n in a),
            default=(0, data["first_player"]),
        )[1]
    return players, options, data


def _read_options(rows: dict[str, tuple[int, str]], players: int) -> JSON:
    options: JSON = {}
    i, value = _take(rows, "claims")
    options["claims"] = value
    i, value = _take(rows, "stop when decided")
    if value not in ("yes", "no"):
        raise PositionError(f"line {i}: 'stop when decided' is yes or no, not {value!r}")
    options["stop_when_decided"] = value == "yes"
    i, value = _take(rows, "first player")
    options["first_player"] = _seat(value, players, f"line {i}")
    if "cards" in rows:
        i, value = rows.pop("cards")
        options["deck"] = value.split()
    return options


def _read_turn(rows: dict[str, tuple[int, str]], players: int, data: JSON) -> None:
    i, value = _take(rows, "turn")
    m = _TURN.match(value)
    if m is None:
        raise PositionError(
            f"line {i}: the turn is 'P2 to play', 'P2 to play, drew K07', 'P2 to claim' or "
            f"'over', not {value!r}"
        )
    if value == "over":
        data["phase"], data["drawn"] = OVER, None
        return
    data["active"] = _seat(m.group(1), players, f"line {i}")
    data["phase"] = PLAY if m.group(2) == "play" else CLAIM
    data["drawn"] = m.group(3)


def _read_territory(rows: dict[str, tuple[int, str]], players: int, t: int, data: JSON) -> None:
    """``P1 K36@1 K37@3 | P2 - | won by P1, marker 1, claim at play 19``: each player's
    cards there with their play numbers, in play order, then the decision if any."""
    i, value = _take(rows, f"territory {t + 1}")
    where = f"line {i} (territory {t + 1})"
    done: set[int] = set()
    for part in (side.strip() for side in value.split("|")):
        won = _WON.match(part)
        if won is not None:
            if data["decided"][t] is not None:
                raise PositionError(f"{where}: the territory is won twice")
            data["decided"][t] = {
                "winner": _seat(won.group(1), players, where),
                "marker": int(won.group(2)),
                "method": won.group(3),
                "play": int(won.group(4)),
            }
            continue
        words = part.split()
        if not words:
            raise PositionError(f"{where}: an empty side; write 'P2 -' for no cards")
        p = _seat(words[0], players, where)
        if p in done:
            raise PositionError(f"{where}: {words[0]} is given twice")
        done.add(p)
        cards = [] if words[1:] == ["-"] else words[1:]
        for word in cards:
            m = _PLACED.match(word)
            if m is None:
                raise PositionError(
                    f"{where}: {word!r} is not a card with its play number, like K07@12"
                )
            data["armies"][p][t].append([m.group(1), int(m.group(2))])
    missing = [_p(p) for p in range(players) if p not in done]
    if missing:
        raise PositionError(f"{where}: no side for {', '.join(missing)}; write 'P2 -' if empty")
