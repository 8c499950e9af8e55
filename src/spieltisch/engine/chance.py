"""Seeded chance: the single choke point for every random event of a game.

Every shuffle, draw, spin or throw calls one method here and names the event. That keeps
replays exact on every machine (SplitMix64 on plain integers, no hashing, no floats in rule
logic), makes clones cheap (the whole generator is one integer), and lets tests script the
outcome of a named event to reach any position, like boardgame.io's ``MockRandom``.
A rule written with a probability (``u() < p``) draws ``bernoulli(event, p)``: the same
bits as ``unit(event) < p``, but a coin with two outcomes that explicit chance can list.
Games read their scripted outcomes through ``scripted``, ``peek_scripted`` and
``take_scripted``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import StateFormatError

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_UNIT = 1.0 / (1 << 53)


class Chance:
    """SplitMix64 generator with named events and optional scripted outcomes."""

    __slots__ = ("_script", "_state")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
        self._state = seed & _MASK
        self._script: dict[str, list[Any]] = {}

    # -- the primitive -------------------------------------------------------------------
    def _next(self) -> int:
        s = (self._state + _GOLDEN) & _MASK
        self._state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _below(self, n: int) -> int:
        # rejection sampling keeps every outcome exactly equally likely
        limit = ((_MASK + 1) // n) * n
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def _scripted(self, event: str) -> tuple[bool, Any]:
        queue = self._script.get(event)
        if not queue:
            return False, None
        value = queue.pop(0)
        if not queue:
            del self._script[event]
        return True, value

    # -- events --------------------------------------------------------------------------
    def below(self, event: str, n: int) -> int:
        """A uniform integer in ``0..n-1`` for the named event."""
        if n <= 0:
            raise ValueError(f"chance event {event!r} needs at least one outcome")
        hit, value = self._scripted(event)
        if hit:
            if not isinstance(value, int) or not 0 <= value < n:
                raise ValueError(f"scripted outcome {value!r} for {event!r} is not in 0..{n - 1}")
            return value
        return self._below(n)

    def unit(self, event: str) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits, for rules written with a
        probability (``u() < p``); IEEE-754 doubles make the comparison exact everywhere."""
        hit, value = self._scripted(event)
        if hit:
            if not isinstance(value, (int, float)) or not 0 <= value < 1:
                raise ValueError(f"scripted outcome {value!r} for {event!r} is not in [0, 1)")
            return float(value)
        return (self._next() >> 11) * _UNIT

    def bernoulli(self, event: str, p: float) -> bool:
        """True with probability ``p`` (``0 <= p <= 1``) for the named event: exactly
        ``unit(event) < p``, drawing the same 64 bits (also when ``p`` is 0 or 1), so rules
        written with ``u() < p`` keep their games; but the outcome is a coin, which the
        research adapters offer as two explicit outcomes. A scripted outcome is a bool, or
        a number in ``[0, 1)`` taken as the uniform number compared with ``p``."""
        script = self._script
        if script and event in script:
            return self._scripted_bernoulli(event, p)
        if not 0.0 <= p <= 1.0:  # also refuses NaN
            raise ValueError(f"chance event {event!r}: probability {p!r} is not in [0, 1]")
        # _next inlined: the tower draws this in its inner loop
        s = (self._state + _GOLDEN) & _MASK
        self._state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _UNIT < p

    def _scripted_bernoulli(self, event: str, p: float) -> bool:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"chance event {event!r}: probability {p!r} is not in [0, 1]")
        _hit, value = self._scripted(event)
        if isinstance(value, bool):
            return value
        if not isinstance(value, (int, float)) or not 0 <= value < 1:
            raise ValueError(
                f"scripted outcome {value!r} for {event!r} is neither a bool nor in [0, 1)"
            )
        return value < p

    def choice(self, event: str, outcomes: Sequence[T]) -> T:
        """One of ``outcomes``, uniformly, for the named event."""
        hit, value = self._scripted(event)
        if hit:
            if value not in outcomes:
                raise ValueError(f"scripted outcome {value!r} for {event!r} is not possible")
            return value  # type: ignore[no-any-return]
        return outcomes[self._below(len(outcomes))]

    def shuffle(self, event: str, items: list[T]) -> None:
        """Shuffle ``items`` in place, uniformly (Fisher-Yates)."""
        hit, value = self._scripted(event)
        if hit:
            order = list(value)
            if sorted(map(repr, order)) != sorted(map(repr, items)):
                raise ValueError(f"scripted order for {event!r} is not a permutation")
            items[:] = order
            return
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]

    def script(self, event: str, *outcomes: Any) -> None:
        """Force the next outcomes of ``event`` (tests and tutorials)."""
        if outcomes:  # an event is in the script only while an outcome is left
            self._script.setdefault(event, []).extend(outcomes)

    def scripted(self, event: str) -> bool:
        """Whether an outcome of ``event`` is scripted and not used yet."""
        return event in self._script

    def peek_scripted(self, event: str) -> Any:
        """The next scripted outcome of ``event``, left in place (a game that scripts an
        event in terms of its own, such as a tower's whole tray, looks before it takes).
        Raises ``LookupError`` if none is left."""
        queue = self._script.get(event)
        if not queue:
            raise LookupError(f"no scripted outcome of {event!r} is left")
        return queue[0]

    def take_scripted(self, event: str) -> Any:
        """The next scripted outcome of ``event``, taken (the next draw of the event no
        longer sees it). Raises ``LookupError`` if none is left."""
        hit, value = self._scripted(event)
        if not hit:
            raise LookupError(f"no scripted outcome of {event!r} is left")
        return value

    # -- copies and persistence ----------------------------------------------------------
    def clone(self) -> Chance:
        other = Chance.__new__(Chance)
        other._state = self._state
        other._script = {k: list(v) for k, v in self._script.items()} if self._script else {}
        return other

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"splitmix64": self._state}
        if self._script:
            out["script"] = {k: list(v) for k, v in sorted(self._script.items())}
        return out

    def restore(self, obj: Any) -> None:
        """Take the generator state of ``obj`` (a ``to_json`` document) in place, so that
        every component holding this generator (Im Zeichen des Kreuzes's tower) follows."""
        loaded = Chance.from_json(obj)
        self._state = loaded._state
        self._script = loaded._script

    @classmethod
    def from_json(cls, obj: Any) -> Chance:
        if not isinstance(obj, dict) or not isinstance(obj.get("splitmix64"), int):
            raise StateFormatError("chance must be an object with an integer 'splitmix64'")
        state = obj["splitmix64"]
        if not 0 <= state <= _MASK:
            raise StateFormatError("chance 'splitmix64' must be a 64-bit unsigned integer")
        out = cls(0)
        out._state = state
        script = obj.get("script", {})
        if not isinstance(script, dict) or not all(isinstance(v, list) for v in script.values()):
            raise StateFormatError("chance 'script' must map event names to lists")
        out._script = {str(k): list(v) for k, v in script.items() if v}
        return out


def _as_is(outcome: Any, players: int, options: Mapping[str, Any]) -> Any:
    return outcome


@dataclass(frozen=True)
class ChanceEvent:
    """A named chance event of a game, as ``new_game(chance_script=...)`` scripts it.

    ``kind`` is the generator call that draws it (``below``, ``choice``, ``shuffle``,
    ``bernoulli`` or ``unit``; an event drawn by several calls names the one that decides
    how the research adapters see it: ``unit`` if any draw is ``unit``); ``outcome`` says
    in words what one scripted outcome is, in the public codes the players read (card
    codes, city names); ``decode`` turns such an outcome into the value the game's call
    takes (raising ``ValueError`` naming the problem)."""

    name: str
    kind: str
    doc: str
    outcome: str
    decode: Callable[[Any, int, Mapping[str, Any]], Any] = _as_is
    rule: str | None = None


# the generator ``new_game`` prepared for the state being created (scripted outcomes
# included); the state's ``_init_common`` takes it
PENDING: ContextVar[Chance | None] = ContextVar("spieltisch_pending_chance", default=None)


# -- explicit chance: outcomes chosen from outside (the OpenSpiel adapter's chance nodes) --
UNIT_BITS = 53  # a unit draw is an integer k in 0..2**53-1, the value k / 2**53


class ChanceNeeded(BaseException):
    """Raised by an ``ExplicitChance`` at a draw whose outcome has not been chosen yet.

    ``event`` is the name the rules gave the call, ``kind`` the call (``below``, ``choice``,
    ``shuffle`` for one Fisher-Yates step, ``bernoulli``, ``unit``), ``outcomes`` the number
    of outcomes of this draw (``None`` for ``unit``: 2**53 outcomes, sampled rather than
    listed) and ``probabilities`` theirs: ``None`` when each is equally likely, else one
    per outcome (``bernoulli``: ``(p, 1 - p)``, outcome 0 being true). A
    ``BaseException``, so that no ``except Exception`` in rules code can swallow it; the
    state that raised it is left half-changed and must be thrown away."""

    def __init__(
        self,
        event: str,
        kind: str,
        outcomes: int | None,
        probabilities: tuple[float, ...] | None = None,
    ) -> None:
        super().__init__(event, kind, outcomes, probabilities)
        self.event = event
        self.kind = kind
        self.outcomes = outcomes
        self.probabilities = probabilities


class ExplicitChance(Chance):
    """A generator whose draws are outcomes chosen from outside, one primitive draw at a
    time: ``draws`` lists every outcome of the game so far in order (an integer in
    ``0..n-1`` for a draw among ``n`` -- one per ``below`` and ``choice``, one per
    Fisher-Yates step of a ``shuffle``, ``0`` (true) or ``1`` (false) for a ``bernoulli``
    -- and ``k`` in ``0..2**53-1`` for a ``unit`` draw of ``k / 2**53``); ``at`` counts
    those consumed. A ``bernoulli`` whose ``p`` is 0 or 1 has one possible outcome: it is
    decided without a draw, so an outcome of probability 0 is never asked for. A draw past
    the end raises ``ChanceNeeded``. Scripted outcomes (``chance_script``) still come first
    and are not draws. The seeded stream is never used, so ``draws`` with the moves
    reproduce a game exactly; they are saved with the generator (``to_json()["draws"]``).

    A shuffle consumes the draws a seeded ``Chance.shuffle`` would make, in the same order
    (``j`` for ``i = len - 1`` down to ``1``), so outcome ``j`` of a step swaps items ``i``
    and ``j``; its steps follow each other with one outcome fewer each, down to 2 (the
    OpenSpiel adapter relies on it to skip replaying a step within a shuffle)."""

    __slots__ = ("at", "draws")

    def __init__(self, seed: int, draws: Sequence[int] = ()) -> None:
        super().__init__(seed)
        self.draws: list[int] = list(draws)
        self.at = 0

    def _take(
        self,
        event: str,
        kind: str,
        n: int | None,
        probabilities: tuple[float, ...] | None = None,
    ) -> int:
        at = self.at
        draws = self.draws
        if at == len(draws):
            raise ChanceNeeded(event, kind, n, probabilities)
        value = draws[at]
        limit = (1 << UNIT_BITS) if n is None else n
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limit:
            raise ValueError(
                f"drawn outcome {value!r} for {event!r} ({kind}) is not in 0..{limit - 1}"
            )
        self.at = at + 1
        return value

    def below(self, event: str, n: int) -> int:
        if event in self._script or n <= 0:
            return super().below(event, n)
        return self._take(event, "below", n)

    def bernoulli(self, event: str, p: float) -> bool:
        if event in self._script:
            return super().bernoulli(event, p)
        if not 0.0 < p < 1.0:  # certain: no draw (an outcome of probability 0 is no node)
            if p == 0.0 or p == 1.0:
                return p == 1.0
            raise ValueError(f"chance event {event!r}: probability {p!r} is not in [0, 1]")
        return self._take(event, "bernoulli", 2, (p, 1.0 - p)) == 0

    def unit(self, event: str) -> float:
        if event in self._script:
            return super().unit(event)
        return self._take(event, "unit", None) * _UNIT

    def choice(self, event: str, outcomes: Sequence[T]) -> T:
        if event in self._script:
            return super().choice(event, outcomes)
        if not outcomes:
            raise ValueError(f"chance event {event!r} needs at least one outcome")
        return outcomes[self._take(event, "choice", len(outcomes))]

    def shuffle(self, event: str, items: list[T]) -> None:
        if event in self._script:
            super().shuffle(event, items)
            return
        for i in range(len(items) - 1, 0, -1):
            j = self._take(event, "shuffle", i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> ExplicitChance:
        other = ExplicitChance.__new__(ExplicitChance)
        other._state = self._state
        other._script = {k: list(v) for k, v in self._script.items()} if self._script else {}
        other.draws = self.draws.copy()
        other.at = self.at
        return other

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["draws"] = self.draws[: self.at]
        return out

    def restore(self, obj: Any) -> None:
        super().restore(obj)
        draws = obj.get("draws", [])
        if not isinstance(draws, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in draws
        ):
            raise StateFormatError("chance 'draws' must be a list of non-negative integers")
        self.draws = list(draws)
        self.at = len(draws)
