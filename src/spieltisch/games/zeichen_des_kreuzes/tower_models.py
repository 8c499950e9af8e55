"""The tower's interface :class:`Tower` (ZK-T1), the bookkeeping every model shares
(:class:`TowerBase`) and the default model, :class:`TowerB` (two shelves with flushing,
ZK-T3, ZK-O8); Model A is in ``tower_model_a``.

Every ``u() < p`` of the rules is ``chance.bernoulli("tower", p)`` (the same draw as
``chance.unit("tower") < p``, but a coin the research adapters can list) and every
``shuffle`` is ``chance.shuffle("tower", ...)``, called in exactly the order of the
pseudocode (ZK-T7).
A throw may instead be given by ``new_game(chance_script={"tower": [...]})``: the tray it
lets out, in public terms (``chance_events``); the cubes then leave the thrown ones first,
then the lower shelf (Model B) or the order inside (Model A), and the thrown cubes that
stay lodge on the upper shelf (or at the end). Each tower keeps its per-colour counts
incrementally, so ``counts``/``count``/``total`` cost nothing whatever the tower holds."""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from ...engine.chance import Chance
from ...engine.errors import OptionError
from .colours import COLOURS, check_cubes, colour_name, named_counts, tally
from .tower_params import SHELF_MEMORIES, check_params

EVENT = "tower"  # the chance event name of every tower draw (ZK-T7)
UPPER_SHARE = 0.5  # ZK-H6 step 4 and ZK-O8: the long-run share of the upper shelf (ZK-T9)


@runtime_checkable
class Tower(Protocol):
    """What the game needs from a tower (ZK-T1, ZK-T8)."""

    chance: Chance  # public and reassignable: a cloned state rebinds its own generator

    @property
    def model(self) -> str:
        """``"B"``, ``"A"`` or ``"scripted"``."""
        ...

    def throw(self, cubes: list[int]) -> list[int]:
        """Throw ``cubes`` (canonical order: the fighting player's, then greens) in and
        return the tray: every cube that came out, old or new (ZK-C6)."""
        ...

    def empty(self) -> list[int]:
        """Take every cube out; the tower is empty afterwards (ZK-T5)."""
        ...

    def counts(self) -> dict[int, int]:
        """Cubes inside per colour, non-zero colours only (public, ZK-T6)."""
        ...

    def count(self, colour: int) -> int:
        """Cubes of ``colour`` inside."""
        ...

    def total(self) -> int:
        """Cubes inside."""
        ...

    def clone(self, chance: Chance) -> Tower:
        """An independent copy drawing from ``chance``."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The full tower, hidden cube positions included (see the module docstring)."""
        ...

    def resample_hidden(self, rng: random.Random) -> None:
        """Re-deal what no seat can see, keeping the public counts (ZK-H6 step 4)."""
        ...

    def lay(self, cubes: Sequence[int], rng: random.Random) -> None:
        """Hold exactly ``cubes``, laid where the hidden places are drawn by ``rng``."""
        ...


class TowerBase(ABC):
    """Shared bookkeeping: the counts per colour, kept incrementally (ZK-T1 conservation)."""

    model = "base"
    __slots__ = ("_counts", "_total", "chance")

    def __init__(self, chance: Chance) -> None:
        self.chance = chance
        self._emptied()

    def _emptied(self) -> None:
        """Every count to zero (the tower has just been emptied)."""
        self._counts = [0] * COLOURS
        self._total = 0

    def _copy_counts(self, other: TowerBase, chance: Chance) -> None:
        """Give a clone this tower's counts and the chance it draws from."""
        other.chance = chance
        other._counts = list(self._counts)
        other._total = self._total

    def counts(self) -> dict[int, int]:
        return {c: n for c, n in enumerate(self._counts) if n}

    def count(self, colour: int) -> int:
        return self._counts[colour]

    def total(self) -> int:
        return self._total

    def _recount(self, cubes: Iterable[int]) -> None:
        self._counts = tally(cubes)
        self._total = sum(self._counts)

    def _thrown_in(self, cubes: Sequence[int]) -> None:
        check_cubes(cubes)
        counts = self._counts
        for c in cubes:
            counts[c] += 1
        self._total += len(cubes)

    def _came_out(self, tray: Sequence[int]) -> None:
        counts = self._counts
        for c in tray:
            counts[c] -= 1
        self._total -= len(tray)

    def scripted_tray(self, cubes: Sequence[int]) -> list[int] | None:
        """The tray ``new_game(chance_script={"tower": ...})`` gave this throw, if any: a
        ``{"tray": [colour, ...]}`` outcome first in the generator's queue of the "tower"
        event (a bool, number or list there is one of the pseudocode's own draws).
        Raises ``ValueError`` if the tray cannot come out of the tower (ZK-T8)."""
        chance = self.chance
        if not chance.scripted(EVENT) or not isinstance(chance.peek_scripted(EVENT), dict):
            return None
        tray = list(chance.take_scripted(EVENT)["tray"])
        check_tray(self._counts, cubes, tray)
        return tray

    @abstractmethod
    def throw(self, cubes: list[int]) -> list[int]: ...

    @abstractmethod
    def empty(self) -> list[int]: ...

    @abstractmethod
    def clone(self, chance: Chance) -> Tower: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    def resample_hidden(self, rng: random.Random) -> None:
        """Nothing hidden to resample (ZK-H6 step 4: Model A, Model B with ``resample``)."""
        return None

    def lay(self, cubes: Sequence[int], rng: random.Random) -> None:
        """Hold exactly ``cubes`` (a position gives the tower's counts per colour; where
        each cube lies is hidden, ZK-H3, and ``rng`` lays them as ZK-H6 step 4 does)."""
        check_cubes(cubes)
        self._recount(cubes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TowerBase):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable: compared by value

    def __repr__(self) -> str:
        inside = ", ".join(f"{k} {v}" for k, v in named_counts(self._counts).items())
        return f"<{type(self).__name__} {inside or 'empty'}>"


def check_tray(counts: Sequence[int], cubes: Sequence[int], tray: Sequence[int]) -> None:
    """ZK-T8: a prescribed tray must be a sub-multiset of the contents plus the thrown."""
    have = list(counts)
    for c in cubes:
        have[c] += 1
    need = tally(tray)
    short = [colour_name(c) for c in range(COLOURS) if need[c] > have[c]]
    if short:
        raise ValueError(
            f"prescribed tray {named_counts(need)} is not a sub-multiset of the tower contents "
            f"plus the thrown cubes {named_counts(have)}: too many {', '.join(short)} (ZK-T8)"
        )


def take_out(need: list[int], cubes: Iterable[int]) -> list[int]:
    """The cubes that stay when those ``need`` counts still asks for leave (``need`` is
    counted down)."""
    stay = []
    for c in cubes:
        if need[c]:
            need[c] -= 1
        else:
            stay.append(c)
    return stay


# -- Model B (ZK-T3, ZK-O8) ---------------------------------------------------------------


class TowerB(TowerBase):
    """Two shelves with flushing (ZK-T3). ``shelves[0]`` is the upper shelf, ``shelves[1]``
    the lower, each in order. With ``shelf_memory="resample"`` the cubes are redistributed
    over the shelves at the start of every throw (ZK-O8).

    The probabilities ``s0 * max(0, 1 - len/K)`` and ``1 - (1 - d) ** m`` are tabulated;
    the powers are built by repeated multiplication so that they are the same IEEE doubles
    on every machine (a library ``pow`` may differ in the last bit)."""

    model = "B"
    __slots__ = ("K", "_lodge", "_powers", "_release", "d", "s0", "shelf_memory", "shelves")

    def __init__(
        self,
        chance: Chance,
        s0: float = 0.19,
        K: float = 25,  # the rules' name
        d: float = 0.065,
        shelf_memory: str = "persistent",
    ) -> None:
        super().__init__(chance)
        check_params("B", {"s0": s0, "K": K, "d": d})
        if shelf_memory not in SHELF_MEMORIES:
            raise OptionError(
                f"tower_shelf_memory must be one of {', '.join(SHELF_MEMORIES)}, "
                f"not {shelf_memory!r} (ZK-O8)"
            )
        self.s0 = s0
        self.K = K
        self.d = d
        self.shelf_memory = shelf_memory
        self.shelves: list[list[int]] = [[], []]
        # _lodge[n] = s0 * max(0, 1 - n / K); zero from n >= K on (and beyond the table)
        self._lodge = [s0 * max(0, 1 - n / K) for n in range(math.ceil(K) + 1)]
        self._release = [0.0]  # _release[m] = 1 - (1 - d) ** m, extended on demand
        self._powers = [1.0]

    def _release_for(self, m: int) -> float:
        table = self._release
        if m < len(table):
            return table[m]
        powers, q = self._powers, 1 - self.d
        while len(powers) <= m:
            powers.append(powers[-1] * q)
            table.append(1 - powers[-1])
        return table[m]

    def throw(self, cubes: list[int]) -> list[int]:
        tray = self.scripted_tray(cubes)
        self._thrown_in(cubes)
        if tray is not None:
            self._let_out(tray, cubes)
            return tray
        chance = self.chance
        coin = chance.bernoulli  # bound once: the loops below draw a coin per cube
        shelves = self.shelves
        if self.shelf_memory == "resample":  # ZK-O8, at the start of every THROW_B
            everything = shelves[0] + shelves[1]
            chance.shuffle(EVENT, everything)
            upper: list[int] = []
            lower: list[int] = []
            for c in everything:
                if coin(EVENT, UPPER_SHARE):
                    upper.append(c)
                else:
                    lower.append(c)
            shelves[0], shelves[1] = upper, lower
        falling = list(cubes)  # canonical order: X's cubes, then greens
        chance.shuffle(EVENT, falling)
        lodge = self._lodge
        top = len(lodge)
        for i in (0, 1):  # upper shelf, then lower shelf
            shelf = shelves[i]
            passing: list[int] = []
            for c in falling:
                n = len(shelf)  # evaluated now: grows as cubes lodge
                if coin(EVENT, lodge[n] if n < top else 0.0):
                    shelf.append(c)
                else:
                    passing.append(c)
            r = self._release_for(len(passing))
            stay: list[int] = []
            for c in shelf:  # includes cubes that lodged in this throw
                if coin(EVENT, r):
                    passing.append(c)
                else:
                    stay.append(c)
            shelves[i] = stay
            falling = passing
        self._came_out(falling)
        return falling

    def empty(self) -> list[int]:
        out = self.shelves[0] + self.shelves[1]
        self.shelves = [[], []]
        self._emptied()
        return out

    def clone(self, chance: Chance) -> TowerB:
        other = TowerB.__new__(TowerB)
        self._copy_counts(other, chance)
        other.s0, other.K, other.d = self.s0, self.K, self.d
        other.shelf_memory = self.shelf_memory
        other.shelves = [list(self.shelves[0]), list(self.shelves[1])]
        other._lodge = self._lodge  # immutable after construction: shared
        other._release = list(self._release)
        other._powers = list(self._powers)
        return other

    def params(self) -> dict[str, float]:
        return {"s0": self.s0, "K": self.K, "d": self.d}

    def to_json(self) -> dict[str, Any]:
        """``{"model": "B", "params", "shelf_memory", "shelves": [upper, lower]}``; the
        shelves are hidden information (ZK-H3)."""
        return {
            "model": "B",
            "params": self.params(),
            "shelf_memory": self.shelf_memory,
            "shelves": [list(self.shelves[0]), list(self.shelves[1])],
        }

    def _let_out(self, tray: list[int], cubes: list[int]) -> None:
        """A scripted throw: the tray leaves the thrown cubes first, then the lower shelf,
        then the upper; the thrown cubes that stay lodge on the upper shelf."""
        need = tally(tray)
        kept = take_out(need, cubes)
        below = take_out(need, self.shelves[1])
        above = take_out(need, self.shelves[0])
        self.shelves = [above + kept, below]
        self._came_out(tray)

    def lay(self, cubes: Sequence[int], rng: random.Random) -> None:
        check_cubes(cubes)
        self.shelves = [[], list(cubes)]  # with resampled shelves they stay below (ZK-O8)
        self._recount(cubes)
        self.resample_hidden(rng)

    def resample_hidden(self, rng: random.Random) -> None:
        """ZK-H6 step 4 (``persistent`` shelf memory only): keep the counts, put every cube
        on the upper shelf with probability 0.5, else the lower, and shuffle each shelf.
        The cubes are taken in colour order, so the result depends on the public counts
        and ``rng`` only, never on the hidden shelves."""
        if self.shelf_memory != "persistent":
            return
        upper: list[int] = []
        lower: list[int] = []
        for c, n in enumerate(self._counts):
            for _ in range(n):
                if rng.random() < UPPER_SHARE:
                    upper.append(c)
                else:
                    lower.append(c)
        rng.shuffle(upper)
        rng.shuffle(lower)
        self.shelves = [upper, lower]
