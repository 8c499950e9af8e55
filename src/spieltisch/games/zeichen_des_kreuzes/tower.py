"""The cube tower of Im Zeichen des Kreuzes (ZK-T1..ZK-T9).

One small interface, :class:`Tower` (ZK-T1), and three implementations:

* :class:`TowerB` - two shelves with flushing, the default (ZK-T3, ZK-O8);
* :class:`TowerA` - independent release (ZK-T4);
* :class:`ScriptedTower` - the test double that returns prescribed trays (ZK-T8).

Colours are small integers: seats ``0..4`` are the player colours, :data:`GREEN` is 5.
Every ``u()`` of the rules is ``chance.unit("tower")`` and every ``shuffle`` is
``chance.shuffle("tower", ...)``, called in exactly the order of the pseudocode (ZK-T7).
Each tower keeps its per-colour counts incrementally, so ``counts``/``count``/``total`` cost
nothing whatever the tower holds.

Visibility (ZK-T6, ZK-H1, ZK-H3): only :meth:`Tower.counts` is public. In ``to_json()`` the
cube lists (``"shelves"`` of Model B, ``"inside"`` of Model A and of the scripted tower) hold
the order and the shelf of every cube; they are hidden from every seat and belong in the full
state only, never in a view.
"""

from __future__ import annotations

import math
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from ...engine.chance import Chance
from ...engine.errors import OptionError, StateFormatError

GREEN = 5
COLOURS = 6
EVENT = "tower"  # the chance event name of every tower draw (ZK-T7)

MODELS = ("B", "A")  # ZK-O6, the first is the default
SHELF_MEMORIES = ("persistent", "resample")  # ZK-O8, the first is the default
DEFAULT_PARAMS: dict[str, dict[str, float]] = {  # ZK-O7
    "B": {"s0": 0.19, "K": 25, "d": 0.065},
    "A": {"p_new": 2 / 3, "p_old": 1 / 3},
}
UPPER_SHARE = 0.5  # ZK-H6 step 4 and ZK-O8: the long-run share of the upper shelf (ZK-T9)


# -- colours ------------------------------------------------------------------------------


def colour_name(colour: int) -> str:
    """``"P0"``..``"P4"`` for the player colours, ``"G"`` for green."""
    if colour == GREEN:
        return "G"
    if 0 <= colour < GREEN:
        return f"P{colour}"
    raise ValueError(f"{colour!r} is not a colour id (0..{GREEN})")


def colour_from_name(name: str) -> int:
    """The inverse of :func:`colour_name`."""
    if name == "G":
        return GREEN
    if len(name) == 2 and name[0] == "P" and name[1] in "01234":
        return int(name[1])
    raise ValueError(f"{name!r} is not a colour name (P0..P4 or G)")


def tally(cubes: Iterable[int]) -> list[int]:
    """Counts per colour, a list of length :data:`COLOURS`."""
    out = [0] * COLOURS
    for c in cubes:
        out[c] += 1
    return out


def _check_cubes(cubes: Sequence[int]) -> None:
    for c in cubes:
        if c.__class__ is not int or not 0 <= c < COLOURS:
            raise ValueError(f"{c!r} is not a colour id (0..{GREEN})")


def named_counts(counts: Sequence[int]) -> dict[str, int]:
    """Colour counts (a ``tally``) by colour name, non-zero colours only."""
    return {colour_name(c): n for c, n in enumerate(counts) if n}


# -- the interface (ZK-T1) ----------------------------------------------------------------


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
        _check_cubes(cubes)
        counts = self._counts
        for c in cubes:
            counts[c] += 1
        self._total += len(cubes)

    def _came_out(self, tray: Sequence[int]) -> None:
        counts = self._counts
        for c in tray:
            counts[c] -= 1
        self._total -= len(tray)

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

    def __repr__(self) -> str:
        inside = ", ".join(f"{k} {v}" for k, v in named_counts(self._counts).items())
        return f"<{type(self).__name__} {inside or 'empty'}>"


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
        _check_params("B", {"s0": s0, "K": K, "d": d})
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
        self._thrown_in(cubes)
        chance = self.chance
        u = chance.unit
        shelves = self.shelves
        if self.shelf_memory == "resample":  # ZK-O8, at the start of every THROW_B
            everything = shelves[0] + shelves[1]
            chance.shuffle(EVENT, everything)
            upper: list[int] = []
            lower: list[int] = []
            for c in everything:
                if u(EVENT) < UPPER_SHARE:
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
                if u(EVENT) < (lodge[n] if n < top else 0.0):
                    shelf.append(c)
                else:
                    passing.append(c)
            r = self._release_for(len(passing))
            stay: list[int] = []
            for c in shelf:  # includes cubes that lodged in this throw
                if u(EVENT) < r:
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


# -- Model A (ZK-T4) ----------------------------------------------------------------------


class TowerA(TowerBase):
    """Independent release (ZK-T4): each cube inside comes out with ``p_old``, each thrown
    cube with ``p_new``. ``inside`` is the ordered list T of the rules."""

    model = "A"
    __slots__ = ("inside", "p_new", "p_old")

    def __init__(self, chance: Chance, p_new: float = 2 / 3, p_old: float = 1 / 3) -> None:
        super().__init__(chance)
        _check_params("A", {"p_new": p_new, "p_old": p_old})
        self.p_new = p_new
        self.p_old = p_old
        self.inside: list[int] = []

    def throw(self, cubes: list[int]) -> list[int]:
        self._thrown_in(cubes)
        chance = self.chance
        u = chance.unit
        out: list[int] = []
        keep: list[int] = []
        p_old = self.p_old
        for c in self.inside:  # cubes already inside
            if u(EVENT) < p_old:
                out.append(c)
            else:
                keep.append(c)
        new = list(cubes)
        chance.shuffle(EVENT, new)
        p_new = self.p_new
        for c in new:
            if u(EVENT) < p_new:
                out.append(c)
            else:
                keep.append(c)
        self.inside = keep
        self._came_out(out)
        return out

    def empty(self) -> list[int]:
        out = self.inside
        self.inside = []
        self._emptied()
        return out

    def clone(self, chance: Chance) -> TowerA:
        other = TowerA.__new__(TowerA)
        self._copy_counts(other, chance)
        other.p_new, other.p_old = self.p_new, self.p_old
        other.inside = list(self.inside)
        return other

    def params(self) -> dict[str, float]:
        return {"p_new": self.p_new, "p_old": self.p_old}

    def to_json(self) -> dict[str, Any]:
        """``{"model": "A", "params", "inside"}``; the order of ``inside`` is hidden."""
        return {"model": "A", "params": self.params(), "inside": list(self.inside)}


# -- the scripted test double (ZK-T8) -----------------------------------------------------


TraySpec = Sequence[int] | Mapping[int, int] | Mapping[str, int]


def _colour_key(key: object) -> int:
    if isinstance(key, int) and not isinstance(key, bool):
        _check_cubes([key])
        return key
    if isinstance(key, str):
        return colour_from_name(key)
    raise ValueError(f"{key!r} is not a colour id or name")


def _tray_list(spec: TraySpec) -> list[int]:
    """A prescribed tray as a list of colour ids (a mapping expands in colour order)."""
    if isinstance(spec, Mapping):
        given: dict[int, object] = {_colour_key(k): v for k, v in spec.items()}
        out: list[int] = []
        for colour in sorted(given):
            n = given[colour]
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"tray count {n!r} for {colour_name(colour)} is not natural")
            out.extend([colour] * n)
        return out
    cubes = list(spec)
    _check_cubes(cubes)
    return cubes


class ScriptedTower(TowerBase):
    """Returns the prescribed trays in order and keeps its counts by conservation (ZK-T8).

    ``trays`` are lists of colour ids or ``{colour: count}`` mappings (colour ids or names
    such as ``"P0"``/``"G"``); ``contents`` is what the tower holds at the start. A tray that
    is not a sub-multiset of contents + thrown raises ``ValueError`` and changes nothing.
    The remaining script is part of ``to_json()``, so a state holding it round-trips."""

    model = "scripted"
    __slots__ = ("script",)

    def __init__(
        self,
        trays: Iterable[TraySpec] = (),
        contents: TraySpec | None = None,
        chance: Chance | None = None,
    ) -> None:
        super().__init__(chance if chance is not None else Chance(0))
        self.script: list[list[int]] = [_tray_list(t) for t in trays]
        self._recount(_tray_list(contents) if contents is not None else [])

    def add_trays(self, *trays: TraySpec) -> None:
        """Append prescribed trays to the script."""
        self.script.extend(_tray_list(t) for t in trays)

    def throw(self, cubes: list[int]) -> list[int]:
        _check_cubes(cubes)
        if not self.script:
            raise ValueError("the scripted tower has no tray left for this throw (ZK-T8)")
        tray = self.script[0]
        have = list(self._counts)
        for c in cubes:
            have[c] += 1
        need = tally(tray)
        short = [colour_name(c) for c in range(COLOURS) if need[c] > have[c]]
        if short:
            raise ValueError(
                f"prescribed tray {named_counts(need)} is not a sub-multiset of the tower contents "
                f"plus the thrown cubes {named_counts(have)}: too many {', '.join(short)} (ZK-T8)"
            )
        self.script.pop(0)
        self._thrown_in(cubes)
        self._came_out(tray)
        return list(tray)

    def empty(self) -> list[int]:
        out = [c for c, n in enumerate(self._counts) for _ in range(n)]
        self._emptied()
        return out

    def clone(self, chance: Chance) -> ScriptedTower:
        other = ScriptedTower.__new__(ScriptedTower)
        self._copy_counts(other, chance)
        other.script = [list(t) for t in self.script]
        return other

    def to_json(self) -> dict[str, Any]:
        """``{"model": "scripted", "inside": [...], "script": [[...], ...]}``."""
        inside = [c for c, n in enumerate(self._counts) for _ in range(n)]
        return {"model": "scripted", "inside": inside, "script": [list(t) for t in self.script]}


# -- options (ZK-O6..ZK-O8) ---------------------------------------------------------------

_INTEGER = re.compile(r"\s*[+-]?\d+\s*")


def _number(key: str, raw: object) -> float:
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise OptionError(f"tower_params: {key} must be a number, not {raw!r} (ZK-O7)")
    if isinstance(raw, str):
        try:
            value: float = int(raw) if _INTEGER.fullmatch(raw) else float(Fraction(raw.strip()))
        except (ValueError, ZeroDivisionError):
            raise OptionError(
                f"tower_params: {key} must be a number, not {raw!r} (ZK-O7)"
            ) from None
        return value
    return raw


def parse_tower_params(value: object) -> dict[str, float]:
    """The ``tower_params`` option (ZK-O7) as a dict: ``"default"`` (or ``None``/``""``) is
    ``{}``; a mapping is taken as it is; a string reads ``"s0=0.2,K=25"`` (fractions such as
    ``p_new=2/3`` allowed). Keys are checked against a model by :func:`resolve_tower_params`."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        items: list[tuple[object, object]] = list(value.items())
    elif isinstance(value, str):
        text = value.strip()
        if text in ("", "default"):
            return {}
        items = []
        for part in text.split(","):
            name, sep, raw = part.partition("=")
            if not sep or not name.strip():
                raise OptionError(
                    f"tower_params: {part.strip()!r} is not KEY=VALUE; write for example "
                    f"'s0=0.19,K=25,d=0.065' or 'default' (ZK-O7)"
                )
            items.append((name.strip(), raw.strip()))
    else:
        raise OptionError(
            f"tower_params must be 'default', KEY=VALUE pairs or a mapping, not {value!r} (ZK-O7)"
        )
    out: dict[str, float] = {}
    for key, entry in items:
        if not isinstance(key, str):
            raise OptionError(f"tower_params: key {key!r} is not a string (ZK-O7)")
        out[key] = _number(key, entry)
    return out


def _check_params(model: str, params: Mapping[str, object]) -> None:
    allowed = DEFAULT_PARAMS[model]
    for key, value in params.items():
        if key not in allowed:
            raise OptionError(
                f"tower_params: unknown key {key!r} for tower model {model}; "
                f"the keys are {', '.join(allowed)} (ZK-O7)"
            )
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
        ):
            raise OptionError(f"tower_params: {key} must be a finite number, not {value!r} (ZK-O7)")
        if key == "K":
            if value <= 0:
                raise OptionError(f"tower_params: K = {value} is out of range, K > 0 (ZK-O7)")
        elif not 0 <= value <= 1:
            raise OptionError(
                f"tower_params: {key} = {value} is out of range, 0 <= {key} <= 1 (ZK-O7)"
            )


def resolve_tower_params(model: str, params: Mapping[str, object] | None) -> dict[str, float]:
    """Check ``params`` for ``model`` and fill in the defaults (ZK-O7)."""
    if model not in MODELS:
        raise OptionError(f"tower_model must be one of {', '.join(MODELS)}, not {model!r} (ZK-O6)")
    given = dict(params or {})
    _check_params(model, given)
    out = dict(DEFAULT_PARAMS[model])
    out.update(given)  # type: ignore[arg-type]  # checked numbers
    return out


def make_tower(
    model: str = "B",
    params: Mapping[str, object] | None = None,
    shelf_memory: str = "persistent",
    chance: Chance | None = None,
) -> Tower:
    """The tower the options ask for (ZK-O6, ZK-O7, ZK-O8); empty (ZK-T2).

    Raises ``OptionError`` naming the option on a bad model, key, value or shelf memory
    (``resample`` is a Model B option only)."""
    full = resolve_tower_params(model, params)
    if shelf_memory not in SHELF_MEMORIES:
        raise OptionError(
            f"tower_shelf_memory must be one of {', '.join(SHELF_MEMORIES)}, "
            f"not {shelf_memory!r} (ZK-O8)"
        )
    rng = chance if chance is not None else Chance(0)
    if model == "A":
        if shelf_memory != "persistent":
            raise OptionError("tower_shelf_memory = resample applies to tower model B only (ZK-O8)")
        return TowerA(rng, full["p_new"], full["p_old"])
    return TowerB(rng, full["s0"], full["K"], full["d"], shelf_memory)


# -- persistence --------------------------------------------------------------------------


def _cube_list(obj: object, where: str) -> list[int]:
    if not isinstance(obj, list):
        raise StateFormatError(f"tower {where} must be a list of colour ids")
    for c in obj:
        if c.__class__ is not int or not 0 <= c < COLOURS:
            raise StateFormatError(f"tower {where}: {c!r} is not a colour id (0..{GREEN})")
    return list(obj)


def tower_from_json(obj: object, chance: Chance) -> Tower:
    """The tower that ``to_json()`` wrote, drawing from ``chance``. Raises
    ``StateFormatError`` naming the problem on malformed input."""
    if not isinstance(obj, dict):
        raise StateFormatError("tower must be an object")
    model = obj.get("model")
    if model == "scripted":
        inside = _cube_list(obj.get("inside"), "'inside'")
        script = obj.get("script")
        if not isinstance(script, list):
            raise StateFormatError("tower 'script' must be a list of trays")
        scripted = ScriptedTower(chance=chance)
        scripted.script = [_cube_list(t, "'script' tray") for t in script]
        scripted._recount(inside)
        return scripted
    if model not in MODELS:
        raise StateFormatError(f"tower 'model' must be B, A or scripted, not {model!r}")
    params = obj.get("params")
    if not isinstance(params, dict) or set(params) != set(DEFAULT_PARAMS[model]):
        raise StateFormatError(
            f"tower 'params' must be an object with keys {', '.join(DEFAULT_PARAMS[model])}"
        )
    shelf_memory = obj.get("shelf_memory", "persistent")
    try:
        tower = make_tower(model, params, str(shelf_memory), chance)
    except OptionError as exc:
        raise StateFormatError(f"tower: {exc}") from None
    if isinstance(tower, TowerB):
        shelves = obj.get("shelves")
        if not isinstance(shelves, list) or len(shelves) != 2:
            raise StateFormatError("tower 'shelves' must be a list of two shelves")
        tower.shelves = [_cube_list(shelves[0], "upper shelf"), _cube_list(shelves[1], "lower")]
        tower._recount(tower.shelves[0] + tower.shelves[1])
    elif isinstance(tower, TowerA):
        tower.inside = _cube_list(obj.get("inside"), "'inside'")
        tower._recount(tower.inside)
    return tower


# -- the throw log (ZK-T6) ----------------------------------------------------------------


@dataclass(frozen=True)
class ThrowRecord:
    """One logged throw (ZK-T6, ZK-H1): cubes in, tray and the tower after, per colour
    (non-zero colours only)."""

    thrown: dict[int, int]
    tray: dict[int, int]
    after: dict[int, int]

    @classmethod
    def of(cls, thrown: Iterable[int], tray: Iterable[int], tower: Tower) -> ThrowRecord:
        """The record of a throw that has just happened in ``tower``."""
        t_in, t_out = tally(thrown), tally(tray)
        return cls(
            {c: n for c, n in enumerate(t_in) if n},
            {c: n for c, n in enumerate(t_out) if n},
            tower.counts(),
        )

    def to_json(self) -> dict[str, dict[str, int]]:
        """``{"thrown": {"P0": 5, "G": 3}, "tray": {...}, "after": {...}}``."""
        return {
            key: {colour_name(c): n for c, n in sorted(getattr(self, key).items())}
            for key in ("thrown", "tray", "after")
        }

    @classmethod
    def from_json(cls, obj: object) -> ThrowRecord:
        if not isinstance(obj, dict):
            raise StateFormatError("a throw record must be an object")
        parts: list[dict[int, int]] = []
        for key in ("thrown", "tray", "after"):
            part = obj.get(key)
            if not isinstance(part, dict):
                raise StateFormatError(f"throw record {key!r} must map colour names to counts")
            try:
                counts = {colour_from_name(str(k)): v for k, v in part.items()}
            except ValueError as exc:
                raise StateFormatError(f"throw record {key!r}: {exc}") from None
            if not all(v.__class__ is int and v > 0 for v in counts.values()):
                raise StateFormatError(f"throw record {key!r} counts must be positive integers")
            parts.append(dict(sorted(counts.items())))
        return cls(parts[0], parts[1], parts[2])
