"""The conditional logit that the fit tools share: each seat's win chance is the softmax over
the seats of ``w . f(seat)``, fitted to the win shares by Newton's method with a small ridge.

``x`` has the shape (positions, seats, features), ``y`` (positions, seats): the win shares,
each row summing to 1. numpy is needed here only; the games' shipped evaluations are
standard library."""

from __future__ import annotations

import numpy as np


def softmax(scores: np.ndarray) -> np.ndarray:
    """Per row (a position), the softmax over the seats."""
    s = scores - scores.max(axis=1, keepdims=True)
    p = np.exp(s)
    out: np.ndarray = p / p.sum(axis=1, keepdims=True)
    return out


def probabilities(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Each seat's win chance at each position under the weights ``w``."""
    return softmax(x @ w)


def fit(
    x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 30, tol: float = 1e-9
) -> np.ndarray:
    """Maximum likelihood (plus ``ridge`` times half the squared weights) by Newton's method;
    stops after ``steps`` or once no weight moves by ``tol``."""
    w = np.zeros(x.shape[2])
    n = len(x)
    for _ in range(steps):
        p = probabilities(x, w)
        grad = np.einsum("ps,psf->f", p - y, x) / n + ridge * w
        mean = np.einsum("ps,psf->pf", p, x)
        second = np.einsum("ps,psf,psg->fg", p, x, x) - np.einsum("pf,pg->fg", mean, mean)
        step = np.linalg.solve(second / n + ridge * np.eye(len(w)), grad)
        w -= step
        if np.abs(step).max() < tol:
            break
    return w


def cross_entropy(p: np.ndarray, y: np.ndarray) -> float:
    """The mean log loss of the chances ``p`` against the win shares ``y``."""
    return float(-(y * np.log(np.clip(p, 1e-12, 1.0))).sum(axis=1).mean())


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The mean log loss of the weights ``w`` on the positions ``x``."""
    return cross_entropy(probabilities(x, w), y)
