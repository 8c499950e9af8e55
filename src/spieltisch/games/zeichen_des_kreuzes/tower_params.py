"""The tower's options (ZK-O6 to ZK-O8): the model, its parameters and the shelf memory,
read from the option values and checked with errors naming the option."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from fractions import Fraction

from ...engine.errors import OptionError

MODELS = ("B", "A")  # ZK-O6, the first is the default
SHELF_MEMORIES = ("persistent", "resample")  # ZK-O8, the first is the default
DEFAULT_PARAMS: dict[str, dict[str, float]] = {  # ZK-O7
    "B": {"s0": 0.19, "K": 25, "d": 0.065},
    "A": {"p_new": 2 / 3, "p_old": 1 / 3},
}


_INTEGER = re.compile(r"\s*[+-]?\d+\s*")


def _number(key: str, raw: object) -> float:
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise OptionError(f"tower_params: {key} must be a number, not {raw!r} (ZK-O7)")
    if isinstance(raw, str):
        try:
            value: float = int(raw) if _INTEGER.fullmatch(raw) else float(Fraction(raw.strip()))
        except (ValueError, ZeroDivisionError):
            raise OptionError(
                f"tower_params: {key} must be a number, not {raw!r} (ZK-O7)"
            ) from None
        return value
    return raw


def parse_tower_params(value: object) -> dict[str, float]:
    """The ``tower_params`` option (ZK-O7) as a dict: ``"default"`` (or ``None``/``""``) is
    ``{}``; a mapping is taken as it is; a string reads ``"s0=0.2,K=25"`` (fractions such as
    ``p_new=2/3`` allowed). Keys are checked against a model by :func:`resolve_tower_params`."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        items: list[tuple[object, object]] = list(value.items())
    elif isinstance(value, str):
        text = value.strip()
        if text in ("", "default"):
            return {}
        items = []
        for part in text.split(","):
            name, sep, raw = part.partition("=")
            if not sep or not name.strip():
                raise OptionError(
                    f"tower_params: {part.strip()!r} is not KEY=VALUE; write for example "
                    f"'s0=0.19,K=25,d=0.065' or 'default' (ZK-O7)"
                )
            items.append((name.strip(), raw.strip()))
    else:
        raise OptionError(
            f"tower_params must be 'default', KEY=VALUE pairs or a mapping, not {value!r} (ZK-O7)"
        )
    out: dict[str, float] = {}
    for key, entry in items:
        if not isinstance(key, str):
            raise OptionError(f"tower_params: key {key!r} is not a string (ZK-O7)")
        out[key] = _number(key, entry)
    return out


def check_params(model: str, params: Mapping[str, object]) -> None:
    allowed = DEFAULT_PARAMS[model]
    for key, value in params.items():
        if key not in allowed:
            raise OptionError(
                f"tower_params: unknown key {key!r} for tower model {model}; "
                f"the keys are {', '.join(allowed)} (ZK-O7)"
            )
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
        ):
            raise OptionError(f"tower_params: {key} must be a finite number, not {value!r} (ZK-O7)")
        if key == "K":
            if value <= 0:
                raise OptionError(f"tower_params: K = {value} is out of range, K > 0 (ZK-O7)")
        elif not 0 <= value <= 1:
            raise OptionError(
                f"tower_params: {key} = {value} is out of range, 0 <= {key} <= 1 (ZK-O7)"
            )


def resolve_tower_params(model: str, params: Mapping[str, object] | None) -> dict[str, float]:
    """Check ``params`` for ``model`` and fill in the defaults (ZK-O7)."""
    if model not in MODELS:
        raise OptionError(f"tower_model must be one of {', '.join(MODELS)}, not {model!r} (ZK-O6)")
    given = dict(params or {})
    check_params(model, given)
    out = dict(DEFAULT_PARAMS[model])
    out.update(given)  # type: ignore[arg-type]  # checked numbers
    return out
