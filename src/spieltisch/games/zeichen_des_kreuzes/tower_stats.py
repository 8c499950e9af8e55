"""The tower calibration of Im Zeichen des Kreuzes by simulation (``spieltisch tower-stats``,
a command of the game's own: see ``manifest.py``).

Throws cubes into the game's own tower (``tower.py``) with a
seeded generator and measures the figures the rules file publishes as acceptance checks for
Model B (ZK-T9), next to the public anchors the model was calibrated on (S14, S16, S17):

* the probability that a thrown cube reaches the tray from an empty tower, n = 1..12 cubes;
* a long run of fights of 3 green + 3..7 own cubes (uniform), the tray taken away after every
  throw and the tower never emptied: mean and sd of the tower content, share of the cubes on
  the upper shelf, and the release rate of lodged cubes (the fraction of the cubes inside
  before a throw that come out in it);
* P(X wins) from an empty tower with ``tie_rule = defender`` (ZK-C8: A > Gt).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.chance import Chance
from ...engine.errors import OptionError
from ...engine.manifest import ToolContext
from .tower import (
    GREEN,
    Tower,
    make_tower,
    parse_tower_params,
    resolve_tower_params,
    tower_from_json,
)

# -- the published figures ----------------------------------------------------------------
# ZK-T9 (rules file, section 5.8): reference statistics for Model B, tolerance +-0.02.
REFERENCE_TOLERANCE = 0.02
REF_PASS_B = {1: 0.65, 3: 0.69, 5: 0.72, 8: 0.76, 12: 0.81}  # ZK-T9, empty tower
REF_MEAN_CONTENT_B = 4.9  # ZK-T9, long run
REF_SD_CONTENT_B = 2.2  # ZK-T9, long run
REF_UPPER_SHARE_B = 0.50  # ZK-T9, long run
REF_MEAN_CONTENT_A = 8.0  # ZK-T9, Model A, same long run
OWN_CUBES = (1, 2, 3, 4, 5, 6, 8)  # ZK-T9 table rows
GREEN_CUBES = (2, 3, 5)  # ZK-T9 table columns
REF_WIN_B: dict[tuple[int, int], float] = {  # ZK-T9, P(X wins), empty tower, tie_rule defender
    (n, e): p
    for n, row in zip(
        OWN_CUBES,
        (
            (0.07, 0.02, 0.00),
            (0.28, 0.11, 0.01),
            (0.59, 0.31, 0.05),
            (0.82, 0.60, 0.15),
            (0.93, 0.81, 0.35),
            (0.98, 0.92, 0.60),
            (1.00, 0.99, 0.92),
        ),
        strict=True,
    )
    for e, p in zip(GREEN_CUBES, row, strict=True)
}
# The public anchors of the calibration (rules file, section 1, sources S14, S16, S17).
ANCHOR_NEW_OUT = 2 / 3  # S14: a new cube comes out with p ~ 2/3
ANCHOR_OLD_OUT = 1 / 3  # S14: a stuck cube comes out with p ~ 1/3
ANCHOR_INSIDE = 5  # S16: a Queen tower keeps about 5 cubes inside
ANCHOR_EXTREME = (9, 2)  # S17: an extreme throw, 9 cubes in, 2 out

PASS_SIZES = tuple(REF_PASS_B)
LONG_RUN_GREENS = 3
LONG_RUN_OWN = (3, 7)  # uniform, inclusive
BURN_IN = 200  # long-run throws before measuring (the tower starts empty, ZK-T2)
_OWN, _OLD = 0, 1  # colours used: X's cubes, and (long run) every cube already inside


@dataclass(frozen=True)
class Row:
    """One measured figure beside its published reference (``None``: the rules give none)."""

    section: str
    figure: str
    measured: float
    reference: float | None = None
    source: str = ""
    tolerance: float | None = None

    @property
    def difference(self) -> float | None:
        return None if self.reference is None else self.measured - self.reference

    @property
    def within(self) -> bool | None:
        """Whether the difference is within the tolerance (``None``: nothing to check)."""
        diff = self.difference
        if diff is None or self.tolerance is None:
            return None
        return abs(diff) <= self.tolerance + 1e-12

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "figure": self.figure,
            "measured": self.measured,
            "reference": self.reference,
            "source": self.source,
            "difference": self.difference,
            "tolerance": self.tolerance,
            "within": self.within,
        }


@dataclass(frozen=True)
class Context:
    """A public anchor of the calibration and what the simulation says about it."""

    source: str
    anchor: str
    measured: str

    def to_json(self) -> dict[str, str]:
        return {"source": self.source, "anchor": self.anchor, "measured": self.measured}


@dataclass
class TowerStats:
    model: str
    params: dict[str, float]
    shelf_memory: str
    throws: int
    seed: int
    rows: list[Row] = field(default_factory=list)
    context: list[Context] = field(default_factory=list)

    def row(self, figure: str) -> Row:
        for r in self.rows:
            if r.figure == figure:
                return r
        raise KeyError(figure)

    def to_json(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "params": self.params,
            "shelf_memory": self.shelf_memory,
            "throws": self.throws,
            "seed": self.seed,
            "rows": [r.to_json() for r in self.rows],
            "context": [c.to_json() for c in self.context],
        }


# -- the measurements ---------------------------------------------------------------------


def pass_probability(tower: Tower, n: int, throws: int) -> float:
    """Fraction of ``n`` cubes thrown into an empty tower that reach the tray."""
    out = 0
    cubes = [_OWN] * n
    for _ in range(throws):
        tower.empty()
        out += len(tower.throw(cubes))
    tower.empty()
    return out / (n * throws)


def win_probability(tower: Tower, own: int, greens: int, throws: int) -> float:
    """P(A > Gt) when ``own`` cubes of X and ``greens`` greens go into an empty tower
    (ZK-C7, ZK-C8 with ``tie_rule = defender``)."""
    wins = 0
    cubes = [_OWN] * own + [GREEN] * greens
    for _ in range(throws):
        tower.empty()
        tray = tower.throw(cubes)
        a = tray.count(_OWN)
        wins += a > len(tray) - a
    tower.empty()
    return wins / throws


@dataclass(frozen=True)
class LongRun:
    mean: float
    sd: float
    upper_share: float | None  # Model B only
    release_rate: float
    extreme_in: int  # throws of 9 cubes (S17)
    extreme_hits: int  # ... of which at most 2 came out


def _recoloured(tower: Tower, colour: int) -> Tower:
    """The same tower with every cube inside given ``colour`` (the models never look at
    colours, so the throws to come are unchanged): it marks which tray cubes were inside."""
    obj = tower.to_json()
    if "shelves" in obj:
        obj["shelves"] = [[colour] * len(s) for s in obj["shelves"]]
    else:
        obj["inside"] = [colour] * len(obj["inside"])
    return tower_from_json(obj, tower.chance)


def long_run(tower: Tower, throws: int, burn_in: int = BURN_IN) -> LongRun:
    """Fights of 3 green + uniform 3..7 own cubes; the tray is removed after every throw and
    the tower never emptied. Measures the content after each throw past ``burn_in``."""
    chance = tower.chance
    lo, hi = LONG_RUN_OWN
    sizes: list[int] = []
    upper = 0
    inside_before = released = 0
    extreme_in = extreme_hits = 0
    for i in range(burn_in + throws):
        own = lo + chance.below("fight", hi - lo + 1)
        before = tower.total()
        tower = _recoloured(tower, _OLD)
        tray = tower.throw([_OWN] * own + [GREEN] * LONG_RUN_GREENS)
        if i < burn_in:
            continue
        inside_before += before
        released += tray.count(_OLD)
        sizes.append(tower.total())
        shelves = tower.to_json().get("shelves")
        if shelves is not None:
            upper += len(shelves[0])
        if own + LONG_RUN_GREENS == ANCHOR_EXTREME[0]:
            extreme_in += 1
            extreme_hits += len(tray) <= ANCHOR_EXTREME[1]
    mean = sum(sizes) / len(sizes)
    sd = math.sqrt(sum((s - mean) ** 2 for s in sizes) / len(sizes))
    return LongRun(
        mean=mean,
        sd=sd,
        upper_share=upper / max(1, sum(sizes)) if tower.model == "B" else None,
        release_rate=released / max(1, inside_before),
        extreme_in=extreme_in,
        extreme_hits=extreme_hits,
    )


def tower_stats(
    model: str = "B",
    throws: int = 20000,
    seed: int = 0,
    params: Mapping[str, object] | None = None,
    shelf_memory: str = "persistent",
) -> TowerStats:
    """Measure every figure with ``throws`` simulated throws each. Raises ``OptionError``
    on a bad model, parameter or shelf memory (ZK-O6..ZK-O8)."""
    if throws < 1:
        raise ValueError("throws must be at least 1")
    full = resolve_tower_params(model, params)

    def fresh(section: int) -> Tower:
        # one independent stream per section, so a section's figures do not depend on another's
        return make_tower(model, full, shelf_memory, Chance((seed << 2) | section))

    stats = TowerStats(model, full, shelf_memory, throws, seed)
    passing = _pass_rows(stats, fresh(0))
    run = long_run(fresh(1), throws)
    _long_run_rows(stats, run)
    _win_rows(stats, fresh(2))
    stats.context = _context(passing, run, fresh(3), throws)
    return stats


def _pass_rows(stats: TowerStats, tower: Tower) -> dict[int, float]:
    """An empty tower: the chance that a thrown cube reaches the tray, by throw size."""
    section = "Empty tower: P(a thrown cube reaches the tray)"
    passing = {n: pass_probability(tower, n, stats.throws) for n in PASS_SIZES}
    for n, p in passing.items():
        if stats.model == "B":
            row = Row(section, f"n = {n}", p, REF_PASS_B[n], "ZK-T9", REFERENCE_TOLERANCE)
        else:
            row = Row(section, f"n = {n}", p, stats.params["p_new"], "p_new (S14)", 0.02)
        stats.rows.append(row)
    return passing


def _long_run_rows(stats: TowerStats, run: LongRun) -> None:
    """Fights of 3 greens and 3..7 own cubes into a tower never emptied."""
    section = "Long run: 3 green + 3..7 own cubes a fight, never emptied"
    b, rows = stats.model == "B", stats.rows
    rows.append(
        Row(section, "release rate of lodged cubes", run.release_rate, ANCHOR_OLD_OUT, "S14")
        if b
        else Row(
            section,
            "release rate of lodged cubes",
            run.release_rate,
            stats.params["p_old"],
            "p_old",
            0.02,
        )
    )
    rows.append(
        Row(
            section,
            "mean tower content",
            run.mean,
            REF_MEAN_CONTENT_B if b else REF_MEAN_CONTENT_A,
            "ZK-T9",
            0.1,
        )
    )
    rows.append(
        Row(section, "sd of tower content", run.sd, REF_SD_CONTENT_B if b else None, "ZK-T9", 0.1)
        if b
        else Row(section, "sd of tower content", run.sd)
    )
    if run.upper_share is not None:
        rows.append(
            Row(
                section,
                "share on the upper shelf",
                run.upper_share,
                REF_UPPER_SHARE_B,
                "ZK-T9",
                REFERENCE_TOLERANCE,
            )
        )


def _win_rows(stats: TowerStats, tower: Tower) -> None:
    """The chance of winning a fight from an empty tower (tie_rule defender)."""
    section = "P(X wins), empty tower, tie_rule defender"
    for n in OWN_CUBES:
        for e in GREEN_CUBES:
            p = win_probability(tower, n, e, stats.throws)
            figure = f"{n} own vs {e} green"
            if stats.model == "B":
                stats.rows.append(
                    Row(section, figure, p, REF_WIN_B[n, e], "ZK-T9", REFERENCE_TOLERANCE)
                )
            else:
                stats.rows.append(Row(section, figure, p))


def _context(passing: dict[int, float], run: LongRun, tower: Tower, throws: int) -> list[Context]:
    """The public anchors (S14, S16, S17) beside what the model gives."""
    big, few = ANCHOR_EXTREME
    extreme = 0
    for _ in range(throws):
        tower.empty()
        extreme += (
            len(tower.throw([_OWN] * (big - LONG_RUN_GREENS) + [GREEN] * LONG_RUN_GREENS)) <= few
        )
    low, high = passing[PASS_SIZES[0]], passing[PASS_SIZES[-1]]
    return [
        Context(
            "S14",
            "a new cube comes out with p ≈ 2/3",
            f"empty tower: {low:.2f} (n = {PASS_SIZES[0]}) to {high:.2f} (n = {PASS_SIZES[-1]})",
        ),
        Context(
            "S14",
            "a stuck cube comes out with p ≈ 1/3",
            f"long-run release rate {run.release_rate:.2f}",
        ),
        Context(
            "S16",
            "a Queen tower keeps about 5 cubes inside",
            f"long-run mean content {run.mean:.1f}",
        ),
        Context(
            "S17",
            "an extreme throw: 9 cubes in, 2 out",
            f"at most {few} out of {big} in: {extreme} of {throws} throws into an empty tower, "
            f"{run.extreme_hits} of {run.extreme_in} such throws in the long run",
        ),
    ]


def describe(stats: TowerStats) -> str:
    """One line naming the model, its parameters and the run."""
    params = ", ".join(f"{k}={v:.4g}" for k, v in stats.params.items())
    memory = f", {stats.shelf_memory} shelves" if stats.model == "B" else ""
    return (
        f"Tower model {stats.model} ({params}{memory}): {stats.throws} throws per figure, "
        f"seed {stats.seed}"
    )


# -- the command (spieltisch tower-stats) --------------------------------------------------
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default="B", help="Tower model: B (default) or A (ZK-O6).")
    parser.add_argument(
        "--throws", "-n", type=int, default=20000, help="Simulated throws per figure."
    )
    parser.add_argument("--seed", type=int, default=0, help="Seed of the simulation.")
    parser.add_argument(
        "--params", default="default", help="tower_params, e.g. 's0=0.2,K=25' (ZK-O7)."
    )
    parser.add_argument(
        "--shelf-memory", default="persistent", help="persistent or resample (Model B, ZK-O8)."
    )
    parser.add_argument(
        "--json", action="store_true", help="Print machine-readable JSON instead of a table."
    )


def _number(x: float | None, digits: int = 3) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _check(row: Row) -> str:
    check = {None: "", True: "ok", False: "off"}[row.within]
    if row.tolerance is not None and row.reference is not None:
        check += f" (±{row.tolerance:g})"
    return check


def run(args: argparse.Namespace, context: ToolContext) -> None:
    """Reproduce the tower's calibration table (ZK-T9) and print it (or its JSON)."""
    if args.throws < 1:
        raise OptionError(f"--throws must be at least 1, not {args.throws}")
    stats = tower_stats(
        args.model.strip().upper(),
        args.throws,
        args.seed,
        parse_tower_params(args.params),
        args.shelf_memory,
    )
    if args.json:
        context.write(json.dumps(stats.to_json(), indent=1, ensure_ascii=False) + "\n")
        return
    rows: list[list[str] | str] = []
    section = None
    for row in stats.rows:
        if row.section != section:
            section = row.section
            rows.append(section)
        diff = row.difference
        rows.append(
            [
                row.figure,
                _number(row.measured),
                _number(row.reference, 2),
                row.source,
                "—" if diff is None else f"{diff:+.3f}",
                _check(row),
            ]
        )
    columns = ["Figure", "Measured", "Rules", "Source", "Difference", "Check"]
    context.table(describe(stats), columns, rows)
    lines = ["Public anchors of the calibration"]
    lines += [f"  {c.source}: {c.anchor} — {c.measured}" for c in stats.context]
    context.write("\n".join(lines) + "\n")
