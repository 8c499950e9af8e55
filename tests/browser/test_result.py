"""The result screen in a real browser (issue 15, items 4 and 7): a table of bots plays each
game to its end; the page shows the final standing, the breakdown and the chart of the
standing over the game, in English at 1400×900 and in German on a phone (390×844)."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.cli.screenshots import DESKTOP, PHONE, create_table, http

GAMES = [
    ("kingdoms-of-crusaders", 2, {}),
    ("medina", 2, {"edition": 2}),
    ("tumult-royal", 2, {}),
    ("im-zeichen-des-kreuzes", 2, {}),
]
SHOWN = "#result:not([hidden]) .result-chart svg"
# the words the page shows, by language
WORDS = {
    "en": ("Final standing", "Breakdown", "Standing over the game", "Game length", "Move"),
    "de": ("Endstand", "Wertung im Einzelnen", "Verlauf der Partie", "Dauer der Partie", "Zug"),
}


def _open(browser: Any, link: str, lang: str, size: tuple[int, int]) -> tuple[Any, Any]:
    phone = size == PHONE
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone
    )
    context.add_init_script(f"localStorage.setItem('spieltisch-lang', {lang!r})")
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector(SHOWN, timeout=180_000)  # the bots play the game to its end
    return context, page


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_the_result_screen_of_each_game(
    server: str, browser: Any, game: str, players: int, options: dict[str, Any]
) -> None:
    made = create_table(server, game, players, seed=5, options=options, bots=["heuristic"] * 2)
    token = made["spectator_link"].rsplit("/", 1)[1]
    for lang, size in (("en", DESKTOP), ("de", PHONE)):
        context, page = _open(browser, made["spectator_link"], lang, size)
        final = http("GET", f"{server}/api/seat/{token}")
        try:
            result = page.locator("#result")
            text = result.inner_text()
            for word in WORDS[lang]:
                assert word in text, (lang, word)
            # the standing: one row per seat, ranked, the winners marked
            standing = page.locator("#result table.result-standing tbody tr")
            assert standing.count() == players
            winners = page.locator("#result table.result-standing tbody tr.winner")
            assert winners.count() == len(final["winners"])
            first = standing.first.get_attribute("data-seat")
            assert not final["winners"] or int(first or -1) in final["winners"]
            # the breakdown: a row per seat (on a phone a column per seat)
            assert page.locator("#result table.result-sheet [data-seat]").count() == players
            # … whichever fits: the breakdown needs no scrolling sideways
            assert page.evaluate(
                "() => [...document.querySelectorAll('#result .scroll-x')]"
                ".every((box) => box.scrollWidth <= box.clientWidth + 1)"
            )
            # the chart: one line per seat, drawn 1:1 (never shrunk: its text is 12 px and up)
            chart = page.locator(SHOWN)
            assert chart.locator("polyline.seat-line").count() == players
            box = chart.bounding_box()
            assert box is not None and abs(box["width"] - float(chart.get_attribute("width"))) < 1
            smallest = page.evaluate(
                "() => Math.min(...[...document.querySelectorAll('#result svg text')]"
                ".map((t) => t.getBoundingClientRect().height))"
            )
            assert smallest >= 12, smallest
            # the result sits beside (or, on a phone, above) the board, which stays on the page
            assert page.locator("#board svg").count() == 1
            # no sideways scrolling of the page
            assert page.evaluate(
                "() => document.documentElement.scrollWidth <= window.innerWidth + 1"
            )
            # a rule id in the tie-breaks or the ending opens the rule in the Rules panel
            links = page.locator("#result a.rule-link")
            if size == DESKTOP and links.count():
                links.first.click()
                page.wait_for_selector("#rules-panel:not([hidden])")
                page.locator("#rules-close").click()
            # "Show the board" folds the result away, "Show the result" brings it back
            toggle = page.locator("#result button.result-toggle")
            toggle.click()
            assert page.locator("#result .result-body").is_hidden()
            toggle.click()
            assert page.locator("#result .result-body").is_visible()
        finally:
            context.close()
