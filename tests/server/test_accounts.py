"""Accounts (issue 18, item 1): sign up, sign in and out, a wrong password, the lockout after
repeated failures, CSRF refused, changing the password, deleting the account; the session
cookie's attributes. On SQLite and, where CI provides one, PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import accounts as accounts_module
from spieltisch.server.accounts import LOCK_AFTER, LOCK_SECONDS, Accounts, check_name
from spieltisch.server.app import create_app
from spieltisch.server.csrf import COOKIE
from spieltisch.server.store import Store
from spieltisch.server.wire import TableError

PASSWORD = "correct horse battery"


@pytest.fixture
def web(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def _signup(client: TestClient, name: str = "Anna", password: str = PASSWORD) -> dict[str, Any]:
    answer = client.post("/api/account/signup", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": client.get("/api/account").json()["csrf"]}


def test_sign_up_signs_in_and_the_account_is_who_the_cookie_says(web: TestClient) -> None:
    body = _signup(web)
    assert body["account"]["name"] == "Anna" and body["csrf"]
    assert web.get("/api/account").json()["account"]["name"] == "Anna"
    # the cookie is HttpOnly and SameSite=Lax; the database keeps only its hash
    cookie = web.cookies.get(COOKIE)
    assert cookie
    with TestClient(web.app) as other:
        assert other.get("/api/account").json() == {"account": None, "csrf": None}


def test_the_session_cookie_is_httponly_lax_and_secure_over_https(db_url: str) -> None:
    with TestClient(create_app(db_url), base_url="https://testserver") as c:
        answer = c.post("/api/account/signup", json={"name": "Bert", "password": PASSWORD})
        header = answer.headers["set-cookie"]
        assert f"{COOKIE}=" in header
        assert "HttpOnly" in header and "SameSite=lax" in header and "Secure" in header
    with TestClient(create_app(db_url)) as c:
        answer = c.post("/api/account/signup", json={"name": "Carla", "password": PASSWORD})
        assert "Secure" not in answer.headers["set-cookie"]  # plain HTTP (localhost)


def test_a_name_is_taken_once_whatever_its_case(web: TestClient) -> None:
    _signup(web)
    with TestClient(web.app) as other:
        answer = other.post("/api/account/signup", json={"name": "anna", "password": PASSWORD})
        assert answer.status_code == 409 and "taken" in answer.json()["error"]


@pytest.mark.parametrize(
    ("name", "password", "problem"),
    [
        ("Al", PASSWORD, "3 to 20 characters"),
        ("Anna Maria", PASSWORD, "letters and digits"),
        ("-anna", PASSWORD, "letters and digits"),
        ("Deleted_Player", PASSWORD, "kept for deleted accounts"),
        ("Anna", "short", "8 to 256 characters"),
        ("Annabelle", "annabelle", "must not be the player name"),
    ],
)
def test_a_bad_name_or_password_is_refused_with_the_reason(
    web: TestClient, name: str, password: str, problem: str
) -> None:
    answer = web.post("/api/account/signup", json={"name": name, "password": password})
    assert answer.status_code == 400 and problem in answer.json()["error"]
    assert web.get("/api/account").json()["account"] is None


def test_names_of_any_script_are_welcome() -> None:
    assert check_name("Jürgen") == "Jürgen"
    assert check_name("  Zoë_2 ") == "Zoë_2"
    with pytest.raises(TableError):
        check_name("a" * 21)


def test_sign_out_and_in_again_and_a_wrong_password_is_refused(web: TestClient) -> None:
    _signup(web)
    answer = web.post("/api/account/signout", headers=_csrf(web))
    assert answer.status_code == 200
    assert web.get("/api/account").json()["account"] is None
    wrong = web.post("/api/account/signin", json={"name": "Anna", "password": "not it at all"})
    assert wrong.status_code == 401 and wrong.json()["error"] == "wrong name or password"
    unknown = web.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
    assert unknown.status_code == 401 and unknown.json()["error"] == "wrong name or password"
    right = web.post("/api/account/signin", json={"name": "ANNA", "password": PASSWORD})
    assert right.status_code == 200 and right.json()["account"]["name"] == "Anna"


def test_repeated_wrong_passwords_lock_the_account_even_against_the_right_one(
    web: TestClient,
) -> None:
    _signup(web)
    web.post("/api/account/signout", headers=_csrf(web))
    for _ in range(LOCK_AFTER):
        wrong = web.post("/api/account/signin", json={"name": "Anna", "password": "guess 1234"})
        assert wrong.status_code == 401
    locked = web.post("/api/account/signin", json={"name": "Anna", "password": PASSWORD})
    assert locked.status_code == 429 and "no sign-in" in locked.json()["error"]
    assert 0 < int(locked.headers["Retry-After"]) <= LOCK_SECONDS + 1
    assert web.get("/api/account").json()["account"] is None


def test_the_lock_ends_after_its_time_and_a_right_password_ends_the_count(
    db_url: str,
) -> None:
    store = Store.open(db_url)
    accounts = Accounts(store.engine)
    accounts.sign_up("Dora", PASSWORD, now=0.0)
    for _ in range(LOCK_AFTER - 1):
        with pytest.raises(TableError):
            accounts.sign_in("Dora", "wrong password", now=10.0)
    accounts.sign_in("Dora", PASSWORD, now=11.0)  # the count starts again
    for _ in range(LOCK_AFTER - 1):
        with pytest.raises(TableError):
            accounts.sign_in("Dora", "wrong password", now=12.0)
    accounts.sign_in("Dora", PASSWORD, now=13.0)  # still not locked
    for _ in range(LOCK_AFTER):
        with pytest.raises(TableError):
            accounts.sign_in("Dora", "wrong password", now=20.0)
    with pytest.raises(TableError) as locked:
        accounts.sign_in("Dora", PASSWORD, now=20.0 + LOCK_SECONDS - 1)
    assert locked.value.status == 429
    assert accounts.sign_in("Dora", PASSWORD, now=20.0 + LOCK_SECONDS + 1).session
    store.engine.dispose()


def test_a_change_without_the_csrf_token_is_refused_and_changes_nothing(web: TestClient) -> None:
    _signup(web)
    answer = web.post("/api/account/signout")
    assert answer.status_code == 403 and "CSRF" in answer.json()["error"]
    assert web.get("/api/account").json()["account"]["name"] == "Anna"
    forged = web.post("/api/account/signout", headers={"X-CSRF-Token": "forged"})
    assert forged.status_code == 403
    # any state-changing route, not only the account's: creating a table too
    table = web.post("/api/tables", json={"game": "medina", "options": {"edition": 2}})
    assert table.status_code == 403
    assert web.app.state.manager.store.table_ids() == []
    table = web.post(
        "/api/tables", json={"game": "medina", "options": {"edition": 2}}, headers=_csrf(web)
    )
    assert table.status_code == 201


def test_a_request_from_another_site_is_refused_even_without_a_session(
    web: TestClient,
) -> None:
    answer = web.post(
        "/api/account/signup",
        json={"name": "Emil", "password": PASSWORD},
        headers={"Origin": "https://evil.example"},
    )
    assert answer.status_code == 403 and "another site" in answer.json()["error"]
    same = web.post(
        "/api/account/signup",
        json={"name": "Emil", "password": PASSWORD},
        headers={"Origin": "http://testserver"},
    )
    assert same.status_code == 201


def test_changing_the_password_signs_out_every_other_browser(web: TestClient) -> None:
    _signup(web)
    with TestClient(web.app) as laptop:
        laptop.post("/api/account/signin", json={"name": "Anna", "password": PASSWORD})
        assert laptop.get("/api/account").json()["account"]["name"] == "Anna"
        wrong = web.post(
            "/api/account/password",
            json={"current": "not the password", "new": "a new password"},
            headers=_csrf(web),
        )
        assert wrong.status_code == 403
        changed = web.post(
            "/api/account/password",
            json={"current": PASSWORD, "new": "a new password"},
            headers=_csrf(web),
        )
        assert changed.status_code == 200
        assert web.get("/api/account").json()["account"]["name"] == "Anna"  # this one stays
        assert laptop.get("/api/account").json()["account"] is None
        old = laptop.post("/api/account/signin", json={"name": "Anna", "password": PASSWORD})
        assert old.status_code == 401
        new = laptop.post(
            "/api/account/signin", json={"name": "Anna", "password": "a new password"}
        )
        assert new.status_code == 200


def test_deleting_the_account_needs_its_password_and_frees_its_name(web: TestClient) -> None:
    account_id = _signup(web)["account"]["id"]
    refused = web.post(
        "/api/account/delete", json={"password": "not it at all"}, headers=_csrf(web)
    )
    assert refused.status_code == 403
    deleted = web.post("/api/account/delete", json={"password": PASSWORD}, headers=_csrf(web))
    assert deleted.status_code == 200 and deleted.json()["account"] is None
    assert web.get("/api/account").json()["account"] is None
    gone = web.post("/api/account/signin", json={"name": "Anna", "password": PASSWORD})
    assert gone.status_code == 401
    # the row stays (its games name it) as "deleted player"; the name is free again
    kept = web.app.state.accounts.by_id(account_id)
    assert kept is not None and kept.name is None and kept.shown_name == "deleted player"
    assert _signup(web)["account"]["id"] != account_id


def test_signing_out_without_a_session_is_harmless(web: TestClient) -> None:
    answer = web.post("/api/account/signout")
    assert answer.status_code == 200 and answer.json() == {"account": None, "csrf": None}
    assert web.post("/api/account/password", json={"current": "x", "new": "y"}).status_code == 401


def test_the_database_keeps_no_session_token_and_no_password(db_url: str) -> None:
    store = Store.open(db_url)
    accounts = Accounts(store.engine)
    signed_in = accounts.sign_up("Fritz", PASSWORD)
    from sqlalchemy import select

    from spieltisch.server import db

    with store.engine.connect() as conn:
        dumped = repr(conn.execute(select(db.accounts)).all())
        dumped += repr(conn.execute(select(db.account_sessions)).all())
    assert signed_in.token not in dumped and PASSWORD not in dumped
    assert "$argon2id$" in dumped
    assert accounts_module.Accounts(store.engine).session(signed_in.token) is not None
    store.engine.dispose()
