"""Fit the weights of The Kingdoms of Crusaders' search evaluation
(``games/kingdoms_of_crusaders/search.py``, measures in ``search_eval.py``).

Plays seeded heuristic-against-heuristic games (default options), records the measures
(``FEATURES``) of every seat at every decision (the positions a search leaf is judged in:
after a move, the next seat to act has drawn), labels each with the game's win shares, and
fits the softmax (conditional logit) model ``P(seat i wins) = exp(w . f_i) / sum_j exp(w .
f_j)`` by Newton's method with a small ridge, per player count. The first part of the games
fits, the rest is held out: the script prints the held-out log loss beside the even split's
and the bare match value's, a calibration table (predicted chance per decile against the
observed share of wins) and the weights fitted on all games, as the ``WEIGHTS`` literal of
``search.py``.

    .venv/bin/python tools/search/fit_kingdoms_of_crusaders.py --games 3000 --players 2 3 4

numpy is needed here only; the shipped evaluation is standard library. The heuristic reads
only what its seat may see, so it is asked on the true state; the measures are taken on the
true state too, a world the search could have dealt."""

from __future__ import annotations

import argparse
import random

import numpy as np
from conditional_logit import cross_entropy, fit, softmax

from spieltisch import bots
from spieltisch.engine.registry import game as lookup
from spieltisch.engine.search_hooks import win_shares
from spieltisch.games.kingdoms_of_crusaders.search_eval import FEATURES, features
from spieltisch.games.kingdoms_of_crusaders.state import KingdomsState

Rows = list[list[tuple[float, ...]]]


def play(players: int, seed: int) -> tuple[Rows, list[Rows], list[float]]:
    """One heuristic game: every seat's measures at every decision with every hand known,
    the same as each seat sees them (one list per judging seat), and the win shares."""
    g = lookup("kingdoms-of-crusaders")
    state = g.new_game(players, seed, {})
    assert isinstance(state, KingdomsState)
    bot = bots.make("heuristic", g)
    rng = random.Random(seed)
    every: Rows = []
    judged: list[Rows] = [[] for _ in range(players)]
    while not state.is_over():
        every.append(features(state))
        for judge in range(players):
            judged[judge].append(features(state, judge))
        seat = state.actors()[0]
        state.apply(seat, bot.choose(state, seat, rng))
    return every, judged, win_shares(state)


def collect(players: int, games: int, first_seed: int, judged: bool) -> tuple[np.ndarray, ...]:
    """Measures, win shares and game numbers of every position (once per judging seat when
    ``judged``)."""
    xs, ys, gid = [], [], []
    for i in range(games):
        every, seen, shares = play(players, first_seed + i)
        for rows in seen if judged else [every]:
            for r in rows:
                xs.append(r)
                ys.append(shares)
                gid.append(i)
    return np.array(xs), np.array(ys), np.array(gid)


def calibration(p: np.ndarray, y: np.ndarray) -> list[str]:
    """Predicted chance per decile of the predictions against the observed win share."""
    flat_p, flat_y = p.ravel(), y.ravel()
    order = np.argsort(flat_p)
    lines = []
    for part in np.array_split(order, 10):
        lines.append(
            f"    predicted {flat_p[part].mean():.3f}  observed {flat_y[part].mean():.3f}"
            f"  ({len(part)} seat-positions)"
        )
    return lines


def report(players: int, games: int, first_seed: int, judged: bool) -> np.ndarray:
    x, y, gid = collect(players, games, first_seed, judged)
    held = gid >= int(games * 0.7)
    used = [i for i, name in enumerate(FEATURES) if judged or name != "judge"]
    x = x[:, :, used]
    w = fit(x[~held], y[~held])
    even = np.full_like(y[held], 1.0 / players)
    match = x[held][:, :, 0]  # the model's own match value, normalized
    raw = 1.0 / (1.0 + np.exp(-match))
    raw /= raw.sum(axis=1, keepdims=True)
    p = softmax(x[held] @ w)
    seen = "as each seat sees it" if judged else "with every hand known"
    print(f"{players} players, {seen}: {games} games, {len(x)} rows ({held.sum()} held out)")
    print(
        f"  held-out log loss: fitted {cross_entropy(p, y[held]):.4f}, bare match value "
        f"{cross_entropy(raw, y[held]):.4f}, even split {cross_entropy(even, y[held]):.4f}"
    )
    print("  calibration on held-out positions:")
    print("\n".join(calibration(p, y[held])))
    final = fit(x, y)
    if not judged:
        final = np.insert(final, FEATURES.index("judge"), 0.0)
    print("  weights (" + ", ".join(FEATURES) + "): " + ", ".join(f"{v:.4f}" for v in final))
    return final


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=100_000, help="the first game's seed")
    args = parser.parse_args()
    for judged, name in ((True, "WEIGHTS"), (False, "WEIGHTS_ALL_HANDS")):
        weights = {
            players: report(players, args.games, args.seed, judged) for players in args.players
        }
        print(f"{name} = {{")
        for players, w in weights.items():
            print(f"    {players}: (" + ", ".join(f"{v:.4f}" for v in w) + "),")
        print("}")


if __name__ == "__main__":
    main()
