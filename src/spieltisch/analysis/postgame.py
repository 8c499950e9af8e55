"""Post-game analysis: each seat's estimated win chance after every move, each decision's
preferred move, and each seat's turning points (issue 17, item 5).

``analyse(record)`` replays a finished game and, at every position (the start and after
each move), asks the hard bot's search for each seat's chances *from that seat's
information only* (``postgame_search``: the true state re-dealt from the seat's view,
never read otherwise). Every position is analysed, forced moves included: a forced move
can still reveal something (a draw, a tower throw) that changes a seat's chances. At the
end the estimates are the true result (the win shares).

A *decision* is a move made with more than one legal move to choose from; the search at
the position before it gives the move the bot prefers, its value, and the value of the
move played. A seat's *turning points* are the three of its decisions after which its own
estimate fell most (before: its estimate when it was to move; after: its estimate right
after the move), with the move the bot would have preferred there. A drop can be bad luck
revealed by the move rather than a mistake: ``same`` says the bot would have played the
same move.

The work is split into chunks of positions that any process can do (``chunks``,
``analyse_steps``); ``workers`` > 1 spreads them over processes. The numbers do not depend
on the split: a fixed seed and iteration budget give the same analysis."""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from ..engine.errors import SpieltischError
from ..engine.record import GameRecord
from ..engine.state import State
from .postgame_search import Choice, DecisionWork, PositionWork, analyse_steps, replayed

DEFAULT_ITERATIONS = 100
TURNING_POINTS = 3  # per seat
Progress = Callable[[int, int], None]  # (positions done, positions in total)
Rounds = list[tuple[int, int]]


class AnalysisError(SpieltischError):
    """A record that cannot be analysed (or a bad budget), with the reason."""


@dataclass(frozen=True)
class Decision:
    """A move made with a choice, and what the bot thought of it."""

    move: int  # 1 for the game's first move
    seat: int
    options: int
    played: Choice
    preferred: Choice
    searched: bool
    before: float  # the seat's estimate when it was to move
    after: float  # the seat's estimate right after the move

    @property
    def drop(self) -> float:
        """How much the seat's estimate fell with this move (negative: it rose)."""
        return self.before - self.after

    @property
    def same(self) -> bool:
        """The bot would have played the same move."""
        return self.played.action == self.preferred.action

    @property
    def loss(self) -> float:
        """The preferred move's value less the played move's (0 when they are the same)."""
        return 0.0 if self.same else self.preferred.value - self.played.value

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "move": self.move,
            "seat": self.seat,
            "options": self.options,
            "played": _choice_json(self.played, lang),
            "preferred": _choice_json(self.preferred, lang),
            "same": self.same,
            "loss": round(self.loss, 4),
            "played_searched": self.searched,
            "before": round(self.before, 4),
            "after": round(self.after, 4),
            "drop": round(self.drop, 4),
        }


def _choice_json(choice: Choice, lang: str) -> dict[str, Any]:
    return {
        "action": choice.action,
        "label": choice.labels.get(lang) or choice.labels["en"],
        "value": round(choice.value, 4),
        "visits": choice.visits,
    }


@dataclass(frozen=True)
class Cost:
    cpu_seconds: float  # summed over every process
    wall_seconds: float
    searches: int
    iterations: int
    workers: int

    def to_json(self) -> dict[str, Any]:
        return {
            "cpu_seconds": round(self.cpu_seconds, 2),
            "wall_seconds": round(self.wall_seconds, 2),
            "searches": self.searches,
            "iterations": self.iterations,
            "workers": self.workers,
        }


@dataclass(frozen=True)
class GameAnalysis:
    """A game analysed: ``estimates[k][s]`` is seat s's win chance after k moves."""

    game: str
    players: int
    moves: int
    iterations: int
    seed: int
    over: bool
    estimates: list[tuple[float, ...]]
    rounds: Rounds  # (round, the step it begins at)
    decisions: list[Decision]
    turning_points: list[list[Decision]]  # per seat, the largest drop first
    cost: Cost

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The analysis as JSON (``docs/analysis.md`` documents the shape)."""
        return {
            "game": self.game,
            "players": self.players,
            "moves": self.moves,
            "over": self.over,
            "iterations": self.iterations,
            "seed": self.seed,
            "result": list(self.estimates[-1]) if self.over else None,
            "rounds": [{"round": r, "step": s} for r, s in self.rounds],
            "positions": [
                {"step": k, "estimates": [round(v, 4) for v in est]}
                for k, est in enumerate(self.estimates)
            ],
            "decisions": [d.to_json(lang) for d in self.decisions],
            "turning_points": [[d.to_json(lang) for d in seat] for seat in self.turning_points],
            "cost": self.cost.to_json(),
        }

    # -- keeping it ---------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """Everything, captions in every language included (``from_data`` reads it back):
        what the web table stores, so that an analysis survives a restart."""
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameAnalysis:
        def choice(obj: dict[str, Any]) -> Choice:
            return Choice(obj["action"], dict(obj["labels"]), obj["value"], obj["visits"])

        def decision(obj: dict[str, Any]) -> Decision:
            fields = {**obj, "played": choice(obj["played"]), "preferred": choice(obj["preferred"])}
            return Decision(**fields)

        return cls(
            game=data["game"],
            players=data["players"],
            moves=data["moves"],
            iterations=data["iterations"],
            seed=data["seed"],
            over=data["over"],
            estimates=[tuple(e) for e in data["estimates"]],
            rounds=[(r, s) for r, s in data["rounds"]],
            decisions=[decision(d) for d in data["decisions"]],
            turning_points=[[decision(d) for d in seat] for seat in data["turning_points"]],
            cost=Cost(**data["cost"]),
        )


# -- the whole game ------------------------------------------------------------------------
def analyse(
    record: GameRecord,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    start: State | None = None,
    outcome: Sequence[float] | None = None,
) -> GameAnalysis:
    """Analyse ``record`` with ``iterations`` search iterations per seat and position.
    ``start``: the state the moves apply to, when not the record's own start (a test's
    scripted deal; in-process only). ``outcome``: the final win shares when the game ended
    otherwise than by its rules (a table's timeout)."""
    check_budget(iterations, workers)
    began = time.perf_counter()
    over, rounds = replay_summary(record, start)
    total = len(record.moves) + 1
    done: dict[int, PositionWork] = {}

    def tick(works: list[PositionWork]) -> None:
        for work in works:
            done[work.step] = work
        if progress is not None:
            progress(len(done), total)

    if workers == 1 or start is not None:  # one replay, the progress after each position
        steps = list(range(total))
        analyse_steps(record, steps, iterations, seed, start, each=lambda w: tick([w]))
    else:
        # about eight chunks per process: few replays, and the processes end at about one time
        context = multiprocessing.get_context("spawn")  # safe beside threads and event loops
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            futures = [
                pool.submit(analyse_steps, record, part, iterations, seed)
                for part in chunks(total, workers * 8)
            ]
            for future in as_completed(futures):
                tick(future.result())
    works = [done[k] for k in range(total)]
    wall = time.perf_counter() - began
    return assemble(record, works, iterations, seed, rounds, over, outcome, wall, workers)


def check_budget(iterations: int, workers: int) -> None:
    if iterations < 1:
        raise AnalysisError(f"the budget must be at least 1 iteration, not {iterations}")
    if workers < 1:
        raise AnalysisError(f"workers must be at least 1, not {workers}")


def replay_summary(record: GameRecord, start: State | None = None) -> tuple[bool, Rounds]:
    """Whether ``record``'s game is over at its end, and ``(round, step)`` where each round
    begins (none for a game without rounds). Every move is replayed: a record that does not
    replay is refused here, naming the move, before any search runs."""
    rounds: Rounds = []
    over = False
    for step, state in enumerate(replayed(record, start)):
        number = state.game.round_of(state)
        if number is not None and (not rounds or rounds[-1][0] != number):
            rounds.append((number, step))
        over = state.is_over()
    return over, rounds


def chunks(total: int, count: int) -> list[list[int]]:
    """The positions 0..total-1 in about ``count`` contiguous chunks (any split gives the
    same analysis: each position's searches have their own seeds)."""
    size = max(1, math.ceil(total / max(1, count)))
    return [list(range(k, min(total, k + size))) for k in range(0, total, size)]


def assemble(
    record: GameRecord,
    works: Sequence[PositionWork],
    iterations: int,
    seed: int,
    rounds: Rounds,
    over: bool,
    outcome: Sequence[float] | None = None,
    wall: float = 0.0,
    workers: int = 1,
) -> GameAnalysis:
    """The analysis from every position's searches (``works[k]``: after k moves)."""
    estimates = [w.estimates for w in works]
    if outcome is not None:  # ended by a timeout: the table's result, not a search's
        estimates[-1] = tuple(float(v) for v in outcome)
        over = True
    decisions = [
        _decision(w.step + 1, w.decision, estimates[w.step], estimates[w.step + 1])
        for w in works
        if w.decision is not None
    ]
    cost = Cost(
        cpu_seconds=sum(w.cpu_seconds for w in works),
        wall_seconds=wall,
        searches=sum(w.searches for w in works),
        iterations=sum(w.iterations for w in works),
        workers=workers,
    )
    return GameAnalysis(
        game=record.game,
        players=record.players,
        moves=len(record.moves),
        iterations=iterations,
        seed=seed,
        over=over,
        estimates=estimates,
        rounds=rounds,
        decisions=decisions,
        turning_points=turning_points(decisions, record.players),
        cost=cost,
    )


def _decision(
    move: int, work: DecisionWork, before: Sequence[float], after: Sequence[float]
) -> Decision:
    seat = work.seat
    return Decision(
        move=move,
        seat=seat,
        options=work.options,
        played=work.played,
        preferred=work.preferred,
        searched=work.searched,
        before=before[seat],
        after=after[seat],
    )


def turning_points(decisions: Sequence[Decision], players: int) -> list[list[Decision]]:
    """Per seat, the (at most) three of its decisions after which its estimate fell most,
    the largest fall first (the earlier move first among equal falls); a move after which
    the estimate did not fall is no turning point."""
    out: list[list[Decision]] = []
    for seat in range(players):
        falls = [d for d in decisions if d.seat == seat and d.drop > 0]
        falls.sort(key=lambda d: (-d.drop, d.move))
        out.append(falls[:TURNING_POINTS])
    return out
