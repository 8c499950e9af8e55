"""Accounts in a real browser (issue 18): make an account on the account page, see the name
in the lobby, create a table and play a move while signed in (the page adds the CSRF token
to every change), sign out and in again, change the password, delete the account."""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

from .playing import offered, play_random_move

PASSWORD = "a long enough password"


def _sign_up(page: Any, server: str, name: str) -> None:
    page.goto(f"{server}/account")
    page.wait_for_selector("#signup-form", state="visible")
    page.fill("#signup-form input[name=name]", name)
    page.fill("#signup-form input[name=password]", PASSWORD)
    page.fill("#signup-form input[name=repeat]", PASSWORD)
    page.click("#signup-form button[type=submit]")
    page.wait_for_url(f"{server}/")


def test_sign_up_then_play_signed_in_then_sign_out_and_in(server: str, page: Any) -> None:
    name = "p" + uuid.uuid4().hex[:8]
    _sign_up(page, server, name)
    page.wait_for_function(
        "(name) => document.getElementById('account-name').textContent.includes(name)",
        arg=name,
    )
    # a signed-in browser's changes carry the session's CSRF token: creating a table works
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "kingdoms-of-crusaders")
    page.click("#create-button")
    page.wait_for_selector("#created a")
    link = page.locator("#created a").first.get_attribute("href")
    page.goto(link)
    page.wait_for_selector("#board svg")
    # without the token the same request is refused (another site cannot forge it)
    # (an XMLHttpRequest: the page's fetch would add the right token)
    status = page.evaluate(
        """() => new Promise((done) => {
             const xhr = new XMLHttpRequest();
             xhr.open("POST", "/api/tables");
             xhr.setRequestHeader("Content-Type", "application/json");
             xhr.setRequestHeader("X-CSRF-Token", "forged");
             xhr.onload = () => done(xhr.status);
             xhr.send(JSON.stringify({game: "medina", options: {edition: 2}}));
           })"""
    )
    assert status == 403
    page.goto(f"{server}/account")
    page.wait_for_selector("#signed-in", state="visible")
    assert page.locator("#who").text_content() == name
    page.click("#signout")
    page.wait_for_selector("#signed-out", state="visible")
    page.fill("#signin-form input[name=name]", name.upper())  # names ignore case
    page.fill("#signin-form input[name=password]", "not the password")
    page.click("#signin-form button[type=submit]")
    page.wait_for_function("() => document.getElementById('signin-error').textContent.length > 0")
    assert "wrong name or password" in page.locator("#signin-error").text_content()
    page.fill("#signin-form input[name=password]", PASSWORD)
    page.click("#signin-form button[type=submit]")
    page.wait_for_url(f"{server}/")


def test_change_the_password_and_delete_the_account(server: str, page: Any) -> None:
    name = "q" + uuid.uuid4().hex[:8]
    _sign_up(page, server, name)
    page.goto(f"{server}/account")
    page.wait_for_selector("#signed-in", state="visible")
    page.fill("#password-form input[name=current]", PASSWORD)
    page.fill("#password-form input[name=new]", "another good password")
    page.click("#password-form button[type=submit]")
    page.wait_for_function(
        "() => document.getElementById('password-error').textContent.includes('Password changed')"
    )
    page.fill("#delete-form input[name=password]", "another good password")
    page.click("#delete-form button[type=submit]")
    page.wait_for_url(f"{server}/")
    page.goto(f"{server}/account")
    page.wait_for_selector("#signed-out", state="visible")


def test_two_accounts_meet_in_the_lobby_and_play_a_rated_table(server: str, browser: Any) -> None:
    """Anna opens a rated table with an open seat; Bert finds it in the lobby, joins with
    one click and lands on his seat; both see the other's name; a move reaches both."""
    contexts = [browser.new_context(viewport={"width": 1400, "height": 900}) for _ in range(2)]
    anna, bert = (ctx.new_page() for ctx in contexts)
    names = ["a" + uuid.uuid4().hex[:8], "b" + uuid.uuid4().hex[:8]]
    _sign_up(anna, server, names[0])
    _sign_up(bert, server, names[1])
    anna.wait_for_selector("#game option", state="attached")
    anna.select_option("#game", "kingdoms-of-crusaders")
    anna.select_option("#seats select[name='seat1']", "open")
    anna.wait_for_selector("#rated-choice:not([hidden])")
    anna.check("#rated")
    anna.click("#create-button")
    anna.wait_for_selector("#created a.seat-link")
    anna_link = anna.locator("#created a.seat-link").first.get_attribute("href")
    bert.reload()
    row = bert.locator("#open-tables tbody tr", has_text=names[0])
    row.locator("button").click()  # Join
    bert.wait_for_selector("#board svg")
    anna.goto(anna_link)
    anna.wait_for_selector("#board svg")
    for page, other in ((anna, names[1]), (bert, names[0])):
        page.wait_for_function(
            "(name) => document.getElementById('seat-list').textContent.includes(name)",
            arg=other,
        )
    # the game is rated and both seats are accounts': the open table left the lobby
    listed = anna.evaluate("async () => (await fetch('/api/tables?status=open')).json()")
    assert all(names[0] not in json.dumps(t) for t in listed["tables"])
    # they play it to the end, each on their own page
    rng = random.Random(5)
    for _ in range(300):
        if anna.locator("#result:not([hidden])").count():
            break
        moved = False
        for page in (anna, bert):
            if offered(page):
                play_random_move(page, rng)
                moved = True
        if not moved:
            anna.wait_for_timeout(100)
    bert.wait_for_selector("#result:not([hidden])")
    # both find the result in "My games", and the ratings changed
    results = []
    for page in (anna, bert):
        page.goto(server + "/")
        row = page.locator("#mine-tables tbody tr", has_text=names[0]).first
        row.wait_for()
        results.append(row.locator("td").nth(2).text_content())
    assert sorted(results) == ["lost", "won"]
    anna.goto(server + "/ratings?game=kingdoms-of-crusaders")
    anna.wait_for_selector(f"#leaderboard tbody tr:has-text('{names[1]}')")
    board = anna.locator("#leaderboard tbody").text_content()
    assert names[0] in board and names[1] in board
    for ctx in contexts:
        ctx.close()
