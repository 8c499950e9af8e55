"""Learn to play (issue 15): each game's guided first game, started from the lobby and played
to its end through the page by following the guide — the highlighted move is made with the
board as a player makes it — in English and (one game) German; another move than the
suggested one is explained and taken back."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.engine.registry import games
from spieltisch.engine.tutorial import tutorial

from .playing import make_move, offered

WITH_TUTORIAL = [g.id for g in games() if tutorial(g) is not None]
GUIDE = "() => window.spieltischTutorial && window.spieltischTutorial.guide()"
# the learner must act (a suggested move) or the script is over
READY = (
    "() => { const g = window.spieltischTutorial && window.spieltischTutorial.guide();"
    " return !!g && (g.done || !!g.deviated || (g.suggested !== null &&"
    " window.spieltischBoard.moves().length > 0)); }"
)


def _start(server: str, page: Any, game: str, lang: str = "en") -> None:
    page.goto(server + "/")
    if lang != "en":
        page.click(f"nav [data-lang='{lang}']")
    page.locator(f"button.learn[data-game='{game}']").click()
    page.wait_for_url("**/table/**")  # the link's token went into a cookie
    page.wait_for_selector("#coach:not([hidden])")


def _follow(page: Any) -> int:
    """Make every suggested move until the guide is done; the number of moves made."""
    made = 0
    while True:
        page.wait_for_function(READY, timeout=60_000)
        guide = page.evaluate(GUIDE)
        assert not guide["deviated"], guide
        if guide["done"]:
            return made
        assert guide["say"], "a learner's step says what to do"
        # the next click of the suggested move is pointed at
        page.wait_for_selector("#board .coach-next, #buttons .coach-next")
        move = next(m for m in offered(page) if m["i"] == guide["suggested"])
        make_move(page, move)
        made += 1
        page.wait_for_function(
            "(n) => { const g = window.spieltischTutorial.guide();"
            " return g && (g.done || g.done_steps >= n); }",
            arg=guide["done_steps"] + 1,
            timeout=60_000,
        )


@pytest.mark.parametrize("game", WITH_TUTORIAL)
def test_each_tutorial_can_be_followed_to_its_end(server: str, page: Any, game: str) -> None:
    _start(server, page, game)
    total = page.evaluate(GUIDE)["total"]
    assert page.locator("#coach .coach-intro").count() == 1
    assert _follow(page) == total
    coach = page.locator("#coach").text_content()
    assert page.evaluate(GUIDE)["outro"] in coach


def test_a_tutorial_in_german(server: str, page: Any) -> None:
    game = WITH_TUTORIAL[0]
    _start(server, page, game, lang="de")
    page.wait_for_function(READY)
    guide = page.evaluate(GUIDE)
    script = tutorial(next(g for g in games() if g.id == game))
    assert script is not None
    assert guide["title"] == script.title["de"]
    assert page.locator("#coach h2").text_content().startswith(script.title["de"])


def test_another_move_is_explained_and_taken_back(server: str, page: Any) -> None:
    game = WITH_TUTORIAL[0]
    _start(server, page, game)
    page.wait_for_function(READY)
    guide = page.evaluate(GUIDE)
    other = next(m for m in offered(page) if m["i"] != guide["suggested"])
    make_move(page, other)
    page.wait_for_selector("#coach.off-script .coach-take-back")
    first = page.url
    page.click(".coach-take-back")
    page.wait_for_function("(u) => location.href !== u", arg=first)
    page.wait_for_function(READY)
    again = page.evaluate(GUIDE)
    assert not again["deviated"] and again["done_steps"] == guide["done_steps"]
