"""Playing in a real browser: one human seat against bots, to the end, by clicking the
highlighted targets and the choice buttons the page shows (issue: the web table)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.cli.screenshots import create_table

from .playing import offered, play_random_move, wait_for_turn_or_end


def _play_to_the_end(page: Any, rng: random.Random, max_moves: int = 3000) -> int:
    """Whenever it is our turn, make a random one of the moves the page offers, as a player
    does: pick on the board, then the place (and the choice, if the page asks), or press
    a choice button."""
    moves = 0
    while moves < max_moves:
        if not wait_for_turn_or_end(page):
            return moves
        assert page.locator("#buttons button.choice").count() <= 12
        if not offered(page):  # a real-time step moved on between the wait and the look
            continue
        play_random_move(page, rng)
        moves += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("kingdoms-of-crusaders", 2, {}),
        ("medina", 3, {}),
        ("tumult-royal", 2, {"tick_ms": 600_000}),  # the clock has its own test below
        ("im-zeichen-des-kreuzes", 3, {}),
    ],
    ids=["kingdoms-of-crusaders", "medina", "tumult-royal", "im-zeichen-des-kreuzes"],
)
def test_one_human_against_bots_to_the_end(
    server: str, browser: Any, game: str, players: int, options: dict[str, Any]
) -> None:
    link = create_table(server, game, players, seed=5, options=options)["seats"][0]["link"]
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(link)
    page.wait_for_selector("#board svg")
    moves = _play_to_the_end(page, random.Random(3))
    assert moves > 0
    assert "Winners" in page.locator("#result").text_content()
    page.close()


def test_two_humans_play_kingdoms_of_crusaders_in_two_browsers(server: str, browser: Any) -> None:
    """Two browser contexts (two people), each on its own link; moves reach the other at once;
    a reload in the middle restores the seat."""
    made = create_table(server, "kingdoms-of-crusaders", 2, seed=8, bots=[None, None])
    contexts = [browser.new_context(viewport={"width": 1200, "height": 800}) for _ in range(2)]
    pages = [ctx.new_page() for ctx in contexts]
    sent: list[str] = []  # what the pages sent: a refresh would mean a patch did not apply
    for page in pages:
        page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
    for page, seat in zip(pages, made["seats"], strict=True):
        page.goto(seat["link"])
        page.wait_for_selector("#board svg")
    rng = random.Random(11)
    moves = 0
    reloaded = False
    while True:
        done = [p.locator("#result:not([hidden])").count() > 0 for p in pages]
        if all(done):
            break
        mover = next((p for p in pages if offered(p)), None)
        if mover is None:
            pages[0].wait_for_timeout(50)
            continue
        other = pages[1] if mover is pages[0] else pages[0]
        status = "() => document.getElementById('status').textContent"
        before = [other.evaluate(status), mover.evaluate(status)]
        play_random_move(mover, rng)
        # both browsers are told at once
        for page, was in zip((other, mover), before, strict=True):
            page.wait_for_function(
                "(v) => document.getElementById('status').textContent !== v",
                arg=was,
                timeout=30_000,
            )
        moves += 1
        if moves == 6 and not reloaded:
            mover.reload()
            mover.wait_for_selector("#board svg")
            reloaded = True
    assert moves > 10 and reloaded
    # every patch applied, those taking pieces from two messages back too (server/patches.py)
    assert not [f for f in sent if "refresh" in str(f)], sent
    texts = [p.locator("#result").text_content() for p in pages]
    assert all("Winners" in t for t in texts)
    for ctx in contexts:
        ctx.close()


def test_the_lobby_creates_a_table_and_hands_out_links(server: str, browser: Any) -> None:
    """The lobby: choose a game and seats, create the table, follow the seat's link; the
    German switch translates the page."""
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(server + "/")
    page.wait_for_selector("#game option[value='medina']", state="attached")
    page.select_option("#game", "medina")
    page.select_option("#players", "3")
    page.select_option("#seats select[name='seat1']", "bot:easy")
    page.click("#create-button")
    link = page.locator("#created a.seat-link").first
    link.wait_for()
    assert page.locator("#created a.seat-link").count() == 1  # one human seat, one link
    page.click("[data-lang='de']")
    assert page.locator("#create-button").text_content() == "Tisch anlegen"
    page.goto(link.get_attribute("href"))
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#board .pickable")  # Medina: the human starts, on the board
    page.close()


def test_the_tumult_royal_grab_runs_in_real_time(server: str, browser: Any) -> None:
    """TR-G14 at the table: during the grab a countdown shows the tick; a seat that does not
    click waits, and the ticks go on by the clock."""
    made = create_table(server, "tumult-royal", 2, seed=4, options={"tick_ms": 400})
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    rng = random.Random(5)
    for _ in range(50):  # place the start statues until the grab begins
        if page.locator("#clock:not([hidden])").count():
            break
        if offered(page):
            play_random_move(page, rng)
        else:
            page.wait_for_timeout(50)
    page.wait_for_selector("#clock:not([hidden])")
    assert "s" in page.locator("#clock").text_content()
    tick = page.evaluate("() => document.getElementById('status').textContent")
    # no click: the tick ends by the clock and the next one starts
    page.wait_for_function(
        "(v) => document.getElementById('status').textContent !== v", arg=tick, timeout=10_000
    )
    page.close()
