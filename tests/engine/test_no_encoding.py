"""A game without a numeric encoding says so with ``NoEncoding``, and the research layer
(standard library part) turns it into "not offered" rather than a crash."""

from __future__ import annotations

import pytest

from spieltisch.engine import NoEncoding, SpieltischError
from spieltisch.research._core import configure, has_encoding

from .toy_goofspiel import Goofspiel


def test_the_base_encoding_raises_no_encoding_naming_the_game() -> None:
    with pytest.raises(NoEncoding, match="Toy Goofspiel has no numeric encoding"):
        Goofspiel().encoding(2)
    assert issubclass(NoEncoding, SpieltischError)


def test_research_configuration_of_a_game_without_encoding() -> None:
    game = Goofspiel()
    assert not has_encoding(game)
    with pytest.raises(NoEncoding, match="Toy Goofspiel"):
        configure(game, 2)
