"""The lobby as a meeting place (issue 18, item 2): open tables listed a page at a time,
joining a free seat, inviting a player by name or by link, a seat taken by an account
refusing another account and a bare link, the creator receiving only the links that are
theirs to send, and "My games". On SQLite and, where CI provides one, PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server.app import create_app

KC = "kingdoms-of-crusaders"
PASSWORD = "correct horse battery"


class Player:
    """A browser: its own cookies, signed in as ``name`` (or a guest)."""

    def __init__(self, app: Any, name: str | None) -> None:
        self.client = TestClient(app)
        self.client.__enter__()
        self.name = name
        self.csrf: dict[str, str] = {}
        if name is not None:
            answer = self.client.post(
                "/api/account/signup", json={"name": name, "password": PASSWORD}
            )
            assert answer.status_code == 201, answer.text
            self.csrf = {"X-CSRF-Token": answer.json()["csrf"]}

    def get(self, path: str, **kw: Any) -> Any:
        return self.client.get(path, **kw)

    def post(self, path: str, body: Any = None) -> Any:
        return self.client.post(path, json=body, headers=self.csrf)

    def close(self) -> None:
        self.client.__exit__(None, None, None)


@pytest.fixture
def app(db_url: str) -> Iterator[Any]:
    application = create_app(db_url)
    with TestClient(application):  # runs the app's start-up
        yield application


@pytest.fixture
def anna(app: Any) -> Iterator[Player]:
    player = Player(app, "Anna")
    yield player
    player.close()


@pytest.fixture
def bert(app: Any) -> Iterator[Player]:
    player = Player(app, "Bert")
    yield player
    player.close()


@pytest.fixture
def guest(app: Any) -> Iterator[Player]:
    player = Player(app, None)
    yield player
    player.close()


def _token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def _create(player: Player, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    answer = player.post("/api/tables", {"game": KC, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def _play_one(player: Player, token: str) -> Any:
    view = player.get(f"/api/seat/{token}").json()
    return player.post(
        f"/api/seat/{token}/act",
        {"expected_version": view["version"], "action": view["legal"][0]},
    )


def test_two_players_meet_in_the_lobby_and_play_a_rated_table(anna: Player, bert: Player) -> None:
    made = _create(anna, [{"invite": "me"}, {"invite": "open"}], rated=True)
    assert made["rated"] and made["listed"]
    # Anna receives her own seat's link only: the open seat has none
    assert "link" in made["seats"][0] and "link" not in made["seats"][1]
    assert made["seats"][0]["player"] == "Anna"
    listed = bert.get("/api/tables?status=open").json()
    table = next(t for t in listed["tables"] if t["table"] == made["table"])
    assert table["rated"] and [s["free"] for s in table["seats"]] == [False, True]
    assert table["seats"][0]["player"] == "Anna"
    joined = bert.post(f"/api/tables/{made['table']}/join")
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1
    # full now: no longer among the open tables, running
    assert all(
        t["table"] != made["table"] for t in bert.get("/api/tables?status=open").json()["tables"]
    )
    assert bert.get(f"/api/tables/{made['table']}").json()["status"] == "running"
    tokens = [_token(made["seats"][0]["link"]), _token(joined.json()["link"])]
    view = anna.get(f"/api/seat/{tokens[0]}").json()
    assert [s["player"] for s in view["seats"]] == ["Anna", "Bert"]
    mover = view["actors"][0]
    player = anna if mover == 0 else bert
    assert _play_one(player, tokens[mover]).status_code == 200


def test_a_seat_an_account_has_taken_refuses_another_account_and_a_bare_link(
    app: Any, anna: Player, bert: Player, guest: Player
) -> None:
    made = _create(anna, [{"invite": "me"}, {"invite": "open"}])
    token = _token(made["seats"][0]["link"])
    assert anna.get(f"/api/seat/{token}").status_code == 200
    for other in (bert, guest):
        answer = other.get(f"/api/seat/{token}")
        assert answer.status_code == 403 and "belongs to the player Anna" in answer.json()["error"]
        assert "view" not in answer.json()
        moved = other.post(f"/api/seat/{token}/act", {"expected_version": 0, "action": {}})
        assert moved.status_code == 403
        with other.client.websocket_connect(f"/ws/{token}") as ws:
            refused = ws.receive_json()
            assert refused["type"] == "error" and "Anna" in refused["error"]
    assert anna.get(f"/api/seat/{token}").json()["version"] == 0


def test_the_creator_receives_links_only_for_their_seats_and_seats_offered_by_link(
    anna: Player, bert: Player
) -> None:
    made = _create(
        anna,
        [{"invite": "me"}, {"invite": "name", "name": "bert"}],
    )
    assert [("link" in s) for s in made["seats"]] == [True, False]
    made = _create(anna, [{"invite": "link"}, {"kind": "bot", "bot": "random"}])
    assert "link" in made["seats"][0] and made["seats"][0]["invite"] == "link"
    assert not made["listed"]  # nothing open: not listed, so not in the lobby
    listed = bert.get("/api/tables").json()["tables"]
    assert all(t["table"] != made["table"] for t in listed)


def test_an_invited_player_finds_the_table_in_my_games_and_only_they_may_take_the_seat(
    app: Any, anna: Player, bert: Player
) -> None:
    made = _create(anna, [{"invite": "me"}, {"invite": "name", "name": "Bert"}])
    carla = Player(app, "Carla")
    try:
        refused = carla.post(f"/api/tables/{made['table']}/join", {"seat": 1})
        assert refused.status_code == 409 and "not free for you" in refused.json()["error"]
        nothing = carla.post(f"/api/tables/{made['table']}/join")
        assert nothing.status_code == 409 and "no free seat" in nothing.json()["error"]
    finally:
        carla.close()
    mine = bert.get("/api/tables?mine=true").json()["tables"]
    table = next(t for t in mine if t["table"] == made["table"])
    assert table["invited"] == [1] and table["my_seats"] == [] and table["links"] == {}
    joined = bert.post(f"/api/tables/{made['table']}/join")
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    mine = bert.get("/api/tables?mine=true").json()["tables"]
    table = next(t for t in mine if t["table"] == made["table"])
    assert table["my_seats"] == [1] and table["invited"] == []
    assert _token(table["links"]["1"]) == _token(joined.json()["link"])
    view = bert.get(f"/api/seat/{_token(joined.json()['link'])}").json()
    assert table["your_turn"] == (1 in view["actors"])


def test_a_seat_offered_by_link_becomes_the_account_of_whoever_takes_it(
    anna: Player, bert: Player, guest: Player
) -> None:
    made = _create(anna, [{"invite": "me"}, {"invite": "link"}])
    token = _token(made["seats"][1]["link"])
    assert guest.get(f"/api/seat/{token}").status_code == 200  # a guest plays by link
    claimed = bert.post(f"/api/seat/{token}/claim")
    assert claimed.status_code == 200, claimed.text
    assert bert.post(f"/api/seat/{token}/claim").status_code == 200  # again: nothing to do
    # from now on the link alone is not enough: not for the guest, not for the creator
    assert guest.get(f"/api/seat/{token}").status_code == 403
    assert anna.get(f"/api/seat/{token}").status_code == 403
    assert anna.post(f"/api/seat/{token}/claim").status_code == 409
    assert bert.get(f"/api/seat/{token}").status_code == 200
    assert guest.post(f"/api/seat/{token}/claim").status_code == 401


def test_a_rated_table_is_made_by_an_account_and_has_bots_only_when_rated_against_them(
    anna: Player, guest: Player
) -> None:
    refused = guest.post("/api/tables", {"game": KC, "rated": True})
    assert refused.status_code == 401 and "sign in" in refused.json()["error"]
    bots = [{"invite": "me"}, {"kind": "bot", "bot": "normal"}]
    refused = anna.post("/api/tables", {"game": KC, "seats": bots, "rated": True})
    assert refused.status_code == 400 and "rated_against_bots" in refused.json()["error"]
    made = _create(anna, bots, rated=True, rated_against_bots=True)
    assert made["rated"]
    twice = anna.post(
        "/api/tables", {"game": KC, "seats": [{"invite": "me"}, {"invite": "me"}], "rated": True}
    )
    assert twice.status_code == 400 and "one seat" in twice.json()["error"]
    # a seat offered by link at a rated table is played only once an account has taken it
    made = _create(anna, [{"invite": "me"}, {"invite": "link"}], rated=True)
    token = _token(made["seats"][1]["link"])
    assert guest.get(f"/api/seat/{token}").status_code == 403


@pytest.mark.parametrize(
    ("seats", "problem"),
    [
        ([{"invite": "name", "name": "Nobody"}, {"invite": "me"}], "no player named"),
        ([{"invite": "name"}, {"invite": "me"}], "needs the invited player's 'name'"),
        ([{"invite": "everyone"}, {"invite": "me"}], "not 'everyone'"),
        ([{"kind": "bot", "bot": "random", "invite": "open"}, {"invite": "me"}], "leave out"),
        ([{"invite": "name", "name": "Anna"}, {"invite": "open"}], "offer the seat as 'me'"),
    ],
)
def test_a_bad_seat_offer_is_refused_with_the_reason_and_makes_no_table(
    app: Any, anna: Player, seats: list[dict[str, Any]], problem: str
) -> None:
    answer = anna.post("/api/tables", {"game": KC, "seats": seats})
    assert answer.status_code in (400, 404) and problem in answer.json()["error"]
    assert app.state.manager.store.table_ids() == []


def test_the_lobby_comes_a_page_at_a_time_and_mine_needs_an_account(
    anna: Player, guest: Player
) -> None:
    made = [_create(anna, [{"invite": "me"}, {"invite": "open"}])["table"] for _ in range(7)]
    first = guest.get("/api/tables?status=open&limit=3").json()
    assert len(first["tables"]) == 3 and first["next"]
    seen = [t["table"] for t in first["tables"]]
    cursor = first["next"]
    while cursor:
        page = guest.get("/api/tables", params={"status": "open", "limit": 3, "before": cursor})
        body = page.json()
        seen += [t["table"] for t in body["tables"]]
        cursor = body["next"]
    assert sorted(seen) == sorted(made) and len(seen) == len(set(seen))
    assert guest.get("/api/tables?mine=true").status_code == 401
    assert guest.get("/api/tables?status=nearly").status_code == 400
    assert guest.get("/api/tables?before=garbage").status_code == 400
    assert guest.get("/api/tables?limit=1000").status_code == 400
    mine = anna.get("/api/tables?mine=true&limit=100").json()["tables"]
    assert sorted(t["table"] for t in mine) == sorted(made)


def test_the_lobby_shows_no_token_seed_or_private_data(anna: Player, guest: Player) -> None:
    made = _create(anna, [{"invite": "me"}, {"invite": "open"}], seed=424242)
    token = _token(made["seats"][0]["link"])
    listing = json.dumps(guest.get("/api/tables?status=open").json())
    summary = json.dumps(guest.get(f"/api/tables/{made['table']}").json())
    for text in (listing, summary):
        assert token not in text and "424242" not in text
        assert "password" not in text and "csrf" not in text and "$argon2" not in text
        assert "account_id" not in text and "invited_id" not in text
    # Anna's own listing carries her link, and only hers
    mine = json.dumps(anna.get("/api/tables?mine=true").json())
    assert token in mine


def test_a_finished_game_is_in_my_games_with_its_result_and_stays_after_deleting(
    app: Any, anna: Player, guest: Player
) -> None:
    made = _create(anna, [{"invite": "me"}, {"kind": "bot", "bot": "random"}])
    token = _token(made["seats"][0]["link"])
    for _ in range(200):
        view = anna.get(f"/api/seat/{token}").json()
        if view["over"]:
            break
        if 0 in view["actors"]:
            assert _play_one(anna, token).status_code == 200
        else:
            import time

            time.sleep(0.02)  # the bot's move
    assert view["over"]
    mine = anna.get("/api/tables?mine=true&status=over").json()["tables"]
    table = next(t for t in mine if t["table"] == made["table"])
    assert table["winners"] == view["winners"] and table["your_turn"] is False
    assert table["replay_link"].startswith("/replay/")
    deleted = anna.post("/api/account/delete", {"password": PASSWORD})
    assert deleted.status_code == 200
    summary = guest.get(f"/api/tables/{made['table']}").json()
    assert summary["seats"][0]["player"] == "deleted player"
    assert summary["status"] == "over"
    assert guest.get(table["replay_link"]).status_code == 200


def test_an_open_table_shows_its_creator_and_its_options_in_words(
    anna: Player, bert: Player
) -> None:
    made = anna.post(
        "/api/tables",
        {
            "game": "medina",
            "players": 2,
            "options": {"edition": 2},
            "seats": [{"invite": "me"}, {"invite": "open"}],
        },
    ).json()
    listed = bert.get("/api/tables?status=open&lang=de").json()["tables"]
    table = next(t for t in listed if t["table"] == made["table"])
    assert table["creator"] == "Anna"
    edition = next(o for o in table["options"] if o["name"] == "edition")
    assert edition["value"] == 2 and "2014" in edition["value_label"]
    assert edition["label"] != "edition"  # the option's name for players
    # options left at the game's defaults are not listed
    plain = _create(anna, [{"invite": "me"}, {"invite": "open"}])
    listed = bert.get("/api/tables?status=open").json()["tables"]
    assert next(t for t in listed if t["table"] == plain["table"])["options"] == []
