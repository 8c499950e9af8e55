"""Making moves through the game page as a player does: pick on the board, then the place,
then (if the page asks) the choice; or a choice button. Shared by the browser tests."""

from __future__ import annotations

import random
from typing import Any

STATUS = "() => document.getElementById('status').textContent"
# the moves the page offers now, as the board module sees them
MOVES = (
    "() => window.spieltischBoard ? window.spieltischBoard.moves().map((m) => "
    "({i: m.i, pick: m.pick, place: m.place, button: m.button})) : []"
)


def _press(locator: Any, tap: bool) -> None:
    if tap:
        locator.tap()
    else:
        locator.click()


def _attr(name: str, key: str) -> str:
    return f'#board [{name}="{key}"]'


def offered(page: Any) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = page.evaluate(MOVES)
    return moves


def make_move(page: Any, move: dict[str, Any], tap: bool = False) -> None:
    """Make ``move`` (one of ``offered``) through the page and wait for the table to move on
    (or for an error)."""
    before = page.evaluate(STATUS)
    if move["pick"] is not None:
        if page.locator("#board .selected").count():
            page.keyboard.press("Escape")
        _press(page.locator(_attr("data-pick", move["pick"])), tap)
        page.wait_for_selector("#board .selected")
    if move["place"] is not None:
        _press(page.locator(_attr("data-place", move["place"])), tap)
        choice = page.locator(f'#popup button.choice[data-move="{move["i"]}"]')
        if page.locator("#popup:not([hidden])").count():
            _press(choice, tap)
    else:
        _press(page.locator(f'#buttons button.choice[data-move="{move["i"]}"]'), tap)
    page.wait_for_function(
        "(v) => document.getElementById('status').textContent !== v || "
        "document.getElementById('error').textContent !== ''",
        arg=before,
        timeout=60_000,
    )
    error = page.locator("#error").text_content()
    assert error == "", error


def wait_for_turn_or_end(page: Any, timeout: int = 60_000) -> bool:
    """Wait until the page offers moves (True) or shows the result (False)."""
    page.wait_for_function(
        "() => document.querySelector('#result:not([hidden])') || "
        "(window.spieltischBoard && window.spieltischBoard.moves().length > 0)",
        timeout=timeout,
    )
    return page.locator("#result:not([hidden])").count() == 0


def play_random_move(page: Any, rng: random.Random, tap: bool = False) -> dict[str, Any]:
    moves = offered(page)
    assert moves, "no move offered"
    move = rng.choice(moves)
    make_move(page, move, tap)
    return move
