"""The search bot: ``hard`` and ``expert`` are this bot with different budgets.

A budget is a time (``seconds``), an iteration count (``iterations``), or both (the first
reached ends the search). With ``workers`` > 1 the search runs on that many processes at
once (root parallelism). Between decisions of one game the bot keeps the part of its tree
that the moves made since still lead to, when every one of those moves was public
(``observe``); otherwise it starts afresh."""

from __future__ import annotations

import random
import uuid

from ...engine.action import Action
from ...engine.state import State
from .flat import FlatSearch, make_search
from .ismcts import Search, SearchResult
from .parallel import Keep, search_in_parallel
from .reuse import Moves, reroot

# the share of a real-time step's milliseconds (``State.realtime_step``) a time budget may
# use; an iteration budget (reproducible play, benchmarks) is kept as it is
REALTIME_SHARE = 0.4


class SearchBot:
    """Information-set MCTS with the game's ``SearchHooks`` (the flat search where the hooks
    ask for it, ``flat``)."""

    def __init__(
        self,
        name: str = "search",
        seconds: float | None = 1.0,
        iterations: int | None = None,
        workers: int = 1,
        reuse: bool = True,
    ) -> None:
        if seconds is None and iterations is None:
            raise ValueError("a search bot needs a time or an iteration budget")
        self.name = name
        self.seconds = seconds
        self.iterations = iterations
        self.workers = workers
        self.reuse = reuse
        self.last: SearchResult | None = None
        #: CPU seconds its helper processes (``workers`` > 1) have spent for it in all
        self.helper_cpu_seconds = 0.0
        self.seen = 0  # the table's move count when this bot last looked (``bots.act``)
        self._search: Search | None = None
        self._moves: list[tuple[int, Action]] | None = []
        # an expert's search processes keep its trees under this name (``parallel``)
        self._token = uuid.uuid4().hex
        self._decisions = 0

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        result = self.search(state, seat, rng)
        best = result.best
        if best is None:  # no iteration ran (a zero budget): the first legal action
            return state.legal_actions(seat)[0]
        return best

    def search(self, state: State, seat: int, rng: random.Random) -> SearchResult:
        """Search ``state`` (a world re-dealt for ``seat``, or any state when ``seat`` only
        watches) from ``seat``'s information and return the root's statistics."""
        seconds = self.seconds
        step = state.realtime_step()
        if step is not None and seconds is not None:
            # a step against the clock (Tumult Royal's grab ticks) resolves without a late
            # choice: think at most a share of it, leaving room to hand the move over
            seconds = min(seconds, REALTIME_SHARE * step[1] / 1000)
        if self.workers > 1:
            keep = Keep(self._token, self._decisions, self._moves) if self.reuse else None
            result = search_in_parallel(
                state, seat, self.workers, self.iterations, seconds, rng, keep
            )
            self._decisions += 1
        else:
            search: Search | FlatSearch = self._reused(state, seat, rng) or make_search(
                state.game.search_hooks(), state, seat, rng
            )
            result = search.run(iterations=self.iterations, seconds=seconds)
            # a flat search keeps no tree to reuse
            self._search = search if self.reuse and isinstance(search, Search) else None
        self._moves = []
        self.last = result
        self.helper_cpu_seconds += result.helper_cpu_seconds
        return result

    # -- keeping the tree ------------------------------------------------------------------
    def observe(self, moves: Moves | None) -> None:
        """The moves made at the table since this bot's last decision (its own included), or
        ``None`` when some of them were not public: then the tree is dropped."""
        if moves is None or self._moves is None:
            self._moves = None
            self._search = None
            return
        self._moves.extend(moves)

    def _reused(self, state: State, seat: int, rng: random.Random) -> Search | None:
        search, moves = self._search, self._moves
        self._search = None
        if search is None or moves is None:
            return None
        return reroot(search, moves, state, seat, rng)
