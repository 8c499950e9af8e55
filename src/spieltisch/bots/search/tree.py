"""The search tree: nodes are information sets of the searching seat, edges are one seat's
action at a node, with the statistics PUCT selects by.

A node is reached by a sequence of choices; forced moves (one legal action) make no node.
Edges are keyed by ``(seat, action)``: in different re-dealt worlds different seats' hands
offer different actions at the same node, so each edge counts how often it was *available*
and selection uses that count (information-set MCTS's availability rule). A simultaneous
round (``SearchHooks.simultaneous``) is one node whose edges belong to several seats; its
children are keyed by the whole round's choices."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...engine.action import Action

EdgeKey = tuple[int, Action]
ChildKey = tuple[EdgeKey, ...]


class Edge:
    """One seat's action at a node: its prior, visits, the seat's summed value after it, and
    how often it was legal when the node was visited."""

    __slots__ = ("action", "avail", "prior", "value", "visits")

    def __init__(self, action: Action, prior: float) -> None:
        self.action = action
        self.prior = prior
        self.visits = 0
        self.value = 0.0
        self.avail = 0

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0


class Node:
    """An information set of the searching seat."""

    __slots__ = ("children", "edges", "priced", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.edges: dict[EdgeKey, Edge] = {}
        self.children: dict[ChildKey, Node] = {}
        self.visits = 0
        self.totals = [0.0] * players  # summed values of every seat through this node
        self.priced: set[int] = set()  # seats whose prior has been asked for here

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0

    def seat_edges(self, seat: int) -> list[Edge]:
        return [edge for (s, _), edge in self.edges.items() if s == seat]


def select(
    node: Node, seat: int, legal: Sequence[Action], priors: Sequence[float] | None, c: float
) -> Edge:
    """PUCT over the legal actions of ``seat`` at ``node``, with availability counts.

    ``priors`` (same order as ``legal``) are given on the seat's first visit here; actions
    first seen later (other worlds, other hands) get an even share."""
    edges = node.edges
    even = 1.0 / len(legal)
    # first-play urgency: an untried action is worth what this node has been worth so far
    fpu = node.mean(seat) if node.visits else 0.5
    best: Edge | None = None
    best_score = -math.inf
    for i, action in enumerate(legal):
        key = (seat, action)
        edge = edges.get(key)
        if edge is None:
            edge = edges[key] = Edge(action, priors[i] if priors is not None else even)
        edge.avail += 1
        q = edge.value / edge.visits if edge.visits else fpu
        score = q + c * edge.prior * math.sqrt(edge.avail) / (1 + edge.visits)
        if score > best_score:
            best, best_score = edge, score
    assert best is not None
    return best
