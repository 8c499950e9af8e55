"""Table clocks and seat takeovers (zombie mode): settings, and the time each seat has used,
as pure bookkeeping over timestamps.

Every figure is derived from the move log's timestamps and the table's events (timeouts,
takeovers, restarts), so a restarted server knows exactly how much time each seat has left.
Bots and seats a bot has taken over have no running clock.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

CLOCK_MODES = ("none", "days", "minutes")
TIMEOUT_RULES = ("bot", "end")
DAY_S = 86400.0
# the expert bot's seconds per decision: inside the table's 5-second limit (bot_turns)
EXPERT_SECONDS = 4.0
EXPERT_RANGE = (1.0, 4.5)

# table events (stored in the log beside the moves)
TIMEOUT = "timeout"  # a seat's clock ran out
AWAY = "away"  # a bot took over a seat whose player left
BACK = "back"  # the player of an away seat came back and plays again
RESUME = "resume"  # the server restarted: the time it was down is nobody's
EVENT_KINDS = (TIMEOUT, AWAY, BACK, RESUME)


class SettingsError(ValueError):
    """Table settings that make no sense; the message names the setting."""


def _number(
    obj: dict[str, Any], name: str, default: float, low: float, high: float, zero_ok: bool = False
) -> float:
    value = obj.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SettingsError(f"table setting {name!r} must be a number, not {value!r}")
    if not low < value <= high and not (zero_ok and value == 0):
        bounds = f"[{low:g}, {high:g}]" if zero_ok else f"({low:g}, {high:g}]"
        raise SettingsError(f"table setting {name!r} must be in {bounds}, not {value}")
    return float(value)


def _seconds(obj: dict[str, Any], name: str, default: float, low: float, high: float) -> float:
    """A number of seconds in [low, high]."""
    value = obj.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SettingsError(f"table setting {name!r} must be a number of seconds, not {value!r}")
    if not low <= value <= high:
        raise SettingsError(
            f"table setting {name!r} must be between {low:g} and {high:g} seconds, not {value:g}"
        )
    return float(value)


@dataclass(frozen=True)
class TableSettings:
    """How a table is timed and who plays a seat whose player is gone.

    ``clock``: ``none``; ``days`` (turn-based: each decision within ``days_per_move`` days);
    ``minutes`` (real time: each seat has ``minutes`` for the whole game, plus
    ``increment_s`` seconds after each of its moves). ``on_timeout``: ``bot`` (a bot plays
    the seat for the rest of the game and the seat has lost on time) or ``end`` (the game
    ends: the seat that ran out of time loses, every other seat wins). ``zombie_after_s``:
    a bot (``zombie_bot``) plays for a human seat that must act and has had no open
    connection for this many seconds, until its player comes back; ``None`` never.

    ``expert_seconds``: how long the ``expert`` bot thinks per decision at this table
    (1–4.5 s, inside the table's 5-second limit). ``hints``: whether a seated player may ask
    for a suggested move; a casual table has them, a rated or competitive table turns them
    off."""

    clock: str = "none"
    days_per_move: float = 1.0
    minutes: float = 10.0
    increment_s: float = 0.0
    on_timeout: str = "bot"
    zombie_after_s: float | None = None
    zombie_bot: str = "heuristic"
    # a guided first game (server/tutorial.py): its bots follow the script, and a real-time
    # step waits for the learner instead of running against the clock
    tutorial: bool = False
    expert_seconds: float = EXPERT_SECONDS
    hints: bool = True

    @classmethod
    def from_json(cls, obj: Any) -> TableSettings:
        if obj is None:
            return cls()
        if not isinstance(obj, dict):
            raise SettingsError("table settings must be a JSON object")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(obj) - known)
        if unknown:
            raise SettingsError(
                f"unknown table setting {unknown[0]!r}; known: {', '.join(sorted(known))}"
            )
        clock = obj.get("clock", "none")
        if clock not in CLOCK_MODES:
            raise SettingsError(
                f"table setting 'clock' must be one of {CLOCK_MODES}, not {clock!r}"
            )
        on_timeout = obj.get("on_timeout", "bot")
        if on_timeout not in TIMEOUT_RULES:
            raise SettingsError(
                f"table setting 'on_timeout' must be one of {TIMEOUT_RULES}, not {on_timeout!r}"
            )
        away = obj.get("zombie_after_s")
        zombie_after_s = (
            None if away is None else _number(obj, "zombie_after_s", 0, 0, DAY_S, zero_ok=True)
        )
        bot = obj.get("zombie_bot", "heuristic")
        if not isinstance(bot, str) or not bot:
            raise SettingsError(f"table setting 'zombie_bot' must be a bot's name, not {bot!r}")
        tutorial = obj.get("tutorial", False)
        if not isinstance(tutorial, bool):
            raise SettingsError(f"table setting 'tutorial' must be true or false, not {tutorial!r}")
        hints = obj.get("hints", True)
        if not isinstance(hints, bool):
            raise SettingsError(f"table setting 'hints' must be true or false, not {hints!r}")
        return cls(
            tutorial=tutorial,
            hints=hints,
            expert_seconds=_seconds(obj, "expert_seconds", EXPERT_SECONDS, *EXPERT_RANGE),
            clock=clock,
            days_per_move=_number(obj, "days_per_move", 1.0, 0, 60),
            minutes=_number(obj, "minutes", 10.0, 0, 600),
            increment_s=_number(obj, "increment_s", 0.0, 0, 3600, zero_ok=True),
            on_timeout=on_timeout,
            zombie_after_s=zombie_after_s,
            zombie_bot=bot,
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def timed(self) -> bool:
        return self.clock != "none"

    @property
    def watched(self) -> bool:
        """Whether anything about the table runs by the wall clock."""
        return self.timed or self.zombie_after_s is not None


class SeatClocks:
    """Time used by each seat, advanced at every move and table event.

    ``waiting`` are the seats whose clocks run now (human seats that must act); ``since``
    is when the current stretch began; ``turn_start`` is when each waiting seat's current
    decision began (the turn-based limit counts from there)."""

    def __init__(self, settings: TableSettings, players: int, start: float) -> None:
        self.settings = settings
        self.used = [0.0] * players
        self.bonus = [0.0] * players
        self.waiting: frozenset[int] = frozenset()
        self.since = start
        self.turn_start = [start] * players

    def advance(self, now: float, waiting: Iterable[int], mover: int | None = None) -> None:
        """At ``now`` (a move of ``mover``, or a table event): charge the stretch since the
        last advance to the seats that were waiting, then let ``waiting`` run."""
        elapsed = max(0.0, now - self.since)
        for seat in self.waiting:
            self.used[seat] += elapsed
        if mover is not None and self.settings.clock == "minutes":
            self.bonus[mover] += self.settings.increment_s
        new = frozenset(waiting)
        for seat in new:
            if seat not in self.waiting or seat == mover:
                self.turn_start[seat] = now
        self.waiting = new
        self.since = max(self.since, now)

    def restart(self, now: float) -> None:
        """The server was down until ``now``: that stretch is charged to nobody, and each
        waiting seat's turn-based decision starts afresh."""
        for seat in self.waiting:
            self.turn_start[seat] = now
        self.since = max(self.since, now)

    def left(self, seat: int, now: float) -> float | None:
        """Seconds ``seat`` has left (``None`` without a clock); may be negative when the
        time has run out and nobody has noticed yet."""
        mode = self.settings.clock
        running = seat in self.waiting
        if mode == "minutes":
            spent = self.used[seat] + (max(0.0, now - self.since) if running else 0.0)
            return self.settings.minutes * 60 + self.bonus[seat] - spent
        if mode == "days":
            limit = self.settings.days_per_move * DAY_S
            return limit - (max(0.0, now - self.turn_start[seat]) if running else 0.0)
        return None

    def deadline(self, seat: int, now: float) -> float | None:
        """When ``seat``'s running clock reaches zero (``None`` if it does not run)."""
        left = self.left(seat, now)
        if left is None or seat not in self.waiting:
            return None
        return now + left
