"""Keeping a search tree between decisions: the subtree that the moves made since lead to,
when every one of them was public. Used by the search bot in its own process and by each
of an expert's search processes (``parallel``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine.action import Action
from ...engine.state import State
from .ismcts import Search
from .tree import Node

Moves = Sequence[tuple[int, Action]]


def reroot(
    search: Search, moves: Moves, state: State, seat: int, rng: random.Random
) -> Search | None:
    """``search`` moved down to the node ``moves`` lead to, with ``state`` as its new root
    position; ``None`` if the tree was ``seat``'s for another seat, or never went there."""
    if search.observer != seat:
        return None
    node: Node | None = search.root
    i = 0
    while node is not None and i < len(moves):
        node, i = _follow(node, moves, i)
    if node is None or node.visits == 0:
        return None
    search.root = node
    search.root_state = state
    search.rng = rng
    return search


def _follow(node: Node, moves: Moves, i: int) -> tuple[Node | None, int]:
    """The child of ``node`` that the moves from ``i`` lead to (a simultaneous round takes
    as many moves as its children's keys are long)."""
    single = node.children.get((moves[i],))
    if single is not None:
        return single, i + 1
    for key in node.children:
        size = len(key)
        if size > 1 and i + size <= len(moves):
            joint = tuple(sorted(moves[i : i + size], key=lambda pair: pair[0]))
            return node.children.get(joint), i + size
        break
    return None, i
