"""Fit the weights of Tumult Royal's search evaluation (``games/tumult_royal/search_eval.py``).

Plays seeded heuristic-against-heuristic games (default options, ranks and landscape as
dealt), records the measures (``FEATURES``) of every seat at the start of every round (the
positions the evaluation judges: anything later in a round is first played to the next
round's start), labels each with the game's win shares, and fits the softmax (conditional
logit) model ``P(seat i wins) = exp(w . f_i) / sum_j exp(w . f_j)`` by Newton's method with
a small ridge, per player count. Games are split into a fitting half and a held-out half;
the script prints the held-out log loss beside the even split's, a calibration table
(predicted chance per decile against the observed share of wins), and the weights fitted on
all games as the ``WEIGHTS`` literal to paste into ``search_eval.py``.

    .venv/bin/python tools/search/fit_tumult_royal.py --games 3000 --players 2 3 4

numpy is needed here only; the shipped evaluation is standard library. The heuristic reads
only what its seat may see, so it is asked on the true state (no re-deal needed)."""

from __future__ import annotations

import argparse
import random

import numpy as np
from conditional_logit import fit, log_loss, probabilities

from spieltisch import bots
from spieltisch.engine.registry import game as lookup
from spieltisch.engine.search_hooks import win_shares
from spieltisch.games.tumult_royal.search_eval import FEATURES, at_round_start, features


def play(players: int, seed: int) -> tuple[list[list[tuple[float, ...]]], list[float]]:
    """One heuristic game: every seat's measures at every round start, the win shares."""
    g = lookup("tumult-royal")
    state = g.new_game(players, seed, {})
    bot = bots.make("heuristic", g)
    rng = random.Random(seed)
    rows: list[list[tuple[float, ...]]] = []
    while not state.is_over():
        if at_round_start(state):  # type: ignore[arg-type]
            rows.append([features(state, s) for s in range(players)])  # type: ignore[arg-type]
        seat = state.actors()[0]
        state.apply(seat, bot.choose(state, seat, rng))
    return rows, win_shares(state)


def collect(players: int, games: int, first_seed: int) -> tuple[np.ndarray, ...]:
    xs, ys, gid = [], [], []
    for i in range(games):
        rows, shares = play(players, first_seed + i)
        for r in rows:
            xs.append(r)
            ys.append(shares)
            gid.append(i)
    return np.array(xs), np.array(ys), np.array(gid)


def calibration(x: np.ndarray, y: np.ndarray, w: np.ndarray, bins: int = 10) -> list[str]:
    pred, obs = probabilities(x, w).ravel(), y.ravel()
    out = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        m = (pred >= lo) & (pred < hi if b < bins - 1 else pred <= hi)
        if m.sum():
            out.append(
                f"  {lo:.1f}-{hi:.1f}: n={int(m.sum()):6d} predicted "
                f"{pred[m].mean():.3f} observed {obs[m].mean():.3f}"
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=3000, help="games per player count")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seed", type=int, default=200_000)
    args = ap.parse_args()
    weights = {}
    for players in args.players:
        x, y, gid = collect(players, args.games, args.seed)
        train, test = gid % 2 == 0, gid % 2 == 1
        w = fit(x[train], y[train])
        even = log_loss(x[test], y[test], np.zeros_like(w))
        print(
            f"{players} players: {len(x)} positions from {args.games} games; held-out log "
            f"loss {log_loss(x[test], y[test], w):.4f} (even split {even:.4f})"
        )
        print("\n".join(calibration(x[test], y[test], w)))
        weights[players] = fit(x, y)
        named = ", ".join(f"{n}={v:+.4f}" for n, v in zip(FEATURES, weights[players], strict=True))
        print(f"  weights: {named}")
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for players, w in weights.items():
        print(f"    {players}: (" + ", ".join(f"{v:.4f}" for v in w) + "),")
    print("}")


if __name__ == "__main__":
    main()
