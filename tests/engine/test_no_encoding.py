"""A game without a numeric encoding says so with ``NoEncoding``, and the research layer
(standard library part) turns it into "not offered" rather than a crash."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from spieltisch.engine import Game, NoEncoding, SpieltischError
from spieltisch.engine.encoding import Encoding
from spieltisch.research._core import configure, has_encoding

from .toy_goofspiel import Goofspiel


class Plain(Goofspiel):
    """The example game without its encoding: the kernel's default."""

    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        return Game.encoding(self, players, options)


def test_the_base_encoding_raises_no_encoding_naming_the_game() -> None:
    with pytest.raises(NoEncoding, match="Toy Goofspiel has no numeric encoding"):
        Plain().encoding(2)
    assert issubclass(NoEncoding, SpieltischError)


def test_research_configuration_of_a_game_without_encoding() -> None:
    game = Plain()
    assert not has_encoding(game)
    with pytest.raises(NoEncoding, match="Toy Goofspiel"):
        configure(game, 2)
