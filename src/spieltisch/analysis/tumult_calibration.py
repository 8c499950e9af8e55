"""The Tumult Royal calibration report (``spieltisch calibrate tumult-royal``).

Plays seeded games between bots for each player count and measures what the reconstructed
numbers of the rules file produce: game length in rounds, how often each good riots, how
many statues the winner and the last player placed, which end condition ends the game, and
the win rate of every seat. The report says whether the games last the 6-10 rounds the
reviews describe."""

from __future__ import annotations

import multiprocessing
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.registry import game as lookup_game
from .stats import wilson_interval
from .tournament import bot_rng, play_bot_game

GAME_ID = "tumult-royal"
REVIEW_ROUNDS = (6, 10)  # "games last 6-10 rounds" (rules file, S8/S10)


@dataclass(frozen=True)
class GameFacts:
    """What one finished game contributes to the report."""

    seed: int
    rounds: int
    tumult_checks: int  # rounds whose tumult check ran
    tumults: tuple[int, int, int]  # per good: rounds with a tumult
    punished: tuple[int, int, int]  # per good: tumults with a punished player
    end_reason: str
    winner: int
    winner_placed: int
    last_placed: int


@dataclass
class CountReport:
    """All games of one player count."""

    players: int
    games: list[GameFacts] = field(default_factory=list)

    def rounds(self) -> Counter[int]:
        return Counter(g.rounds for g in self.games)

    def share_in_review_range(self) -> float:
        lo, hi = REVIEW_ROUNDS
        return sum(1 for g in self.games if lo <= g.rounds <= hi) / max(1, len(self.games))

    def tumult_share(self, good: int) -> float:
        checks = sum(g.tumult_checks for g in self.games)
        return sum(g.tumults[good] for g in self.games) / max(1, checks)

    def end_reasons(self) -> Counter[str]:
        return Counter(g.end_reason for g in self.games)

    def seat_wins(self) -> list[int]:
        wins = [0] * self.players
        for g in self.games:
            wins[g.winner] += 1
        return wins


def game_facts(
    seed: int, players: int, bots: Sequence[str], options: Mapping[str, Any]
) -> GameFacts:
    """Play one seeded game and extract its facts from the final state and public log."""
    game = lookup_game(GAME_ID)
    rngs = [bot_rng(seed, 0, seat) for seat in range(players)]
    state = play_bot_game(game, list(bots), seed, options, rngs)
    tumults, punished, checks = [0, 0, 0], [0, 0, 0], 0
    goods = ("bread", "marble", "tools")
    for event in state.log(None):
        if event["type"] == "reveal":
            checks += 1
        elif event["type"] == "tumult":
            g = goods.index(event["good"])
            tumults[g] += 1
            punished[g] += event["greediest"] is not None
    keys = state.ranking_keys()
    order = sorted(range(players), key=lambda s: keys[s], reverse=True)
    placed = state.scores()  # Tumult Royal scores = statues placed (TR-V4)
    return GameFacts(
        seed=seed,
        rounds=int(getattr(state, "round")),  # noqa: B009 - State has no typed 'round'
        tumult_checks=checks,
        tumults=(tumults[0], tumults[1], tumults[2]),
        punished=(punished[0], punished[1], punished[2]),
        end_reason=str(getattr(state, "end_reason")),  # noqa: B009
        winner=order[0],
        winner_placed=int(placed[order[0]]),
        last_placed=int(placed[order[-1]]),
    )


def _facts_job(args: tuple[int, int, tuple[str, ...], dict[str, Any]]) -> GameFacts:
    return game_facts(*args)


def calibrate(
    players: int,
    games: int,
    seed: int = 0,
    bots: str = "heuristic",
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> CountReport:
    """Play ``games`` seeded games (seeds ``seed .. seed+games-1``) with ``bots`` in every
    seat; ``jobs`` > 1 spreads them over processes (results do not depend on it)."""
    lineup = tuple([bots] * players)
    work = [(seed + i, players, lineup, dict(options or {})) for i in range(games)]
    report = CountReport(players)
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for facts in pool.imap(_facts_job, work, chunksize=4):
                report.games.append(facts)
                if progress is not None:
                    progress(1)
    else:
        for job in work:
            report.games.append(_facts_job(job))
            if progress is not None:
                progress(1)
    return report


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def report_markdown(
    reports: Sequence[CountReport],
    command: str,
    options: Mapping[str, Any],
    bots: str,
    extra: str = "",
) -> str:
    """The calibration report as Markdown (the file ``docs/games/tumult-royal-calibration.md``);
    ``extra`` is a further section (Markdown) placed before the verdict."""
    lines = [
        "# Tumult Royal: calibration of the reconstructed numbers",
        "",
        f"Generated by `{command}`; do not edit by hand. Every game is seeded, so the same "
        "command gives the same report.",
        "",
        f"Bots: `{bots}` in every seat. Options: "
        + (", ".join(f"`{k}={v}`" for k, v in sorted(options.items())) or "defaults")
        + ".",
        "",
        "## Game length in rounds",
        "",
        "| players | games | " + " | ".join(str(r) for r in range(1, 11)) + " | mean | in 6-10 |",
        "|---|---|" + "---|" * 10 + "---|---|",
    ]
    for rep in reports:
        rounds = rep.rounds()
        n = len(rep.games)
        mean = sum(r * c for r, c in rounds.items()) / max(1, n)
        cells = " | ".join(_pct(rounds.get(r, 0) / max(1, n)) for r in range(1, 11))
        lines.append(
            f"| {rep.players} | {n} | {cells} | {mean:.2f} | {_pct(rep.share_in_review_range())} |"
        )
    lines += [
        "",
        "## Tumults: share of rounds with a tumult per good",
        "",
        "| players | bread | marble | tools | tumults with a punished player |",
        "|---|---|---|---|---|",
    ]
    for rep in reports:
        tumults = sum(sum(g.tumults) for g in rep.games)
        punished = sum(sum(g.punished) for g in rep.games)
        lines.append(
            f"| {rep.players} | "
            + " | ".join(_pct(rep.tumult_share(g)) for g in range(3))
            + f" | {_pct(punished / max(1, tumults))} |"
        )
    lines += [
        "",
        "## Statues placed at the end",
        "",
        "| players | winner: mean | winner: min-max | last: mean | last: min-max |",
        "|---|---|---|---|---|",
    ]
    for rep in reports:
        w = [g.winner_placed for g in rep.games]
        last = [g.last_placed for g in rep.games]
        lines.append(
            f"| {rep.players} | {sum(w) / max(1, len(w)):.1f} "
            f"| {min(w, default=0)}-{max(w, default=0)} "
            f"| {sum(last) / max(1, len(last)):.1f} "
            f"| {min(last, default=0)}-{max(last, default=0)} |"
        )
    lines += [
        "",
        "## How the game ends",
        "",
        "| players | threshold (TR-R26) | round limit (TR-V3) | 25th statue (TR-V1) |",
        "|---|---|---|---|",
    ]
    for rep in reports:
        ends = rep.end_reasons()
        n = max(1, len(rep.games))
        lines.append(
            f"| {rep.players} | {_pct(ends.get('threshold', 0) / n)} | "
            f"{_pct(ends.get('round limit', 0) / n)} | {_pct(ends.get('25th statue', 0) / n)} |"
        )
    lines += [
        "",
        "## Seat win rates (95% Wilson intervals)",
        "",
        "| players | " + " | ".join(f"seat {s}" for s in range(4)) + " |",
        "|---|---|---|---|---|",
    ]
    for rep in reports:
        n = len(rep.games)
        seat_cells = []
        for s in range(4):
            if s >= rep.players:
                seat_cells.append("–")
                continue
            wins = rep.seat_wins()[s]
            lo, hi = wilson_interval(wins, n)
            seat_cells.append(f"{_pct(wins / max(1, n))} [{_pct(lo)}, {_pct(hi)}]")
        lines.append(f"| {rep.players} | " + " | ".join(seat_cells) + " |")
    if extra:
        lines += ["", extra.rstrip("\n")]
    lines += ["", "## Verdict", ""]
    shares = [rep.share_in_review_range() for rep in reports]
    if all(s >= 0.95 for s in shares):
        lines.append(
            "The reconstructed numbers give the 6-10 round games the reviews describe: "
            + ", ".join(
                f"{_pct(s)} of {rep.players}-player games"
                for s, rep in zip(shares, reports, strict=True)
            )
            + " last 6 to 10 rounds. No data change is proposed."
        )
    else:
        lines.append(
            "The reconstructed numbers do **not** reliably give 6-10 round games: "
            + ", ".join(
                f"{_pct(s)} of {rep.players}-player games"
                for s, rep in zip(shares, reports, strict=True)
            )
            + " last 6 to 10 rounds."
        )
    return "\n".join(lines) + "\n"
