"""tools/search/conditional_logit.py: the fit the search evaluations' tools share recovers
the weights that made the data, and its chances and losses are what they say."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

PATH = Path(__file__).parents[2] / "tools" / "search" / "conditional_logit.py"
SPEC = importlib.util.spec_from_file_location("conditional_logit", PATH)
assert SPEC is not None and SPEC.loader is not None
logit = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(logit)


def test_the_fit_recovers_the_weights_that_made_the_winners() -> None:
    rng = np.random.default_rng(7)
    true = np.array([1.5, -0.8, 0.3])
    x = rng.normal(size=(20_000, 3, 3))  # positions, seats, features
    chances = logit.probabilities(x, true)
    winners = np.array([rng.choice(3, p=row) for row in chances])
    y = np.eye(3)[winners]
    w = logit.fit(x, y, ridge=0.0)
    assert np.abs(w - true).max() < 0.1
    # the fitted weights explain the winners better than an even split
    assert logit.log_loss(x, y, w) < logit.log_loss(x, y, np.zeros(3)) - 0.1
    assert abs(logit.log_loss(x, y, np.zeros(3)) - np.log(3)) < 1e-9


def test_chances_are_a_distribution_over_the_seats() -> None:
    x = np.array([[[1000.0], [0.0]], [[0.0], [0.0]]])
    p = logit.probabilities(x, np.array([1.0]))
    assert np.allclose(p.sum(axis=1), 1.0)
    assert np.allclose(p, [[1.0, 0.0], [0.5, 0.5]])
    assert logit.cross_entropy(np.array([[1.0, 0.0]]), np.array([[0.0, 1.0]])) > 20
