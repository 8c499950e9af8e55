"""Fit the weights of Im Zeichen des Kreuzes's search evaluation (``search_eval``).

Plays seeded games of the heuristic against itself (half of them with one move in ten
replaced by a random legal move, so that positions the heuristic avoids are seen too),
records every seat's ``features`` at every second step, labels each position with the
game's win shares (``win_shares``: 1 for the winner; 1/N each when nobody won), and fits
the softmax (conditional logit) model ``P(seat i wins) = exp(w . f_i) / sum_j exp(w . f_j)``
by Newton's method with a small ridge, once per player count. Games alternate between a
fitting and a held-out half; the script prints the held-out log loss against the even
split, a calibration table (predicted chance per tenth against the observed share of
wins) and the weights refitted on all games, as Python for ``search_eval.WEIGHTS``.

    .venv/bin/python tools/search/fit_zeichen_des_kreuzes.py --games 3000 1500 600 400

numpy is needed here only; the shipped evaluation is standard library."""

from __future__ import annotations

import argparse
import random

import numpy as np
from conditional_logit import fit, log_loss, probabilities

from spieltisch import bots
from spieltisch.engine.registry import game as lookup
from spieltisch.engine.search_hooks import win_shares
from spieltisch.games.zeichen_des_kreuzes.search_eval import FEATURES, features
from spieltisch.games.zeichen_des_kreuzes.state import ZkState

GAME = "im-zeichen-des-kreuzes"


def play(
    players: int, seed: int, noise: float
) -> tuple[list[list[tuple[float, ...]]], list[float]]:
    """One game: every seat's features at every second step, and the final win shares."""
    g = lookup(GAME)
    state = g.new_game(players, seed, {})
    assert isinstance(state, ZkState)
    bot = bots.make("heuristic", g)
    rng = random.Random(seed)
    rows: list[list[tuple[float, ...]]] = []
    step = 0
    while not state.is_over():
        seat = state.actors()[0]
        if step % 2 == 0:
            rows.append([features(state, s) for s in range(players)])
        step += 1
        if noise and rng.random() < noise:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        else:
            state.apply(seat, bots.act(bot, state, seat, rng))
    return rows, win_shares(state)


def collect(players: int, games: int, first_seed: int) -> tuple[np.ndarray, ...]:
    xs, ys, ids = [], [], []
    for i in range(games):
        rows, shares = play(players, first_seed + i, 0.1 if i % 4 >= 2 else 0.0)
        xs.extend(rows)
        ys.extend([shares] * len(rows))
        ids.extend([i] * len(rows))
    return np.array(xs), np.array(ys), np.array(ids)


def calibration(x: np.ndarray, y: np.ndarray, w: np.ndarray, bins: int = 10) -> list[str]:
    pred, obs = probabilities(x, w).ravel(), y.ravel()
    out = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        m = (pred >= lo) & ((pred < hi) if b < bins - 1 else (pred <= hi))
        if m.sum():
            out.append(
                f"    {lo:.1f}-{hi:.1f}: {int(m.sum()):7d} positions, predicted "
                f"{pred[m].mean():.3f}, observed {obs[m].mean():.3f}"
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description="fit search_eval.WEIGHTS")
    ap.add_argument(
        "--games",
        type=int,
        nargs="+",
        default=[3000, 1500, 600, 400],
        help="games for 2, 3, 4, 5 players (fewer numbers: fewer counts)",
    )
    ap.add_argument("--seed", type=int, default=100_000)
    args = ap.parse_args()
    fitted = {}
    for players, games in zip((2, 3, 4, 5), args.games, strict=False):
        x, y, ids = collect(players, games, args.seed + 10_000 * players)
        train, test = ids % 2 == 0, ids % 2 == 1
        w = fit(x[train], y[train])
        print(
            f"{players} players, {games} games, {len(x)} positions: held-out log loss "
            f"{log_loss(x[test], y[test], w):.4f} (even split "
            f"{log_loss(x[test], y[test], np.zeros_like(w)):.4f})"
        )
        print("\n".join(calibration(x[test], y[test], w)))
        fitted[players] = fit(x, y)
    print("WEIGHTS = {  # " + ", ".join(FEATURES))
    for players, w in fitted.items():
        print(f"    {players}: (" + ", ".join(f"{v:.3f}" for v in w) + "),")
    print("}")


if __name__ == "__main__":
    main()
