"""Clocks and zombie mode on the game page: the players' list with running clocks, a loss
on time, and a bot playing for a player who left."""

from __future__ import annotations

from typing import Any

from spieltisch.cli.screenshots import create_table

from .playing import make_move, offered

KC = "kingdoms-of-crusaders"


def test_the_lobby_sets_a_clock_that_runs_out_and_ends_the_game(server: str, browser: Any) -> None:
    """A real-time clock chosen in the lobby: the page counts the mover's time down, and
    when it runs out (rule 'end') the result names the seat that lost on time."""
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{KC}']", state="attached")
    page.select_option("#game", KC)
    page.select_option("#seats select[name='seat1']", "human")
    page.click("#timing summary")
    page.select_option("[name='setting:clock']", "minutes")
    page.fill("[name='setting:minutes']", "0.06")
    page.select_option("[name='setting:on_timeout']", "end")
    page.click("#create-button")
    page.locator("#created a.seat-link").first.wait_for()
    links = page.locator("#created a.seat-link")
    assert links.count() == 2
    page.goto(links.first.get_attribute("href"))
    page.wait_for_selector("#players .seat-clock")
    assert page.locator("#players li").count() == 2
    running = page.locator("#players .seat-clock.running")
    assert running.count() == 1
    first = running.text_content()
    page.wait_for_function(
        "(v) => { const c = document.querySelector('#players .seat-clock.running');"
        " return c && c.textContent !== v; }",
        arg=first,
        timeout=5_000,
    )
    page.wait_for_selector("#result:not([hidden])", timeout=15_000)
    assert "ran out of time" in page.locator("#result").text_content()
    assert "out of time" in page.locator("#players").text_content()
    page.close()


def test_a_bot_plays_for_a_player_who_left(server: str, browser: Any) -> None:
    """Zombie mode: the other human never opens their link; a bot plays for that seat and
    the page says so, while this seat plays on by clicking."""
    made = create_table(
        server,
        KC,
        2,
        seed=6,
        bots=[None, None],
        settings={"zombie_after_s": 0.5, "zombie_bot": "random"},
    )
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    played = 0
    for _ in range(40):
        if played >= 3 or page.locator("#result:not([hidden])").count():
            break
        moves = offered(page)
        if moves:
            make_move(page, moves[0])
            played += 1
        else:
            page.wait_for_timeout(100)
    assert played >= 2  # the absent seat's turns were played by the bot in between
    assert "a bot plays for this seat" in page.locator("#players").text_content()
    page.close()
