"""The searches of a post-game analysis, one position at a time (``postgame`` assembles them).

At every position of a game each seat's chances are estimated by the hard bot's search
*from that seat's information only*: the true state is re-dealt from the seat's view
(``State.resample``) and the search, which re-deals again at every iteration, runs from the
seat as observer. When the seat is the one to move its estimate is the value of the move the
search prefers; otherwise the value of the position. The same search gives the mover's
decision: the move it prefers and the value of the move that was played.

Each position's searches draw from generators seeded by (seed, step, seat), so a position's
numbers do not depend on which process works it out or in which order: the analysis is the
same on one process or several."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.search.ismcts import Search, SearchResult
from ..bots.search.tree import Edge, Node, select
from ..engine.action import Action
from ..engine.i18n import LANGUAGES
from ..engine.record import GameRecord, replay_steps
from ..engine.search_hooks import SearchHooks, win_shares
from ..engine.state import State

Labels = dict[str, str]  # the move's caption per language


@dataclass(frozen=True)
class Choice:
    """One move at a decision: the move, its caption and its estimated value for the mover."""

    action: dict[str, Any]
    labels: Labels
    value: float
    visits: int


@dataclass(frozen=True)
class DecisionWork:
    """What the search found at a decision of ``seat`` (more than one legal move)."""

    seat: int
    options: int  # the number of legal moves
    played: Choice
    preferred: Choice
    searched: bool  # the played move's value comes from a search of its own


@dataclass(frozen=True)
class PositionWork:
    """One position (after ``step`` moves): each seat's estimated win chance, and the
    decision of the move that follows it (if it had a choice)."""

    step: int
    estimates: tuple[float, ...]
    decision: DecisionWork | None
    searches: int
    iterations: int
    cpu_seconds: float


def step_rng(seed: int, step: int, seat: int, purpose: str = "estimate") -> random.Random:
    """The generator of one search: seeded by a string (SHA-512, independent of
    ``PYTHONHASHSEED``), the same in any process."""
    return random.Random(f"spieltisch-analysis/{seed}/{step}/{seat}/{purpose}")


class PlayedMoveSearch(Search):
    """A search in which the observer plays ``action`` at the root: the value of a move
    the main search hardly looked at, from the same information (what the move reveals,
    such as a drawn card, is re-dealt at every iteration like everything hidden)."""

    def __init__(
        self,
        hooks: SearchHooks,
        root_state: State,
        observer: int,
        rng: random.Random,
        action: Action,
    ) -> None:
        super().__init__(hooks, root_state, observer, rng)
        self.action = action

    def _pick(self, node: Node, state: State, seat: int, legal: list[Action]) -> Edge:
        if node is self.root and seat == self.observer:
            return select(node, seat, [self.action], None, self.c)
        return super()._pick(node, state, seat, legal)


def searched(search: Search, iterations: int) -> SearchResult:
    """Exactly ``iterations`` iterations: the analysis wants values, so no early stop once
    the choice is clear (``Search.run`` stops then)."""
    for _ in range(iterations):
        search.iterate()
    return search.result()


def enough_visits(iterations: int) -> int:
    """Visits of the played move in the main search that make its value worth reporting;
    fewer, and it gets a search of its own."""
    return max(8, iterations // 10)


def own_search_budget(iterations: int) -> int:
    return max(16, iterations // 2)


def labels(state: State, seat: int, action: Action) -> Labels:
    """The move's caption in every language, as the seat's own view names it."""
    view = state.view(seat)
    return {lang: state.game.action_label(action, view, lang) for lang in LANGUAGES}


def analyse_position(
    state: State, step: int, move: tuple[int, Action] | None, iterations: int, seed: int
) -> PositionWork:
    """The searches at one position: ``state`` is the true state after ``step`` moves (read
    only through ``resample`` and the mover's legal moves), ``move`` the move played next."""
    start = time.process_time()
    players = state.players
    if state.is_over():
        shares = tuple(win_shares(state))
        return PositionWork(step, shares, None, 0, 0, time.process_time() - start)
    hooks = state.game.search_hooks()
    estimates: list[float] = []
    decision: DecisionWork | None = None
    searches = total = 0
    for seat in range(players):
        rng = step_rng(seed, step, seat)
        search = Search(hooks, state.resample(seat, rng), seat, rng)
        result = searched(search, iterations)
        searches += 1
        total += result.iterations
        estimates.append(result.win_chance)
        if move is not None and move[0] == seat:
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                decision, extra = _decision(state, step, seat, move[1], legal, result, seed)
                searches += 1 if extra else 0
                total += extra
    return PositionWork(
        step, tuple(estimates), decision, searches, total, time.process_time() - start
    )


def _decision(
    state: State,
    step: int,
    seat: int,
    played: Action,
    legal: Sequence[Action],
    result: SearchResult,
    seed: int,
) -> tuple[DecisionWork, int]:
    """The preferred and the played move at a decision, and the iterations spent on a
    search of the played move (0 when the main search visited it enough)."""
    hooks = state.game.search_hooks()
    best = result.actions[0]
    stats = {s.action: s for s in result.actions}
    seen = stats.get(played)
    extra = 0
    if seen is not None and seen.visits >= enough_visits(result.iterations):
        value, visits = seen.value, seen.visits
    else:
        rng = step_rng(seed, step, seat, "played")
        forced = PlayedMoveSearch(hooks, state.resample(seat, rng), seat, rng, played)
        own = searched(forced, own_search_budget(result.iterations))
        extra = own.iterations
        value, visits = own.actions[0].value, own.actions[0].visits
    decision = DecisionWork(
        seat=seat,
        options=len(legal),
        played=Choice(played.to_json(), labels(state, seat, played), value, visits),
        preferred=Choice(
            best.action.to_json(), labels(state, seat, best.action), best.value, best.visits
        ),
        searched=extra > 0,
    )
    return decision, extra


def analyse_steps(
    record: GameRecord,
    steps: Sequence[int],
    iterations: int,
    seed: int,
    start: State | None = None,
    each: Callable[[PositionWork], None] | None = None,
) -> list[PositionWork]:
    """The positions ``steps`` (numbers of moves played) of ``record``'s game, replayed
    from its start (or from ``start``, a state the record's moves apply to); ``each`` is
    told of every position as soon as it is done."""
    wanted = set(steps)
    last = max(wanted, default=-1)
    out: list[PositionWork] = []
    moves = record.moves
    for step, state in enumerate(replayed(record, start)):
        if step > last:
            break
        if step in wanted:
            following = None
            if step < len(moves):
                seat, action = moves[step]
                following = (seat, state.game.action_from_json(action))
            work = analyse_position(state, step, following, iterations, seed)
            out.append(work)
            if each is not None:
                each(work)
    return out


def replayed(record: GameRecord, start: State | None = None) -> Iterator[State]:
    """The true state at the start and after each move (the same object, changed between
    yields); a record that does not replay raises ``RecordError`` naming the move."""
    if start is None:
        for state, _seat, _action in replay_steps(record):
            yield state
        return
    state = start.clone()
    yield state
    for seat, action in record.moves:
        state.apply(seat, state.game.action_from_json(action))
        yield state
