"""The search's judgement of a Tumult Royal position (``search.py``): each seat's chance to
win, from a few public measures at the start of a round, combined by a softmax whose
weights were fitted on heuristic-against-heuristic games (``tools/search/fit_tumult_royal.py``).

A position inside a round (a grab under way, goods in hand, build turns left) is first
played to the start of the next round by the heuristic (``finish_round``): the tumult check
and the builds then decide what the goods were worth, which no static measure of tiles in
hand judges as well, and the weights only need to judge what they were fitted on."""

from __future__ import annotations

import math
import random
from typing import Any

from ...engine.search_hooks import win_shares
from .heuristic_risk import caps
from .table import GRAB, Table

# the measures of one seat at the start of a round; ``near`` ones are scaled by how close the
# leader is to the end (0 up to 12 statues placed, 1 from 22 on: a lead, followers and the
# crown, which decides who builds first in the last round, count more then), and ``finish``
# grows steeply as the seat's last statues come in reach
FEATURES = (
    "placed",
    "followers",
    "king",
    "grace",
    "room",
    "reach",
    "placed_near",
    "followers_near",
    "king_near",
    "finish",
)

# Fitted by tools/search/fit_tumult_royal.py (softmax over seats, Newton's method with a small
# ridge) on the round starts of 3,000 seeded heuristic-against-heuristic games per player
# count (seeds from 200,000), default options: per player count, the weights of FEATURES.
# Held-out log loss 0.658 (2 players; an even split 0.693), 1.006 (3; 1.099), 1.210 (4; 1.386);
# every decile of predicted chances within 4 points of the observed win share.
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.1253, 0.0211, -0.0546, 0.1706, 0.0387, 0.1032, 0.1439, 0.1010, 0.0118, 1.2033),
    3: (0.2391, 0.0252, -0.1200, 0.2164, 0.0349, 0.0632, 0.2576, 0.1981, 0.0855, 0.9215),
    4: (0.4299, 0.0726, -0.0916, 0.4139, 0.0336, 0.0623, 0.4041, 0.2731, -0.0995, 0.0646),
}


def features(state: Table, seat: int) -> tuple[float, ...]:
    """The measures of ``seat`` (all public): statues placed, followers, the crown (the King
    builds first), grace, free fields next to its statues (room to build at the base
    price) and villages and castles within reach (the heuristic's ``caps``)."""
    owner, codes, n4 = state.owner, state.codes, state.land.n4
    room = set()
    for f, who, _ in state.board:
        if who == seat:
            for n in n4[f]:
                if owner[n] < 0 and codes[n]:
                    room.add(n)
    villages, castles = caps(state, seat)
    last = state.rules.statues_per_player
    placed = float(last - state.reserve[seat])
    most = last - min(state.reserve)
    near = min(1.0, max(0.0, (most - 12) / 10))
    followers = float(state.followers[seat])
    king = 1.0 if state.rank[0] == seat else 0.0
    return (
        placed,
        followers,
        king,
        1.0 if state.grace[seat] else 0.0,
        float(len(room)),
        float(villages + castles),
        placed * near,
        followers * near,
        king * near,
        1.0 / (last + 1 - placed),
    )


def static_chances(state: Table) -> list[float]:
    """The softmax of the fitted weights over the seats' measures."""
    weights = WEIGHTS.get(state.players, WEIGHTS[4])
    scores = [
        sum(w * x for w, x in zip(weights, features(state, s), strict=True))
        for s in range(state.players)
    ]
    top = max(scores)
    exps = [math.exp(x - top) for x in scores]
    total = sum(exps)
    return [e / total for e in exps]


def at_round_start(state: Table) -> bool:
    """A grab not yet begun: nobody has chosen, nobody holds or has kept a tile."""
    return (
        state.phase == GRAB
        and state.tick == 0
        and not state.pending
        and all(h < 0 for h in state.hand)
        and all(t < 0 for t in state.slot_taker)
    )


def finish_round(state: Table, bot: Any, rng: random.Random) -> None:
    """Play ``state`` (a re-dealt world, changed in place) with ``bot`` for every seat to
    the start of the next round or the end of the game."""
    start = state.round
    while not state.is_over() and state.round == start:
        seat = state.actors()[0]
        state._apply(seat, bot.choose(state, seat, rng))


def chances(state: Table, bot: Any, rng: random.Random) -> list[float]:
    """Each seat's chance to win: the win shares at the end, the fitted softmax at the start
    of a round, otherwise the softmax after ``finish_round`` on a copy."""
    if state.is_over():
        return win_shares(state)
    if not at_round_start(state):
        state = state.clone()
        finish_round(state, bot, rng)
        if state.is_over():
            return win_shares(state)
    return static_chances(state)
