"""One turn structure for every game: the current decision and the rules of its kind.

A game's state says what is being decided now (``State.decision()``): its ``kind`` (a
phase of the game: ``"play"``, ``"claim"``, ``"grab"``, ``"commit"``), the seats that
decide (one, or several at once) and the rule that governs it. For each kind the game has a
``Phase``: the rules of that decision, usually one module named after it. The kernel does
the rest the same way in all games:

* ``actors()`` are the decision's seats; ``legal_actions(seat)`` is the phase's list;
* ``explain(seat, action)`` says why an action is illegal (the turn, then the phase), with
  the rule id, or ``None`` when it is legal;
* ``apply`` refuses with that reason before changing anything, then lets the phase apply.

An action is legal exactly when it is in the generated list. A phase that can tell faster
than by generating the list overrides ``Phase.explain``; the invariant suite then checks
that both agree on every legal action and on every action of the game it tries."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .action import Action
from .errors import IllegalAction

if TYPE_CHECKING:
    from .game import State


@dataclass(frozen=True, slots=True)
class Decision:
    """What is being decided now: ``kind`` names the phase whose rules apply, ``actors``
    are the seats that decide (several in a simultaneous step) and ``rule`` is the id of
    the rule that says so (cited when another seat tries to act)."""

    kind: str
    actors: tuple[int, ...]
    rule: str | None = None


class Phase(ABC):
    """The rules of one kind of decision. Subclasses set ``kind`` and implement ``legal``
    and ``apply``; ``explain`` defaults to "not in the list"."""

    kind: ClassVar[str] = ""

    @abstractmethod
    def legal(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may take in this decision."""

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        """Why ``seat`` may not take ``action`` here (with the rule id), ``None`` if it
        may. Never changes ``state``. This default consults the generated list."""
        if action in self.legal(state, seat):
            return None
        return IllegalAction(f"{action} is not a legal {self.kind} move now")

    @abstractmethod
    def apply(self, state: Any, seat: int, action: Action) -> None:
        """Change ``state``; ``action`` has been found legal."""


def explain_turn(state: State, seat: Any) -> IllegalAction | None:
    """The checks every game shares: the game is on, the seat exists, it is its turn."""
    if state.is_over():
        return IllegalAction("the game is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        return IllegalAction(f"there is no seat {seat!r} in a {state.players}-player game")
    actors = state.actors()
    if seat not in actors:
        return IllegalAction(
            f"seat {seat} may not act now; waiting for seat(s) " + ", ".join(map(str, actors)),
            state.turn_rule(),
        )
    return None
