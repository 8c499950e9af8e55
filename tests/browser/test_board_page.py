"""The game page's ways of making a move and of seeing what happened (issue 14,
docs/board-interface.md): with the keyboard alone, by dragging a card onto its territory,
from the "All moves" list; tooltips on hover, log lines that outline their pieces, the other
player's last move marked on the board, and the turn in the tab's title and icon."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.cli.screenshots import create_table

from .playing import STATUS, offered, wait_for_turn_or_end

KC = "kingdoms-of-crusaders"


@pytest.fixture
def kc_pages(server: str, browser: Any) -> Iterator[tuple[Any, Any]]:
    """Two human seats of a Kingdoms table, each in its own browser context: (the page of
    the seat that moves first, the other's)."""
    made = create_table(server, KC, 2, seed=21, bots=[None, None])
    contexts = [browser.new_context(viewport={"width": 1400, "height": 900}) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    for page, seat in zip(pages, made["seats"], strict=True):
        page.goto(seat["link"])
        page.wait_for_selector("#board svg")
    pages[0].wait_for_function("() => window.spieltischBoard && window.spieltischBoard.update")
    first = 0 if offered(pages[0]) else 1
    yield pages[first], pages[1 - first]
    for c in contexts:
        c.close()


def _wait_moved(page: Any, before: str) -> None:
    page.wait_for_function(
        "(v) => document.getElementById('status').textContent !== v", arg=before, timeout=30_000
    )


def test_a_move_with_the_keyboard_alone(kc_pages: tuple[Any, Any]) -> None:
    page, _ = kc_pages
    before = page.evaluate(STATUS)
    # Tab reaches the first hand card (a pick), Enter selects it
    page.locator("#board").focus()
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('pickable')"):
            break
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label and "territory" in label.lower()  # the move's caption is its name
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .selected")
    # Tab on to a territory that lit up, Enter plays the card there
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('placeable')"):
            break
    page.keyboard.press("Enter")
    _wait_moved(page, before)
    assert page.locator("#error").text_content() == ""


def test_a_card_dragged_onto_a_territory_is_played(kc_pages: tuple[Any, Any]) -> None:
    page, other = kc_pages
    move = next(m for m in offered(page) if m["pick"] and m["place"])
    card = page.locator(f'#board [data-pick="{move["pick"]}"]')
    target = page.locator(f'#board [data-place="{move["place"]}"]')
    before = page.evaluate(STATUS)
    card.drag_to(target)
    _wait_moved(page, before)
    # the other player sees the card on the board, marked as the last move
    card_key = move["pick"]
    other.wait_for_function(
        "(k) => { const el = document.querySelector('#board [data-key=\"' + k + '\"].recent');"
        " return el !== null; }",
        arg=card_key,
        timeout=30_000,
    )
    assert other.title().startswith("●")  # their turn now: the tab says so
    assert not page.title().startswith("●")


def test_all_moves_lists_every_legal_move_and_acts(kc_pages: tuple[Any, Any]) -> None:
    page, _ = kc_pages
    count = len(offered(page))
    page.click("#all-moves summary")
    buttons = page.locator("#all-list button")
    assert buttons.count() == count
    assert page.locator("#all-count").text_content() == str(count)
    before = page.evaluate(STATUS)
    buttons.first.click()
    _wait_moved(page, before)


def test_tooltips_and_log_lines_explain_the_board(kc_pages: tuple[Any, Any]) -> None:
    page, other = kc_pages
    card = page.locator("#board .pickable").first
    card.hover()
    tip = page.locator("#tip")
    tip.wait_for(state="visible")
    assert tip.text_content() == card.get_attribute("data-tip")
    move = next(m for m in offered(page) if m["pick"] and m["place"])
    page.locator(f'#board [data-pick="{move["pick"]}"]').click()
    before = page.evaluate(STATUS)
    page.locator(f'#board [data-place="{move["place"]}"]').click()
    _wait_moved(page, before)
    # the other page: hovering the log line of that play outlines the card on the board
    assert wait_for_turn_or_end(other)
    line = other.locator("#log li.has-pieces").filter(has_text="played").first
    line.hover()
    other.wait_for_selector(f'#board [data-key="{move["pick"]}"].hl')
    other.mouse.move(1, 1)
    other.wait_for_function(
        "(k) => !document.querySelector('#board [data-key=\"' + k + '\"].hl')", arg=move["pick"]
    )


def test_escape_and_cancel_drop_the_selection(kc_pages: tuple[Any, Any]) -> None:
    page, _ = kc_pages
    page.locator("#board .pickable").first.click()
    page.wait_for_selector("#board .selected")
    assert page.locator("#board .mark-place").count() > 0
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#board .selected')")
    assert page.locator("#board .mark-place").count() == 0
    page.locator("#board .pickable").first.click()
    page.click("#buttons button.cancel")
    page.wait_for_function("() => !document.querySelector('#board .selected')")


def test_the_board_zooms_and_comes_back_to_full_size(kc_pages: tuple[Any, Any]) -> None:
    page, _ = kc_pages
    width = "() => document.querySelector('#board svg').getBoundingClientRect().width"
    natural = page.evaluate("() => document.querySelector('#board svg').viewBox.baseVal.width")
    assert abs(page.evaluate(width) - natural) < 1
    page.click("#zoom-out")
    assert page.evaluate(width) < natural - 50
    page.click("#zoom-in")
    page.click("#zoom-in")
    assert page.evaluate(width) > natural + 50
    page.click("#zoom-one")
    assert abs(page.evaluate(width) - natural) < 1
    # Ctrl+wheel zooms around the pointer
    page.mouse.move(400, 400)
    page.keyboard.down("Control")
    page.mouse.wheel(0, 200)
    page.keyboard.up("Control")
    assert page.evaluate(width) < natural - 20
