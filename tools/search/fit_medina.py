"""Fit the coefficients of Medina's search evaluation (``spieltisch.games.medina.search_eval``).

Plays games of the heuristic against itself with some noise in the moves (so that the
positions vary: the heuristic is deterministic, and the 1st edition has no chance at all),
records ``search_eval.features`` of every seat at every decision and who won in the end, and
fits a conditional logit (softmax over the seats of a linear utility) by Newton's method on
80% of the games. Prints the held-out log loss, a calibration table and the coefficients as
the Python literal that ``COEFFICIENTS`` holds.

    .venv/bin/python tools/search/fit_medina.py --config 2:2 --config 1:3 --games 600

(``--config EDITION:PLAYERS``; numpy is needed here only, the game itself uses none.)"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time

import numpy as np
from conditional_logit import fit, log_loss, probabilities

import spieltisch
from spieltisch.engine.action import Action
from spieltisch.engine.search_hooks import win_shares
from spieltisch.games.medina.heuristic import HeuristicBot
from spieltisch.games.medina.search_eval import FEATURES, features
from spieltisch.games.medina.state import MedinaState

# the share of decisions that deviate from the heuristic, cycled over the games
NOISE = (0.05, 0.15, 0.3)
TEMPERATURE = 1.0  # a deviation: softmax over the heuristic's values, in its points
L2 = 1e-4

# one game: per position, the features of every seat; and the win shares at the end
Game = tuple[list[list[tuple[float, ...]]], list[float]]


def noisy_move(
    state: MedinaState, seat: int, bot: HeuristicBot, rng: random.Random, eps: float
) -> Action:
    """The heuristic's move, or with chance ``eps`` one of the placements it tried, drawn
    by the softmax of their values (plausible mistakes, not random ones)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase != "turn":  # the 1st edition's start merchant: anywhere half the time
        return rng.choice(legal) if rng.random() < 0.5 else bot.choose(state, seat, rng)
    if rng.random() >= eps:
        return bot.choose(state, seat, rng)
    values = bot.values(state, seat, legal)
    top = max(v for _, v in values)
    weights = [math.exp((v - top) / TEMPERATURE) for _, v in values]
    choice: Action = rng.choices([a for a, _ in values], weights)[0]
    return choice


def play(edition: int, players: int, seed: int, eps: float, bot: HeuristicBot) -> Game:
    """One noisy game: the features of every position, and the win shares at the end."""
    game = spieltisch.game("medina")
    state = game.new_game(players, seed, {"edition": edition})
    assert isinstance(state, MedinaState)
    rng = random.Random(seed)
    rows = []
    while not state.is_over():
        seat = state.actors()[0]
        rows.append(features(state, bot))
        state.apply(seat, noisy_move(state, seat, bot, rng, eps))
    return rows, win_shares(state)


def report(x: np.ndarray, y: np.ndarray, beta: np.ndarray, players: int) -> None:
    print(f"  held-out log loss {log_loss(x, y, beta):.4f} (even split {math.log(players):.4f})")
    p, w = probabilities(x, beta).ravel(), y.ravel()
    for lo in np.arange(0.0, 1.0, 0.1):
        m = (p >= lo) & (p < lo + 0.1)
        if m.any():
            print(
                f"  predicted [{lo:.1f}, {lo + 0.1:.1f}): {m.sum():6d} seats, "
                f"mean {p[m].mean():.3f}, won {w[m].mean():.3f}"
            )


def stack(games: list[Game], ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The features (positions x seats x features) and win shares of the games ``ids``."""
    rows = [(r, games[i][1]) for i in ids for r in games[i][0]]
    return np.array([r for r, _ in rows]), np.array([s for _, s in rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", action="append", default=[], help="EDITION:PLAYERS")
    parser.add_argument("--games", type=int, default=600, help="games per configuration")
    parser.add_argument("--seed", type=int, default=10_000, help="seed of the first game")
    args = parser.parse_args()
    bot = HeuristicBot()
    fitted: dict[tuple[int, int], tuple[float, ...]] = {}
    for config in args.config or ["2:2", "1:3"]:
        edition, players = (int(v) for v in config.split(":"))
        start = time.process_time()
        games = [
            play(edition, players, args.seed + i, NOISE[i % len(NOISE)], bot)
            for i in range(args.games)
        ]
        order = np.random.default_rng(0).permutation(len(games))
        cut = int(0.8 * len(games))

        x_fit, y_fit = stack(games, order[:cut])
        x_out, y_out = stack(games, order[cut:])
        beta = fit(x_fit, y_fit, ridge=L2, steps=100)
        seconds = time.process_time() - start
        print(
            f"edition {edition}, {players} players: {len(games)} games, "
            f"{len(x_fit)} + {len(x_out)} positions, {seconds:.0f} CPU s",
            file=sys.stderr,
        )
        report(x_out, y_out, beta, players)
        fitted[(edition, players)] = tuple(round(float(b), 4) for b in beta)
    print("COEFFICIENTS = {  # features:", ", ".join(FEATURES))
    for key, coefficients in fitted.items():
        print(f"    {key}: {coefficients},")
    print("}")


if __name__ == "__main__":
    main()
