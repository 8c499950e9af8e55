"""Security headers on every response (issue 18, item 4): pages, API, static files and
refusals carry a Content-Security-Policy without inline scripts, nosniff, a referrer policy
and frame-ancestors; and no page runs an inline script the policy would block."""

from __future__ import annotations

import re
from typing import Any

import pytest

from spieltisch.server.headers import CSP

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")


def _directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def test_the_policy_allows_scripts_from_this_site_only_and_no_framing() -> None:
    policy = _directives(CSP)
    assert policy["script-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert "'unsafe-eval'" not in CSP


def _pages(client: Any) -> list[str]:
    made = client.post(
        "/api/tables",
        json={"game": "kingdoms-of-crusaders", "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    seat = made["seats"][0]["link"].split("/", 3)[3]
    watch = made["spectator_link"].split("/", 3)[3]
    return [
        "/",
        "/account",
        "/rules/medina",
        f"/{seat}",
        f"/{watch}",
        f"/replay/{watch.rsplit('/', 1)[1]}",
    ]


def test_every_page_api_answer_static_file_and_refusal_has_the_headers(client: Any) -> None:
    paths = [
        *_pages(client),
        "/api/games",
        "/api/tables",
        "/api/account",
        "/static/table.js",
        "/static/style.css",
        "/play/no-such-link",  # a refusal
        "/api/tables/nothing",
        "/openapi.json",
    ]
    for path in paths:
        answer = client.get(path)
        assert answer.headers["content-security-policy"] == CSP, path
        assert answer.headers["x-content-type-options"] == "nosniff", path
        assert answer.headers["referrer-policy"] == "no-referrer", path
        assert answer.headers["x-frame-options"] == "DENY", path
    refused = client.post("/api/tables", content=b"{not json", headers={"Content-Type": "x"})
    assert refused.status_code == 400 and refused.headers["content-security-policy"] == CSP


def test_no_page_runs_an_inline_script(client: Any) -> None:
    for path in _pages(client):
        html = client.get(path).text
        assert "<script" in html, path
        assert not INLINE_SCRIPT.search(html), (path, INLINE_SCRIPT.search(html))
        assert not re.search(r"\son[a-z]+=\"", html), path  # no inline event handlers


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_api_documentation_keeps_its_own_policy_and_the_other_headers(
    client: Any, path: str
) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_a_seat_link_becomes_a_cookie_and_the_address_shows_no_token(client: Any) -> None:
    made = client.post("/api/tables", json={"game": "kingdoms-of-crusaders"}).json()
    link = made["seats"][1]["link"]
    token = link.rsplit("/", 1)[1]
    moved = client.get(link, follow_redirects=False)
    assert moved.status_code == 303
    page = moved.headers["location"]
    assert page == f"/table/{made['table']}/1" and token not in page
    cookie = moved.headers["set-cookie"]
    assert f"Path={page}" in cookie and "HttpOnly" in cookie and token in cookie
    opened = client.get(page)
    assert opened.status_code == 200 and token in opened.text  # for the page's script
    assert opened.headers["cache-control"] == "no-store"
    # without the cookie, or with another seat's, the page does not open
    client.cookies.clear()
    assert client.get(page).status_code == 403
    other = made["seats"][0]["link"]
    client.get(other)  # the cookie of seat 0, for seat 0's page only
    assert client.get(page).status_code == 403
