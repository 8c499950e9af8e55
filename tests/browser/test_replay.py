"""A finished game watched again in the browser (issue 15, item 5): the finished table links to
its replay, which steps forward and back with its buttons and keys, plays, switches the view,
keeps the step and view in its URL, speaks German, fits a phone, and shows in the public view
none of the cards hidden in a hand at that step."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

import spieltisch
from spieltisch.cli import screenshots
from spieltisch.cli.screenshots import create_table, http
from spieltisch.engine.game import State
from spieltisch.server.store import Store

KC = "kingdoms-of-crusaders"
SHOWN = "() => window.spieltischReplay && window.spieltischReplay.shown"
# everything the page received for the step on screen, and everything it shows
RECEIVED = "() => JSON.stringify(window.spieltischReplay.shown)"
ON_PAGE = "() => document.getElementById('board').innerHTML + document.body.innerText"


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server on a database this test can read, with a two-player Kingdoms table that its
    bots have played to the end; ``states[n]`` is the game after ``n`` moves."""
    path = tmp_path_factory.mktemp("replay") / "tables.db"
    with screenshots.running_server(path) as url:
        # seat 0 human but absent: a bot plays it (zombie mode), so the seat has a link
        made = create_table(
            url, KC, 2, seed=11, bots=[None, "heuristic"], settings={"zombie_after_s": 0}
        )
        end = time.monotonic() + 90
        while http("GET", f"{url}/api/tables/{made['table']}")["status"] != "over":
            assert time.monotonic() < end, "the bots did not finish the game"
            time.sleep(0.1)
        store = Store.open(f"sqlite:///{path}")
        try:
            record = store.table(made["table"])
            moves, _ = store.history(made["table"])
        finally:
            store.engine.dispose()
        assert record is not None
        game = spieltisch.game(KC)
        state = game.new_game(record.players, record.seed, record.options)
        states: list[State] = [state.clone()]
        for move in moves:
            state.apply(move.seat, game.action_from_json(move.action))
            states.append(state.clone())
        yield {**made, "url": url, "states": states}


def _at(page: Any, step: int, seat: int | None = None) -> None:
    """Wait until the page shows ``step`` from ``seat``'s view (``None``: public)."""
    page.wait_for_function(
        "([n, s]) => { const r = window.spieltischReplay;"
        " return r && r.shown && r.shown.step === n && r.shown.seat === s; }",
        arg=[step, seat],
        timeout=30_000,
    )


def _query(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def _hidden_cards(state: State, page: Any) -> None:
    """The page holds none of the cards in any hand at this step (public view)."""
    received, shown = page.evaluate(RECEIVED), page.evaluate(ON_PAGE)
    for seat in range(state.players):
        for card in state.private_facts(seat):
            assert card not in received and card not in shown, (seat, card)


def test_a_finished_game_is_watched_again(browser: Any, finished: dict[str, Any]) -> None:
    states: list[State] = finished["states"]
    last = len(states) - 1
    spectator = finished["spectator_link"].rsplit("/", 1)[1]
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script("localStorage.setItem('spieltisch-lang', 'en')")
    page = context.new_page()
    try:
        # the finished table's pages (a seat's and the spectators') link to the replay by the
        # spectator link, never by the seat's
        for table_page in (finished["spectator_link"], finished["seats"][0]["link"]):
            page.goto(table_page)
            link = page.locator("#watch-again a")
            link.wait_for(state="visible", timeout=30_000)
            assert link.get_attribute("href") == f"/replay/{spectator}"
        link.click()
        page.wait_for_function(SHOWN, timeout=30_000)
        _at(page, 0)
        assert page.locator("#step-count").text_content() == f"0 / {last}"
        assert page.locator("#back").is_disabled()
        # Kingdoms counts rounds as the first player's turns: the replay offers to jump there
        assert page.locator("#round-box").is_visible()
        assert page.locator("#round-box option").count() >= 2
        assert page.locator("#step-text").text_content() == "The start of the game"

        # the buttons
        page.click("#forward")
        _at(page, 1)
        assert _query(page)["step"] == ["1"] and "seat" not in _query(page)
        assert page.locator("#log li.step-event").count() >= 1  # the move's own events
        assert page.locator("#board .recent").count() >= 1  # and its pieces
        page.click("#forward")
        _at(page, 2)
        page.click("#back")
        _at(page, 1)
        page.click("#last")
        _at(page, last)
        assert page.locator("#winners").is_visible()
        page.click("#first")
        _at(page, 0)

        # the keys (on the page, and on the slider)
        page.locator("body").press("ArrowRight")
        _at(page, 1)
        page.keyboard.press("ArrowRight")
        _at(page, 2)
        page.keyboard.press("ArrowLeft")
        _at(page, 1)
        page.keyboard.press("End")
        _at(page, last)
        page.keyboard.press("Home")
        _at(page, 0)
        page.locator("#slider").focus()
        page.keyboard.press("ArrowRight")
        _at(page, 1)

        # play at the highest speed, pause with Space
        page.select_option("#speed", "200")
        page.locator("body").click(position={"x": 5, "y": 5})  # the keys go to the page
        page.keyboard.press(" ")
        page.wait_for_function("() => window.spieltischReplay.step >= 4", timeout=30_000)
        page.keyboard.press(" ")
        page.wait_for_function("() => !window.spieltischReplay.playing")
        paused = page.evaluate("() => window.spieltischReplay.step")
        page.wait_for_timeout(600)
        assert page.evaluate("() => window.spieltischReplay.step") == paused

        # the public view holds no card of any hand, at every step
        page.keyboard.press("Home")
        _at(page, 0)
        _hidden_cards(states[0], page)
        for n in range(1, last + 1):
            page.keyboard.press("ArrowRight")
            _at(page, n)
            _hidden_cards(states[n], page)

        # after the end any seat's view may be chosen; the URL keeps it
        middle = last // 2
        page.keyboard.press("Home")
        for _ in range(middle):
            page.keyboard.press("ArrowRight")
        _at(page, middle)
        page.select_option("#view", "1")
        _at(page, middle, 1)
        assert _query(page) == {"step": [str(middle)], "seat": ["1"]}
        shown = page.evaluate(ON_PAGE)
        assert all(card in shown for card in states[middle].private_facts(1))  # own hand
        assert not any(card in shown for card in states[middle].private_facts(0))

        # the link reopens the same step and view, in German on request
        again = context.new_page()
        again.goto(page.url)
        _at(again, middle, 1)
        assert again.locator("#view").input_value() == "1"
        again.click("[data-lang=de]")
        again.wait_for_function(
            "() => document.getElementById('step-text').textContent.startsWith('Schritt ')"
        )
        assert again.locator("#view option[value=public]").text_content() == "Öffentlich"
        assert "Spieler 2" in again.locator("#view option[value='1']").text_content()
        assert again.locator("[data-t='View as']").text_content() == "Ansicht als"
        again.close()
    finally:
        context.close()


def test_the_replay_fits_a_phone(browser: Any, finished: dict[str, Any], tmp_path: Path) -> None:
    spectator = finished["spectator_link"].rsplit("/", 1)[1]
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        page.goto(f"{finished['url']}/replay/{spectator}?step=5")
        _at(page, 5)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        page.locator("#forward").tap()
        _at(page, 6)
        for control in ("#first", "#back", "#play", "#forward", "#last"):
            box = page.locator(control).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, control  # a finger's size
        page.screenshot(path=str(tmp_path / "phone.png"))
    finally:
        context.close()


def test_a_running_game_has_no_replay_page(browser: Any, finished: dict[str, Any]) -> None:
    made = create_table(finished["url"], KC, 2, seed=3, bots=[None, None])
    spectator = made["spectator_link"].rsplit("/", 1)[1]
    page = browser.new_page()
    try:
        response = page.goto(f"{finished['url']}/replay/{spectator}")
        assert response is not None and response.status == 403
        assert "replays open when it has ended" in page.locator(".refusal").text_content()
        # and the running table's page offers no replay
        page.goto(made["spectator_link"])
        page.wait_for_selector("#board svg")
        assert page.locator("#watch-again").is_hidden()
    finally:
        page.close()


def test_json_of_a_step_is_what_the_page_shows(browser: Any, finished: dict[str, Any]) -> None:
    spectator = finished["spectator_link"].rsplit("/", 1)[1]
    step = http("GET", f"{finished['url']}/api/replay/{spectator}/step/3")
    page = browser.new_page()
    try:
        page.goto(f"{finished['url']}/replay/{spectator}?step=3")
        _at(page, 3)
        assert json.loads(page.evaluate(RECEIVED)) == step
    finally:
        page.close()
