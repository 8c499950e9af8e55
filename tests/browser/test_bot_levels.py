"""Bot levels, a thinking bot and hints on the game page (issue 17, items 2 and 4): a table
with a hard bot made in the lobby, the bot's level at its seat, the thinking indicator while
it searches, and a suggested move marked on the board with its estimated win chance."""

from __future__ import annotations

import random
import re
from typing import Any

from spieltisch.cli.screenshots import create_table

from .playing import make_move, offered, wait_for_turn_or_end

KC = "kingdoms-of-crusaders"
# remembers whether the thinking line was ever shown (a search may take well under a second)
WATCH_THINKING = """
window.addEventListener("DOMContentLoaded", () => {
  const line = document.getElementById("thinking");
  if (!line) return;
  window.sawThinking = [];
  new MutationObserver(() => {
    if (!line.hidden) window.sawThinking.push(line.textContent);
  }).observe(line, {attributes: true, childList: true, subtree: true});
});
"""


def test_a_hard_bot_from_the_lobby_thinks_and_a_hint_is_marked(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.add_init_script(WATCH_THINKING)
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{KC}']", state="attached")
    page.select_option("#game", KC)
    seat = page.locator("#seats select[name='seat1']")
    assert seat.input_value() == "bot:normal"  # the default bot
    offered_levels = seat.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    humans = ["me", "open", "name", "human"]  # how a human seat is offered (issue 18)
    assert offered_levels == [*humans, "bot:easy", "bot:normal", "bot:hard", "bot:expert"]
    seat.select_option("bot:hard")
    assert "about a second per move" in page.locator("#seats .level-summary").last.text_content()
    page.click("#create-button")
    link = page.locator("#created a.seat-link").first
    link.wait_for()
    page.goto(link.get_attribute("href"))
    page.wait_for_selector("#board svg")
    assert "bot: hard" in page.locator("#seat-list li[data-seat='1']").text_content()
    rng = random.Random(4)
    for _ in range(8):  # until the bot has searched once (it may have had a single move)
        assert wait_for_turn_or_end(page)
        make_move(page, rng.choice(offered(page)))
        if page.evaluate("() => (window.sawThinking || []).length"):
            break
        page.wait_for_timeout(200)
    seen = page.evaluate("() => window.sawThinking")
    assert any("Player 2 (hard) is thinking" in text for text in seen), seen
    assert wait_for_turn_or_end(page)
    assert page.locator("#thinking").is_hidden()  # cleared with the bot's move
    # a hint: the move's targets framed on the board, the move and the chance in words
    button = page.locator("#hint-button")
    assert button.is_visible()
    button.click()
    page.wait_for_function(
        "() => document.getElementById('hint-text').textContent.startsWith('Suggested:')",
        timeout=30_000,
    )
    text = page.locator("#hint-text").text_content()
    assert re.search(r"estimated win chance \d+%$", text), text
    marked = page.locator("#board .mark-hint").count() + page.locator(".hint-button").count()
    assert marked >= 1
    suggested = page.evaluate("() => window.spieltischBots.hint().index")
    move = next(m for m in offered(page) if m["i"] == suggested)
    make_move(page, move)  # the suggested move, made on the board
    assert page.locator("#board .mark-hint").count() == 0  # cleared by the next move
    page.close()


def test_spectators_and_tables_without_hints_have_no_hint_button(server: str, browser: Any) -> None:
    made = create_table(server, KC, 2, seed=3, bots=[None, None], settings={"hints": False})
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    for link in [s["link"] for s in made["seats"]] + [made["spectator_link"]]:
        page.goto(link)
        page.wait_for_selector("#board svg")
        assert page.locator("#hint-button").is_hidden()
    casual = create_table(server, KC, 2, seed=3, bots=[None, None])
    page.goto(casual["spectator_link"])
    page.wait_for_selector("#board svg")
    assert page.locator("#hint-button").is_hidden()
    page.close()
