"""The board is legible and playable at a desktop's 1400×900 and a phone's 390×844
(issue 14, docs/board-interface.md): measured in Chromium, in three positions of each game
(early, halfway, late), every text of the board picture renders at 12 CSS px or more and
every target the player may click now is at least 24×24 CSS px (WCAG 2.2, 2.5.8); on the
phone this holds for the part of the board in view, which the page scrolls to the current
decision's targets. No stage shows more than 12 choice buttons, before and after a pick."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.cli.screenshots import DESKTOP, PHONE, TARGETS, running_server, seed_position

MIN_FONT = 12.0
MIN_TARGET = 24.0
MAX_BUTTONS = 12
# game, players, options, seed and the move counts of the three positions
POSITIONS: dict[str, tuple[int, dict[str, Any], int, tuple[int, ...]]] = {
    "kingdoms-of-crusaders": (2, {}, 3, (0, 16, 34)),
    "medina": (3, {}, 3, (0, 20, 40)),
    "tumult-royal": (3, {"tick_ms": 600_000}, 3, (0, 60, 200)),
    "im-zeichen-des-kreuzes": (3, {}, 3, (0, 40, 120)),
}
SIZES = {"desktop": (DESKTOP, False), "phone": (PHONE, True)}

# every text and target of the board: rendered size, whether in the board's visible part
MEASURE = """() => {
  const board = document.getElementById('board');
  const b = board.getBoundingClientRect();
  const seen = (r) => r.width > 0 && r.right > b.left + 1 && r.left < b.right - 1 &&
                      r.bottom > b.top + 1 && r.top < b.bottom - 1;
  const texts = [];
  board.querySelectorAll('svg text, svg tspan').forEach((el) => {
    const r = el.getBoundingClientRect();
    if (!el.textContent.trim() || r.width === 0) return;
    const m = el.getScreenCTM();
    const scale = Math.hypot(m.a, m.b);
    texts.push({px: parseFloat(getComputedStyle(el).fontSize) * scale, seen: seen(r),
                text: el.textContent.trim().slice(0, 40)});
  });
  const targets = Array.from(board.querySelectorAll('.pickable, .placeable')).map((el) => {
    const r = el.getBoundingClientRect();
    return {w: r.width, h: r.height, seen: seen(r),
            key: el.getAttribute('data-pick') || el.getAttribute('data-place')};
  });
  const shown = (el) => el.offsetParent !== null;
  const buttons = Array.from(document.querySelectorAll(
    '#buttons button.choice, #popup button.choice')).filter(shown).length;
  return {texts: texts, targets: targets, buttons: buttons, scale: board.dataset.scale || '1',
          width: document.documentElement.scrollWidth};
}"""


@pytest.fixture(scope="module")
def positions(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, dict[str, list[str]]]]:
    """A server with the positions of every game: the base URL and, per game, the tokens."""
    db = Path(tmp_path_factory.mktemp("legibility")) / "tables.db"
    tokens: dict[str, list[str]] = {}
    for game, (players, options, seed, counts) in POSITIONS.items():
        found = [seed_position(f"sqlite:///{db}", game, players, seed, n, options) for n in counts]
        tokens[game] = [t for t in found if t is not None]
        assert len(tokens[game]) == len(counts), (game, found)
    with running_server(db) as url:
        yield url, tokens


def _check(measured: dict[str, Any], where: str, phone: bool) -> None:
    assert measured["texts"], f"{where}: no text in the board"
    texts = [t for t in measured["texts"] if t["seen"] or not phone]
    small = [t for t in texts if t["px"] < MIN_FONT - 0.01]
    assert not small, f"{where}: text under {MIN_FONT}px: {small[:5]}"
    targets = [t for t in measured["targets"] if t["seen"] or not phone]
    assert targets, f"{where}: no target of the decision in view"
    tiny = [t for t in targets if t["w"] < MIN_TARGET - 0.5 or t["h"] < MIN_TARGET - 0.5]
    assert not tiny, f"{where}: targets under {MIN_TARGET}px: {tiny[:5]}"
    assert measured["buttons"] <= MAX_BUTTONS, f"{where}: {measured['buttons']} buttons"


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_board_text_and_targets_are_legible(
    browser: Any, positions: tuple[str, dict[str, list[str]]], game: str, size: str
) -> None:
    url, tokens = positions
    (width, height), phone = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    try:
        page = context.new_page()
        for n, token in enumerate(tokens[game]):
            where = f"{game} {size} position {n}"
            page.goto(f"{url}/play/{token}")
            page.wait_for_selector(TARGETS, timeout=30_000)
            measured = page.evaluate(MEASURE)
            assert measured["width"] <= width + 1, f"{where}: the page scrolls sideways"
            _check(measured, where, phone)
            # pick the first thing that can be picked: its places, in view, measured again
            picks = page.locator("#board .pickable")
            if picks.count():
                first = picks.first
                if phone:
                    first.tap()
                else:
                    first.click()
                page.wait_for_function("() => document.querySelector('#board .selected') !== null")
                _check(page.evaluate(MEASURE), where + " after a pick", phone)
    finally:
        context.close()
