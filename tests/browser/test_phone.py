"""The web table on a phone: a 390×844 touch screen (the CSS viewport of common phones).

The page must not scroll sideways as a whole (the board pans inside its frame, drawn at
1:1), and the choices and the highlighted targets must take a finger's tap."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.cli.screenshots import PHONE, create_table

from .playing import make_move, offered, wait_for_turn_or_end

WIDTH, HEIGHT = PHONE
GAMES = ["kingdoms-of-crusaders", "medina", "tumult-royal", "im-zeichen-des-kreuzes"]

# the elements that stick out on the right, to name them when the page is too wide
_TOO_WIDE = """(width) => {
  const out = [];
  document.querySelectorAll('body *').forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 1) {
      out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' right=' + r.right);
    }
  });
  return out.slice(0, 10);
}"""

# index of the first highlighted target a tap at its centre would hit (not covered by a
# label or another shape), scrolled into view; -1 if there is none
_TAPPABLE = """(els) => els.findIndex((el) => {
  el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && (hit === el || el.contains(hit));
})"""

_STATUS = "() => document.getElementById('status').textContent"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page in a phone-sized touch context."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    yield context.new_page()
    context.close()


def _assert_no_sideways_scrolling(page: Any) -> None:
    # on a mobile viewport Chromium widens the layout to the widest content, so scrollWidth
    # shows any overflow, also one that a parent's overflow would have hidden on a desktop
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= WIDTH + 1, (width, page.evaluate(_TOO_WIDE, WIDTH))


def _tap_and_wait(page: Any, target: Any) -> None:
    before = page.evaluate(_STATUS)
    target.tap()
    page.wait_for_function(
        "(v) => document.getElementById('status').textContent !== v || "
        "document.getElementById('error').textContent !== ''",
        arg=before,
        timeout=30_000,
    )
    assert page.locator("#error").text_content() == "", page.locator("#error").text_content()


@pytest.mark.parametrize("game", GAMES)
def test_the_game_page_fits_a_phone_and_takes_taps(server: str, phone: Any, game: str) -> None:
    """The picture stays at 1:1 in a board that pans (the page itself never scrolls
    sideways); moves are made by tapping on the board (pick, then place) and on the choice
    buttons, all within the width of the screen."""
    options = {"tick_ms": 600_000} if game == "tumult-royal" else {}  # no clock in the way
    players = {"medina": 3, "im-zeichen-des-kreuzes": 3}.get(game, 2)
    made = create_table(server, game, players, seed=7, options=options)
    page = phone
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    rng = random.Random(7)
    tapped = {"board": 0, "button": 0}
    for _ in range(30):
        if tapped["board"] >= 3:
            break
        if not wait_for_turn_or_end(page):
            break
        _assert_no_sideways_scrolling(page)
        board = page.evaluate(
            "() => { const b = document.getElementById('board').getBoundingClientRect();"
            " const s = document.querySelector('#board svg');"
            " return [b.left, b.right, s.getBoundingClientRect().width, s.viewBox.baseVal.width]; }"
        )
        left, right, drawn, natural = board
        assert left >= 0 and right <= WIDTH + 1, board
        assert abs(drawn - natural) < 1, board  # 1:1, not shrunk to the screen
        outside = page.locator("#buttons button.choice").evaluate_all(
            f"(bs) => bs.filter((b) => b.getBoundingClientRect().right > {WIDTH + 1}).length"
        )
        assert outside == 0
        moves = offered(page)
        on_board = [m for m in moves if m["pick"] is not None or m["place"] is not None]
        buttons = [m for m in moves if m["pick"] is None and m["place"] is None]
        if buttons and (not on_board or tapped["button"] == 0):
            make_move(page, rng.choice(buttons), tap=True)
            tapped["button"] += 1
        else:
            make_move(page, rng.choice(on_board), tap=True)
            tapped["board"] += 1
    assert tapped["board"] >= 3, tapped


def test_the_lobby_fits_a_phone(server: str, phone: Any) -> None:
    """Every game's options, the created links (long tokens) and the list of tables stay
    within the width; a table can be created by tapping."""
    page = phone
    page.goto(server + "/")
    page.wait_for_selector("#game option[value='medina']", state="attached")
    for summary in page.locator("#create-form details > summary").all():
        summary.tap()  # the game's options (and any other folded part of the form)
    for game in GAMES:
        page.select_option("#game", game)
        _assert_no_sideways_scrolling(page)
    page.select_option("#game", "medina")
    page.select_option("#seats select[name='seat1']", "open")  # listed among open tables
    page.locator("#create-button").tap()
    link = page.locator("#created a.seat-link").first
    link.wait_for()
    page.wait_for_selector("#open-tables tbody tr")
    _assert_no_sideways_scrolling(page)
    page.locator("[data-lang='de']").tap()
    assert page.locator("#create-button").text_content() == "Tisch anlegen"
    _assert_no_sideways_scrolling(page)
    link.tap()
    page.wait_for_selector("#board .pickable, #board .placeable")
    _assert_no_sideways_scrolling(page)
