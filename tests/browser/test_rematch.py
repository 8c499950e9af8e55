"""A mutual rematch in two browsers (issue 15, item 7): two people finish a game of The
Kingdoms of Crusaders; one proposes a rematch, the other accepts, and both pages move to
the same new table, each on its own seat. A declined offer leaves both at the old table."""

from __future__ import annotations

import random
import time
from typing import Any

from spieltisch.cli.screenshots import create_table, http

KC = "kingdoms-of-crusaders"
# the table and seat of the update the page shows now
SHOWN = (
    "() => window.spieltischBoard && window.spieltischBoard.update ? "
    "[window.spieltischBoard.update.table, window.spieltischBoard.update.seat] : null"
)
REMATCH = "#rematch:not([hidden])"


def _finished_pages(server: str, browser: Any, seed: int) -> tuple[dict[str, Any], list[Any]]:
    """A two-human KC table played to its end through the HTTP API (random legal moves)
    while both players' pages are open, in two browser contexts."""
    made = create_table(server, KC, 2, seed=seed, bots=[None, None])
    tokens = [s["link"].rsplit("/", 1)[1] for s in made["seats"]]
    contexts = [browser.new_context(viewport={"width": 1400, "height": 900}) for _ in range(2)]
    pages = [ctx.new_page() for ctx in contexts]
    for page, seat in zip(pages, made["seats"], strict=True):
        page.goto(seat["link"])
        page.wait_for_selector("#board svg")
    rng = random.Random(seed)
    end = time.monotonic() + 60
    while True:
        data = http("GET", f"{server}/api/seat/{tokens[0]}")
        if data["over"]:
            break
        assert time.monotonic() < end, "the game did not end"
        seat = data["actors"][0]
        mine = http("GET", f"{server}/api/seat/{tokens[seat]}")
        http(
            "POST",
            f"{server}/api/seat/{tokens[seat]}/act",
            {"expected_version": mine["version"], "action": rng.choice(mine["legal"])},
        )
    for page in pages:
        page.wait_for_selector(REMATCH + " button[data-answer=propose]")
    return made, pages


def test_an_accepted_rematch_puts_both_players_at_the_same_new_table(
    server: str, browser: Any
) -> None:
    made, pages = _finished_pages(server, browser, seed=4)
    old = [page.evaluate(SHOWN) for page in pages]
    assert old == [[made["table"], 0], [made["table"], 1]]
    proposer, other = pages
    proposer.click(REMATCH + " button[data-answer=propose]")
    # the other player sees the offer and who proposed it; the proposer sees whom it waits for
    other.wait_for_selector(REMATCH + " .rematch-offer")
    assert "proposes a rematch" in other.locator(REMATCH).text_content()
    assert other.locator(REMATCH + " button[data-answer=decline]").count() == 1
    proposer.wait_for_selector(REMATCH + " button[data-answer=withdraw]")
    assert "Waiting for" in proposer.locator(REMATCH).text_content()
    other.click(REMATCH + " button[data-answer=accept]")
    # both pages move on: the same new table, each at its own seat
    shown = []
    for page in pages:
        page.wait_for_function(
            f"() => {{ const s = ({SHOWN})(); return s && s[0] !== {made['table']!r}; }}",
            timeout=30_000,
        )
        page.wait_for_selector("#board svg")
        shown.append(page.evaluate(SHOWN))
        assert page.evaluate("() => document.body.dataset.token") not in (
            s["link"].rsplit("/", 1)[1] for s in made["seats"]
        )
    new_table = shown[0][0]
    assert shown == [[new_table, 0], [new_table, 1]]
    summary = http("GET", f"{server}/api/tables/{new_table}")
    assert summary["status"] != "over" and summary["game"] == KC
    assert [s["kind"] for s in summary["seats"]] == ["human", "human"]
    tokens = [page.evaluate("() => document.body.dataset.token") for page in pages]
    assert tokens[0] != tokens[1]
    for page in pages:
        page.context.close()


def test_a_declined_rematch_leaves_both_at_the_old_table(server: str, browser: Any) -> None:
    made, pages = _finished_pages(server, browser, seed=6)
    proposer, other = pages
    urls = [page.url for page in pages]
    other.click(REMATCH + " button[data-answer=propose]")
    proposer.wait_for_selector(REMATCH + " button[data-answer=decline]")
    proposer.click(REMATCH + " button[data-answer=decline]")
    for page in pages:
        page.wait_for_selector(REMATCH + " .rematch-ended")
        assert "declined" in page.locator(REMATCH + " .rematch-ended").text_content()
        # a new offer can be made
        assert page.locator(REMATCH + " button[data-answer=propose]").count() == 1
    assert [page.url for page in pages] == urls
    assert [page.evaluate(SHOWN) for page in pages] == [[made["table"], 0], [made["table"], 1]]
    for page in pages:
        page.context.close()
