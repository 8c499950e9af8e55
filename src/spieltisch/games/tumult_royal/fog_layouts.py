"""Which landscape tiles start face down with 3 players (TR-D8, TR-D10, rules R6/R7).

The seed asks for half the tiles face down at every player count ("wobei jeweils die
Hälfte der Landschaftsplättchen verdeckt ausliegen"): 3 of 6 with 3 players. Which 3, and
in which order the two reveals (after rounds 2 and 4) turn them up, is reconstructed. The
candidates below are played with the same seeded bot games as the calibration report; the
ruleset data keeps the one whose games best match the reviews' 6-10 rounds.

A layout is drawn as its two rows of tiles, ``■`` face down and ``□`` face up, with the
round after which each face-down tile turns up (``■2``, ``■4``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.manifest import ToolContext
from .calibration import CountReport, calibrate
from .data import Ruleset, ruleset_for

PLAYERS = 3


def _ruleset(data: Any) -> Ruleset:
    """The game's parsed ruleset for an option value ``ruleset_data``."""
    return ruleset_for(data)


def _default_data() -> dict[str, Any]:
    return json.loads(_ruleset("default").raw)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class FogLayout:
    """One candidate: the 3-player ``layout`` entry of the ruleset data (TR-D13)."""

    name: str
    face_down: tuple[Any, ...]  # columns or [row, column] tiles, as in the data file
    reveal_after_round: Mapping[str, tuple[Any, ...]]

    def data_entry(self) -> dict[str, Any]:
        return {
            "columns": PLAYERS,
            "face_down": list(self.face_down),
            "reveal_after_round": {k: list(v) for k, v in self.reveal_after_round.items()},
        }

    def ruleset_data(self) -> dict[str, Any]:
        """The default ruleset data with this 3-player layout (an option value)."""
        doc = _default_data()
        doc["layout"]["3"] = self.data_entry()
        return doc

    def parsed(self) -> Any:
        """The engine's reading of this layout (tile positions, reveals by round)."""
        return _ruleset(self.ruleset_data()).layouts[PLAYERS]

    def picture(self) -> str:
        """``■2 □ ■4 / ■2 □ □``: the two rows, with each tile's reveal round."""
        layout = self.parsed()
        when = {t: k for k, tiles in layout.reveal_after_round.items() for t in tiles}
        rows = []
        for r in (0, 1):
            cells = []
            for c in range(PLAYERS):
                tile = (r, c)
                cells.append(f"■{when.get(tile, '')}" if tile in layout.face_down else "□")
            rows.append(" ".join(cells))
        return " / ".join(rows)

    def is_default(self) -> bool:
        """Whether the default ruleset plays this layout (same tiles, same reveals)."""
        return bool(self.parsed() == _ruleset("default").layouts[PLAYERS])


# half of the 6 tiles face down, turned up in two steps after rounds 2 and 4 (TR-D10);
# mirror images play alike (the tiles are dealt at random), so each shape appears once
CANDIDATES = (
    FogLayout("left column, then top right", (0, [0, 2]), {"2": (0,), "4": ([0, 2],)}),
    FogLayout("top right, then left column", (0, [0, 2]), {"2": ([0, 2],), "4": (0,)}),
    FogLayout("left column, then top middle", (0, [0, 1]), {"2": (0,), "4": ([0, 1],)}),
    FogLayout(
        "top row: corners, then middle",
        ([0, 0], [0, 1], [0, 2]),
        {"2": ([0, 0], [0, 2]), "4": ([0, 1],)},
    ),
    FogLayout(
        "chequered: top corners, then bottom middle",
        ([0, 0], [1, 1], [0, 2]),
        {"2": ([0, 0], [0, 2]), "4": ([1, 1],)},
    ),
)


# ruleset reconstructed-1 (4 of 6 face down), played beside the candidates for comparison
REFERENCE = FogLayout("reconstructed-1: both outer columns", (0, 2), {"2": (0,), "4": (2,)})


LAYOUTS = (*CANDIDATES, REFERENCE)  # what ``compare_layouts`` plays, in this order


@dataclass
class FogResult:
    layout: FogLayout
    report: CountReport
    chosen: bool  # the layout of the default ruleset data

    @property
    def candidate(self) -> bool:
        return self.layout is not REFERENCE

    def spread(self) -> float:
        """The gap between the best and the worst seat's win rate."""
        n = max(1, len(self.report.games))
        wins = self.report.seat_wins()
        return (max(wins) - min(wins)) / n

    def merit(self) -> tuple[float, float]:
        """The choice rule: most games of 6-10 rounds, then the most even seats."""
        return (round(self.report.share_in_review_range(), 3), -self.spread())


def compare_layouts(
    context: ToolContext,
    games: int,
    seed: int = 0,
    bots: str = "heuristic",
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[str, int], None] | None = None,
) -> list[FogResult]:
    """Play ``games`` seeded 3-player games per candidate (the same seeds for each)."""
    out = []
    for layout in LAYOUTS:
        opts = {**dict(options or {}), "ruleset_data": layout.ruleset_data()}
        step = None if progress is None else (lambda k, n=layout.name: progress(n, k))
        report = calibrate(context, PLAYERS, games, seed, bots, opts, jobs, step)
        out.append(FogResult(layout, report, layout.is_default()))
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def fog_markdown(results: list[FogResult]) -> str:
    """The comparison as a Markdown section of the calibration report."""
    lines = [
        "## 3 players: which tiles start face down",
        "",
        'Half the tiles start face down at every player count (the seed: "wobei jeweils die '
        'Hälfte der Landschaftsplättchen verdeckt ausliegen"; TR-D8), so 3 of 6 with 3 '
        "players; they turn face up after rounds 2 and 4 (TR-D10). Which 3, and in which "
        "order, is reconstructed (R6, R7): each candidate below played the same seeded games. "
        "Rows of tiles: ■ face down (with the round after which it turns up), □ face up. "
        "The last row is ruleset reconstructed-1 (4 of 6 face down), for comparison. "
        "The ruleset keeps the candidate with the most games of 6-10 rounds and, among "
        "equals, the most even seat win rates.",
        "",
        "| layout | tiles (top / bottom) | games | mean rounds | in 6-10 | threshold end "
        "| 25th statue | seat win rates | in the data |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for res in results:
        rep = res.report
        n = max(1, len(rep.games))
        mark = "**yes**" if res.chosen else ("(reference)" if not res.candidate else "")
        rounds = rep.rounds()
        mean = sum(r * c for r, c in rounds.items()) / n
        ends = rep.end_reasons()
        wins = " / ".join(_pct(w / n) for w in rep.seat_wins())
        lines.append(
            f"| {res.layout.name} | {res.layout.picture()} | {len(rep.games)} | {mean:.2f} "
            f"| {_pct(rep.share_in_review_range())} | {_pct(ends.get('threshold', 0) / n)} "
            f"| {_pct(ends.get('25th statue', 0) / n)} | {wins} | {mark} |"
        )
    candidates = [r for r in results if r.candidate]
    if candidates:
        best = max(candidates, key=FogResult.merit)
        lines.append("")
        if best.chosen:
            lines.append(
                f"The ruleset data's layout, *{best.layout.name}*, is the best by this rule: "
                f"{_pct(best.report.share_in_review_range())} of its games last 6-10 rounds, "
                f"its seats' win rates lie within {100 * best.spread():.1f} percentage points "
                "of each other."
            )
        else:
            lines.append(
                f"By this rule the data should use *{best.layout.name}* "
                f"({best.layout.picture()}): change `layout.3` of the ruleset data."
            )
    return "\n".join(lines) + "\n"
