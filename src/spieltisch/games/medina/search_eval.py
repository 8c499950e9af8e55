"""A calibrated win chance for an unfinished game of Medina (the search's evaluation).

Each seat gets a utility from the heuristic's own measures (``HeuristicBot.measures``): its
provisional score (tiles weighted by how safe they are) and its roof potential, each with a
weight that is quadratic in the game's progress (the share of all pieces placed), its own
roofs left (linear in progress) and the placements it still has in the current turn. The
win chances are the softmax of the utilities over the seats (a conditional logit), so they
lie in [0, 1] and sum to 1 for any number of players.

The coefficients are fitted by maximum likelihood on positions of heuristic-versus-heuristic
games with some noise in the moves (``tools/search/fit_medina.py``; the numbers below are its
output, with the games, noise and held-out log loss it reports)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .cells import ROOFS

if TYPE_CHECKING:
    from .heuristic import HeuristicBot
    from .state import MedinaState

FEATURES = (
    "score",
    "score*progress",
    "score*progress^2",
    "potential",
    "potential*progress",
    "potential*progress^2",
    "roofs",
    "roofs*progress",
    "placements left this turn",
)

# (edition, players) -> one coefficient per feature (FEATURES order)
COEFFICIENTS: dict[tuple[int, int], tuple[float, ...]] = {
    (2, 2): (0.0661, -0.1793, 0.4636, 0.0608, -0.1836, 0.4105, -0.4713, -0.1532, 0.0293),
    (1, 3): (0.1485, -0.7625, 1.1072, 0.2338, -0.87, 0.9969, -1.6745, 1.7131, 0.0301),
}


def progress(state: MedinaState) -> float:
    """The share of every seat's pieces that is on the board (0 at setup, near 1 at the end)."""
    placed = sum(map(sum, state.placed))
    total = placed + sum(map(sum, state.supply))
    return placed / total if total else 1.0


def features(state: MedinaState, bot: HeuristicBot) -> list[tuple[float, ...]]:
    """Per seat, the values of ``FEATURES``."""
    scores, potentials = bot.measures(state)
    p = progress(state)
    q = p * p
    left = state.quota - state.turn_placements if state.phase == "turn" else 0
    out: list[tuple[float, ...]] = []
    for seat in range(state.players):
        s, v, r = scores[seat], potentials[seat], state.supply[seat][ROOFS]
        t = float(left) if seat == state.active else 0.0
        out.append((s, s * p, s * q, v, v * p, v * q, float(r), r * p, t))
    return out


def coefficients(edition: int, players: int) -> tuple[float, ...]:
    """The fitted coefficients of a configuration, or of the nearest fitted one (the same
    edition first, then the nearest number of players)."""
    fitted = COEFFICIENTS.get((edition, players))
    if fitted is not None:
        return fitted
    key = min(COEFFICIENTS, key=lambda k: (k[0] != edition, abs(k[1] - players)))
    return COEFFICIENTS[key]


def softmax(utilities: list[float]) -> list[float]:
    top = max(utilities)
    weights = [math.exp(u - top) for u in utilities]
    total = sum(weights)
    return [w / total for w in weights]


def win_chances(state: MedinaState, bot: HeuristicBot) -> list[float]:
    """Each seat's chance to win from ``state`` (unfinished), summing to 1."""
    beta = coefficients(state.edition, state.players)
    return softmax(
        [sum(b * x for b, x in zip(beta, row, strict=True)) for row in features(state, bot)]
    )
