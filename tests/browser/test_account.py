"""Accounts in a real browser (issue 18): make an account on the account page, see the name
in the lobby, create a table and play a move while signed in (the page adds the CSRF token
to every change), sign out and in again, change the password, delete the account."""

from __future__ import annotations

import uuid
from typing import Any

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
        "document.getElementById('account-name').textContent.includes(arguments[0])",
        arg=name,
    )
    # a signed-in browser's changes carry the session's CSRF token: creating a table works
    page.wait_for_selector("#game option")
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
    page.wait_for_function("document.getElementById('signin-error').textContent.length > 0")
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
        "document.getElementById('password-error').textContent.includes('Password changed')"
    )
    page.fill("#delete-form input[name=password]", "another good password")
    page.click("#delete-form button[type=submit]")
    page.wait_for_url(f"{server}/")
    page.goto(f"{server}/account")
    page.wait_for_selector("#signed-out", state="visible")
