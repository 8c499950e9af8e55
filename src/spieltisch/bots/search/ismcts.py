"""Information-set Monte Carlo tree search over re-dealt worlds.

Every iteration re-deals the hidden facts from the searching seat's view
(``state.resample(observer, rng)``), walks the tree with PUCT, adds one node, plays a short
rollout with the game's rollout policy and judges the position with the game's evaluation
(``SearchHooks``). Values are win chances in [0, 1] per seat; each edge sums the value of
the seat that chose it, so every seat plays for itself (3–5 players included).

The search reads the state it is given only through ``resample(observer, ...)`` and the
observer's own legal actions: whatever that state holds in hidden places never reaches a
decision (a test poisons it to check)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ...engine.action import Action
from ...engine.search_hooks import SearchHooks
from ...engine.state import State
from .tree import ChildKey, Edge, Node, select


@dataclass(frozen=True)
class ActionStats:
    """What the search found about one of the observer's root actions."""

    action: Action
    visits: int
    value: float  # the observer's mean win chance after it

    def to_json(self) -> dict[str, object]:
        return {"action": self.action.to_json(), "visits": self.visits, "value": self.value}


@dataclass(frozen=True)
class SearchResult:
    """The root's statistics after a search from ``observer``'s information."""

    observer: int
    iterations: int
    seconds: float
    values: tuple[float, ...]  # each seat's mean win chance at the root
    actions: tuple[ActionStats, ...]  # the observer's root actions, most visited first
    #: CPU time spent in other processes (root parallelism), which the caller's own
    #: ``time.process_time`` does not see
    helper_cpu_seconds: float = 0.0

    @property
    def best(self) -> Action | None:
        return self.actions[0].action if self.actions else None

    @property
    def win_chance(self) -> float:
        """The observer's estimated win chance when playing the best action (the root's
        value when the observer is not the one to move)."""
        if self.actions and self.actions[0].visits:
            return self.actions[0].value
        return self.values[self.observer]


class Search:
    """One search tree for ``observer`` over a root position (re-dealt for each iteration)."""

    def __init__(
        self, hooks: SearchHooks, root_state: State, observer: int, rng: random.Random
    ) -> None:
        self.hooks = hooks
        self.root_state = root_state
        self.observer = observer
        self.rng = rng
        self.root = Node(root_state.players)
        self.iterations = 0
        self.seconds = 0.0
        self.c = hooks.exploration
        #: the observer's legal actions at the root, as the iterations met them (the same in
        #: every world: the observer's own view decides them)
        self._root_legal: list[Action] | None = None

    # -- running ---------------------------------------------------------------------------
    def run(self, iterations: int | None = None, seconds: float | None = None) -> SearchResult:
        """Iterate until ``iterations`` more have run or ``seconds`` have passed (whichever
        is given; both: the first reached), stopping early once the most visited root
        action cannot be overtaken in the budget that is left."""
        if iterations is None and seconds is None:
            raise ValueError("give the search an iteration or a time budget")
        start = time.perf_counter()
        deadline = start + seconds if seconds is not None else None
        self._root_legal = None  # a kept tree has a new root
        done = 0
        while iterations is None or done < iterations:
            self.iterate()
            done += 1
            if done % 16 == 0:
                now = time.perf_counter()
                if deadline is not None and now >= deadline:
                    break
                if self._settled(done, iterations, start, now, deadline):
                    break
        self.seconds += time.perf_counter() - start
        return self.result()

    def _settled(
        self, done: int, iterations: int | None, start: float, now: float, deadline: float | None
    ) -> bool:
        """The runner-up cannot catch up with the leader in the iterations left."""
        left = iterations - done if iterations is not None else None
        if deadline is not None:
            rate = done / max(now - start, 1e-9)
            by_time = int(rate * (deadline - now))
            left = by_time if left is None else min(left, by_time)
        assert left is not None
        visits = sorted((e.visits for e in self._choices()), reverse=True)
        if len(visits) < 2:
            return len(visits) == 1 and done >= 64
        return visits[0] - visits[1] > left

    def iterate(self) -> None:
        """One iteration: re-deal, descend, expand, roll out, back up."""
        hooks, rng = self.hooks, self.rng
        state = self.root_state.resample(self.observer, rng)
        node = self.root
        nodes = [node]
        path: list[tuple[Edge, int]] = []
        while not state.is_over():
            fresh = node.visits == 0 and node is not self.root
            group = hooks.simultaneous(state)
            if group is not None:
                if fresh:
                    break  # a new node: judged by the rollout below
                key = self._round(node, state, group, path)
            else:
                seat = state.actors()[0]
                legal = state.legal_actions(seat)
                # a forced move is a node too (whether an opponent's move is forced can
                # depend on their hidden hand), but it does not end the descent
                if fresh and len(legal) > 1:
                    break
                edge = self._pick(node, state, seat, legal)
                path.append((edge, seat))
                state._apply(seat, edge.action)
                key = ((seat, edge.action),)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node(state.players)
            node = child
            nodes.append(node)
        values = self._rollout(state)
        for node in nodes:
            node.visits += 1
            totals = node.totals
            for seat, v in enumerate(values):
                totals[seat] += v
        for edge, seat in path:
            edge.visits += 1
            edge.value += values[seat]
        self.iterations += 1

    def _pick(self, node: Node, state: State, seat: int, legal: list[Action]) -> Edge:
        if node is self.root and seat == self.observer:
            self._root_legal = legal
        priors = None
        if len(legal) > 1 and seat not in node.priced:
            node.priced.add(seat)
            priors = self.hooks.prior(state, seat, legal, self.rng)
        return select(node, seat, legal, priors, self.c)

    def _round(
        self, node: Node, state: State, group: tuple[int, ...], path: list[tuple[Edge, int]]
    ) -> ChildKey:
        """A simultaneous round: each seat of ``group`` picks from its own statistics at this
        one node (decoupled), so no choice is made knowing another's."""
        pending = set(group)
        chosen: list[tuple[int, Action]] = []
        while pending and not state.is_over():
            seat = next((s for s in state.actors() if s in pending), None)
            if seat is None:
                break
            pending.discard(seat)
            legal = state.legal_actions(seat)
            edge = self._pick(node, state, seat, legal)
            path.append((edge, seat))
            state._apply(seat, edge.action)
            chosen.append((seat, edge.action))
        chosen.sort(key=lambda pair: pair[0])
        return tuple(chosen)

    def _rollout(self, state: State) -> list[float]:
        return play_out(self.hooks, state, self.hooks.rollout_depth, self.rng)

    # -- reading ---------------------------------------------------------------------------
    def _choices(self) -> list[Edge]:
        """The observer's root edges it may choose now. A kept tree (``SearchBot.observe``)
        also holds edges of worlds where the observer held other cards: the chance steps
        between two decisions (a card drawn) are not nodes of their own. Those stay out."""
        edges = self.root.seat_edges(self.observer)
        if self._root_legal is None:  # the observer does not choose here (or no iteration ran)
            return edges
        legal = set(self._root_legal)
        return [e for e in edges if e.action in legal]

    def result(self) -> SearchResult:
        root, observer = self.root, self.observer
        edges = sorted(self._choices(), key=lambda e: (-e.visits, -e.mean()))
        visits = max(root.visits, 1)
        return SearchResult(
            observer=observer,
            iterations=self.iterations,
            seconds=self.seconds,
            values=tuple(t / visits for t in root.totals),
            actions=tuple(ActionStats(e.action, e.visits, e.mean()) for e in edges),
        )


def play_out(hooks: SearchHooks, state: State, depth: int, rng: random.Random) -> list[float]:
    """Up to ``depth`` steps of the game's rollout policy from ``state`` (changed in place),
    then every seat's value by the game's evaluation."""
    for _ in range(depth):
        if state.is_over():
            break
        seat = state.actors()[0]
        state._apply(seat, hooks.rollout_action(state, seat, rng))
    return hooks.evaluate(state)
