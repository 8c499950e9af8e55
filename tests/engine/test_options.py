"""Declared options: defaults, validation, clear errors naming the option (DESIGN.md §2)."""

from __future__ import annotations

import pytest

from spieltisch.engine import Option, OptionError, parse_option_assignments, resolve_options

DECLARED = (
    Option("mode", "a", "a mode", choices=("a", "b")),
    Option("fast", False, "a flag", choices=(False, True)),
    Option("count", 3, "a number", validate=lambda v, n: _count(v, n)),
)


def _count(value: object, players: int) -> int:
    if not isinstance(value, int) or not 1 <= value <= players:
        raise ValueError(f"must be 1-{players}")
    return value


def test_defaults_fill_in() -> None:
    assert resolve_options(DECLARED, None, 4) == {"mode": "a", "fast": False, "count": 3}


def test_string_spellings_from_command_lines() -> None:
    out = resolve_options(DECLARED, {"fast": "true", "mode": "b"}, 4)
    assert out["fast"] is True and out["mode"] == "b"


def test_unknown_option_is_named() -> None:
    with pytest.raises(OptionError, match="unknown option 'speed'.*count, fast, mode"):
        resolve_options(DECLARED, {"speed": 1}, 4)


def test_bad_values_name_the_option() -> None:
    with pytest.raises(OptionError, match="option 'mode': 'c' is not one of a, b"):
        resolve_options(DECLARED, {"mode": "c"}, 4)
    with pytest.raises(OptionError, match="option 'fast'"):
        resolve_options(DECLARED, {"fast": 1}, 4)
    with pytest.raises(OptionError, match="option 'count': must be 1-2"):
        resolve_options(DECLARED, {"count": 3}, 2)


def test_parse_assignments() -> None:
    assert parse_option_assignments(["a=1", "b= x ", "c=[1, 2]", "d=-3"]) == {
        "a": 1,
        "b": "x",
        "c": [1, 2],
        "d": -3,
    }
    with pytest.raises(OptionError, match="name=value"):
        parse_option_assignments(["novalue"])
