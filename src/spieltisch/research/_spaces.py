"""Gymnasium spaces and numpy observations of an encoding (PettingZoo and Gymnasium)."""

from __future__ import annotations

import math
from typing import Any

from . import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra(exc, "spieltisch.research") from exc

from ..engine.encoding import Encoding
from ..engine.game import State


def observation_bounds(encoding: Encoding) -> tuple[Any, Any]:
    """The ``(low, high)`` bounds of the observation vector: the encoding's optional
    ``observation_bounds`` attribute (two numbers, or two sequences of
    ``observation_size`` numbers), else unbounded."""
    bounds = getattr(encoding, "observation_bounds", None)
    if bounds is None:
        return -math.inf, math.inf
    low, high = bounds
    size = encoding.observation_size
    low_a = np.broadcast_to(np.asarray(low, dtype=np.float32), (size,)).copy()
    high_a = np.broadcast_to(np.asarray(high, dtype=np.float32), (size,)).copy()
    return low_a, high_a


def observation_space(encoding: Encoding) -> spaces.Dict:
    """``{"observation": Box(observation_size, float32), "action_mask": Box(num_actions,
    int8, 0..1)}``."""
    low, high = observation_bounds(encoding)
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=low, high=high, shape=(encoding.observation_size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(encoding.num_actions,), dtype=np.int8),
        }
    )


def action_space(encoding: Encoding) -> spaces.Discrete:
    return spaces.Discrete(encoding.num_actions)


def action_mask(encoding: Encoding, state: State, seat: int, active: bool) -> Any:
    """1 for each index ``seat`` may play now (all zero when it may not act)."""
    mask = np.zeros(encoding.num_actions, dtype=np.int8)
    if active:
        mask[encoding.legal_indices(state, seat)] = 1
    return mask


def observe(encoding: Encoding, state: State, seat: int, active: bool) -> dict[str, Any]:
    """A fresh observation dict for ``seat``."""
    return {
        "observation": np.asarray(encoding.observation(state, seat), dtype=np.float32),
        "action_mask": action_mask(encoding, state, seat, active),
    }
