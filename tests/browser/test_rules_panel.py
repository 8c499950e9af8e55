"""Rules at hand and "Why can't I?" on the game page (issue 15): the Rules panel with the
summary, this table's options and every rule's text in the reader's language; any rule id
on the page opens its text; a click on a piece or place that no legal move uses gets the
engine's reason with the rule linked."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.cli.screenshots import create_table

GAMES = {
    "kingdoms-of-crusaders": 2,
    "medina": 3,
    "tumult-royal": 2,
    "im-zeichen-des-kreuzes": 2,
}
UNARMED = "#board [data-pick]:not(.pickable), #board [data-place]:not(.placeable)"


def _open_waiting_seat(server: str, page: Any, game: str) -> None:
    """The page of a human seat that does not act first (so that every click on the board
    has a reason against it)."""
    players = GAMES[game]
    made = create_table(server, game, players, seed=5, bots=[None] * players, settings=None)
    for seat in made["seats"]:
        page.goto(seat["link"])
        page.wait_for_function("() => window.spieltischBoard && window.spieltischBoard.update")
        if not page.evaluate("() => window.spieltischBoard.mine()"):
            return
    raise AssertionError("every seat acts at once")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_refusal_names_its_rule_and_the_rule_opens_in_the_panel(
    server: str, page: Any, game: str
) -> None:
    """The reason of "Why can't I?" links its rule id; a click opens the rule's text."""
    _open_waiting_seat(server, page, game)
    tried = page.locator(UNARMED)
    assert tried.count() > 0, "the picture marks nothing a player could try"
    tried.first.dispatch_event("click")
    link = page.locator("#error a.rule-link")
    link.first.wait_for()
    rule = link.first.text_content()
    link.first.click()
    page.wait_for_selector("#rule-text")
    assert rule in page.locator("#rule-text h3").text_content()
    assert len(page.locator("#rule-text").text_content()) > 40
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-panel", state="hidden")


def test_the_panel_in_german_with_the_tables_options_and_a_rule_looked_up(
    server: str, page: Any
) -> None:
    made = create_table(
        server,
        "kingdoms-of-crusaders",
        2,
        seed=3,
        options={"claims": "manual"},
        bots=[None, "heuristic"],
    )
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    page.click("nav [data-lang='de']")
    page.click("#rules-button")
    page.wait_for_selector("#rules-body h2")
    assert (
        "Spielregel" in page.locator("#rules-panel").text_content()
        or page.locator("#rules-body").text_content().count("Gebiet") > 3
    )
    # this table's options: the manual claims are shown in words, with their source
    page.click("#rules-tab-options")
    page.wait_for_selector(".options-table")
    row = page.locator(".options-table tr", has_text="Anspr")
    assert row.count() >= 1
    assert "manual" not in row.first.text_content()  # the value in words, not the key
    assert row.first.locator(".source").count() == 1
    # any rule by its id, in German
    page.fill("#rules-id", "kc-r22")
    page.click("#rules-find button[type=submit]")
    page.wait_for_selector("#rule-text")
    assert "KC-R22" in page.locator("#rule-text h3").text_content()
    assert "Regel" in page.locator("#rule-text h3").text_content()
    # the index lists the rules by section; two clicks from the button to any rule
    page.click("[data-tab=index]")
    page.locator("#rules-body a.rule-link", has_text="KC-R30").click()
    page.wait_for_selector("#rule-text")
    assert "KC-R30" in page.locator("#rule-text").text_content()


def test_the_rules_page_and_the_lobby_options_in_words(server: str, page: Any) -> None:
    page.goto(server + "/")
    page.wait_for_selector("#tutorials li")
    page.select_option("#game", "kingdoms-of-crusaders")
    page.locator("#options").evaluate("el => el.closest('details').open = true")
    names = page.locator("#options .option-name").all_text_contents()
    assert any("Claims" in n for n in names) and not any("_" in n for n in names)
    assert page.locator("#options .source").count() >= 3
    page.locator("#tutorials a.rules-link").first.click()
    page.wait_for_selector("body.rules-page #rules-body h2")
    page.locator("#rules-body a.rule-link").first.click()
    page.wait_for_selector("#rule-text")
