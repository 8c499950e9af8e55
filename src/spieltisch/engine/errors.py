"""Errors raised by the kernel and the games. All are ``ValueError`` subclasses so that
callers who only care about "bad input" can catch one thing."""

from __future__ import annotations


class SpieltischError(ValueError):
    """Base class: something a caller supplied is wrong. Nothing was changed."""


class IllegalAction(SpieltischError):
    """An action that the rules forbid in this state. ``reason`` says why; ``rule`` cites the
    rule id (``"KC-R12"``) when one rule forbids it."""

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)


class OptionError(SpieltischError):
    """An unknown option, or a value an option does not accept."""


class MalformedAction(SpieltischError):
    """Action JSON that does not describe any action of the game."""


class StateFormatError(SpieltischError):
    """A state JSON document that does not match the documented schema."""


class RecordError(SpieltischError):
    """A game record that is malformed or does not replay."""


class NoEncoding(SpieltischError):
    """The game offers no numeric encoding (``Game.encoding``), so the research adapters
    and ``bench --obs`` cannot use it."""


class DataError(SpieltischError):
    """A component data file (deck, map, edition) that does not validate."""


class UnknownGame(SpieltischError):
    """No game is registered under that id."""


class PositionError(StateFormatError):
    """A position written by hand cannot be a position of the game: the message names the
    inconsistency (a card twice, a count beyond the rules, a turn order that cannot be)."""


class ChanceScriptError(OptionError):
    """A scripted chance event is unknown or its outcome is not possible."""
