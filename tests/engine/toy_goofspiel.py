"""The toy Goofspiel the kernel's tests play: the example game of ``examples/goofspiel``,
installed as a package of its own (``pip install -e examples/goofspiel``).

Without it installed, the tests that play it are skipped, and ``tests/test_example_game.py``
fails once saying how to install it."""

from __future__ import annotations

import pytest

INSTALL = "pip install -e examples/goofspiel"

pytest.importorskip("spieltisch_goofspiel", reason=f"the example game is not installed: {INSTALL}")

from spieltisch_goofspiel.actions import Bid, bid  # noqa: E402
from spieltisch_goofspiel.game import GOOFSPIEL, Goofspiel  # noqa: E402
from spieltisch_goofspiel.state import GoofState  # noqa: E402

__all__ = ["GOOFSPIEL", "INSTALL", "Bid", "GoofState", "Goofspiel", "bid"]
