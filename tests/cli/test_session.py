"""Reading a human's choice: numbers, commands, and every kind of bad line."""

from __future__ import annotations

import pytest

from spieltisch.cli.session import BadChoice, parse_choice


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", 0),
        (" 7 \n", 6),
        ("12", 11),
        ("help", "help"),
        ("?", "help"),
        ("LOG", "log"),
        ("q", "quit"),
        ("quit", "quit"),
        ("board", "board"),
    ],
)
def test_good_choices(text: str, expected: int | str) -> None:
    assert parse_choice(text, 12) == expected


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("abc", "not_number"),
        ("1.5", "not_number"),
        ("3_0", "not_number"),
        ("0", "out_of_range"),
        ("13", "out_of_range"),
        ("-2", "out_of_range"),
        ("999", "out_of_range"),
    ],
)
def test_bad_choices(text: str, key: str) -> None:
    with pytest.raises(BadChoice) as info:
        parse_choice(text, 12)
    assert info.value.key == key
