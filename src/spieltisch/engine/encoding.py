"""A game's fixed-size numeric face for learning tools (PettingZoo, OpenSpiel, Gymnasium).

Every game offers, per player count and options, an ``Encoding``: a fixed integer action
space (each action the game can ever offer has one index; the legal ones at a step are a
mask over it) and a flat observation vector of fixed length computed from what one seat
may see. The research adapters in ``spieltisch.research`` are built on it; the games stay
free of any numeric library (observations are plain lists of floats).

Contract (checked for every game by ``tests/encoding_checks.py``):

* ``action_index`` is injective on the actions legal at any one step, and
  ``action_from_index(state, seat, action_index(a)) == a`` for each of them;
  ``action_from_index`` refuses an index that is not legal now with ``IllegalAction``;
* every index is in ``range(num_actions)``; ``num_actions`` depends only on the players
  and options;
* ``observation(state, seat)`` has ``observation_size`` finite numbers; it depends only on
  what ``seat`` may see: a state re-dealt by ``state.resample(seat, rng)`` gives the same
  vector (the leak check applied to the tensors); ``seat=None`` is the public observation;
* ``observation_layout()`` names consecutive slices that cover the vector exactly (the
  documentation of each game's tensor is generated from it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import IllegalAction

if TYPE_CHECKING:
    from .action import Action
    from .game import State


@dataclass(frozen=True)
class Slice:
    """A named part of the observation vector: ``size`` numbers from ``start``."""

    name: str
    start: int
    size: int
    doc: str = ""


class Encoding(ABC):
    """The numeric interface of one game configuration (players and options)."""

    #: every action index is below this
    num_actions: int
    #: length of every observation vector
    observation_size: int
    #: no game of this configuration has more moves (all seats, chance not counted)
    max_game_length: int
    #: ``(min, max)`` of any seat's ``returns()``; ``None``: the shared formula's (-1, 1)
    #: (a game whose returns follow another formula must give its bounds)
    utility_bounds: tuple[float, float] | None = None
    #: ``(low, high)``: bounds the game promises for every observation number, either two
    #: numbers for all of them or two sequences of ``observation_size`` numbers (one pair
    #: per position, e.g. from the rules' component counts); ``None``: no promise
    observation_bounds: tuple[float, float] | tuple[Sequence[float], Sequence[float]] | None = None

    @abstractmethod
    def action_index(self, action: Action) -> int:
        """The action's index in ``range(num_actions)``."""

    def legal_indices(self, state: State, seat: int) -> list[int]:
        """The indices of ``seat``'s legal actions, ascending."""
        return sorted(self.action_index(a) for a in state.legal_actions(seat))

    def action_from_index(self, state: State, seat: int, index: int) -> Action:
        """The legal action of ``seat`` with this index; ``IllegalAction`` for any other.
        Games with large action lists override this with a direct decoding."""
        for action in state.legal_actions(seat):
            if self.action_index(action) == index:
                return action
        raise IllegalAction(f"action index {index} is not legal for seat {seat} now")

    @abstractmethod
    def observation(self, state: State, seat: int | None) -> list[float]:
        """What ``seat`` may see (``None``: a spectator), as ``observation_size`` numbers."""

    @abstractmethod
    def observation_layout(self) -> Sequence[Slice]:
        """The named slices of the observation, in order, covering it exactly."""

    def describe_action(self, index: int) -> str:
        """A short text for an action index (for debugging and docs); any index is fine."""
        return f"action {index}"


def check_layout(layout: Sequence[Slice], size: int) -> None:
    """Raise ``ValueError`` unless ``layout`` covers ``range(size)`` in order without gaps."""
    at = 0
    for part in layout:
        if part.start != at or part.size < 0:
            raise ValueError(f"observation slice {part.name!r} starts at {part.start}, not {at}")
        at += part.size
    if at != size:
        raise ValueError(f"the observation slices cover {at} numbers, not {size}")
