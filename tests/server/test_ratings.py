"""Ratings (issue 18, item 3): a rated table's result changes its accounts' ratings per game,
once; 2 to 5 seats and ties; bots at a table rated against them play with a fixed rating
and change nothing of their own; an unrated table changes nothing; a rating a stop cut off
is made at the next start; the leaderboard and a player's page. On SQLite and, where CI
provides one, PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from spieltisch.server import db
from spieltisch.server.accounts import Accounts
from spieltisch.server.app import create_app
from spieltisch.server.ratings import Ratings, bot_rating
from spieltisch.server.store import BOT, HUMAN, ME, SeatOffer, Store

from .test_lobby import KC, PASSWORD, Player, _create, _token


@pytest.fixture
def app(db_url: str) -> Iterator[Any]:
    application = create_app(db_url)
    with TestClient(application):
        yield application


def _play_to_the_end(players: list[Player], tokens: list[str]) -> dict[str, Any]:
    """Both humans make their first legal move until the game ends."""
    for _ in range(400):
        view = players[0].get(f"/api/seat/{tokens[0]}").json()
        if view["over"]:
            return view
        seat = view["actors"][0]
        mine = players[seat].get(f"/api/seat/{tokens[seat]}").json()
        answer = players[seat].post(
            f"/api/seat/{tokens[seat]}/act",
            {"expected_version": mine["version"], "action": mine["legal"][0]},
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def test_a_rated_game_changes_both_ratings_once_and_shows_on_the_leaderboard(app: Any) -> None:
    anna, bert = Player(app, "Anna"), Player(app, "Bert")
    try:
        made = _create(anna, [{"invite": "me"}, {"invite": "open"}], rated=True, seed=3)
        joined = bert.post(f"/api/tables/{made['table']}/join").json()
        tokens = [_token(made["seats"][0]["link"]), _token(joined["link"])]
        end = _play_to_the_end([anna, bert], tokens)
        winner = end["winners"][0]
        names = ["Anna", "Bert"]
        board = anna.get(f"/api/ratings/{KC}").json()["players"]
        assert [p["name"] for p in board] == [names[winner], names[1 - winner]]
        assert board[0]["mu"] > 25 > board[1]["mu"] and all(p["games"] == 1 for p in board)
        page = bert.get(f"/api/players/{names[winner]}").json()
        assert page["ratings"][0]["game"] == KC and page["history"][0]["place"] == 1
        assert page["games"][0]["won"] and page["games"][0]["rated"]
        # rated once: rating the table again changes nothing
        record = app.state.manager.store.table(made["table"])
        assert app.state.manager.ratings.rate(record, [1, 2]) is False
        assert anna.get(f"/api/ratings/{KC}").json()["players"] == board
    finally:
        anna.close()
        bert.close()


def test_an_unrated_game_changes_no_rating(app: Any) -> None:
    anna, bert = Player(app, "Anna"), Player(app, "Bert")
    try:
        made = _create(anna, [{"invite": "me"}, {"invite": "open"}], seed=3)
        joined = bert.post(f"/api/tables/{made['table']}/join").json()
        _play_to_the_end([anna, bert], [_token(made["seats"][0]["link"]), _token(joined["link"])])
        assert anna.get(f"/api/ratings/{KC}").json()["players"] == []
        assert anna.get("/api/players/Anna").json()["ratings"] == []
    finally:
        anna.close()
        bert.close()


def _accounts(engine: Any, n: int) -> list[str]:
    accounts = Accounts(engine)
    return [accounts.sign_up(f"p{i}name", PASSWORD).session.account.id for i in range(n)]


@pytest.mark.parametrize(
    ("places", "order"),
    [
        ([1, 2], [0, 1]),
        ([2, 1, 3], [1, 0, 2]),
        ([1, 1, 3, 4], None),  # the first two tie
        ([3, 1, 2, 5, 4], [1, 2, 0, 4, 3]),
    ],
)
def test_two_to_five_seats_and_ties_move_ratings_by_place(
    db_url: str, places: list[int], order: list[int] | None
) -> None:
    store = Store.open(db_url)
    ids = _accounts(store.engine, len(places))
    record = store.create_table(
        "medina" if len(places) > 2 else KC,
        len(places),
        1,
        {},
        [(HUMAN, None)] * len(places),
        offers=[SeatOffer(ME, account_id=a) for a in ids],
        rated=True,
    )
    ratings = Ratings(store.engine)
    assert ratings.rate(record, places)
    with store.engine.connect() as conn:
        rows = {r.account_id: r for r in conn.execute(select(db.ratings))}
    mus = [rows[a].mu for a in ids]
    if order is not None:  # better places, higher ratings
        assert sorted(range(len(ids)), key=lambda s: -mus[s]) == order
    else:
        assert mus[0] == pytest.approx(mus[1])  # a tie moves both alike
        # (OpenSkill's Plackett–Luce moves the seat after a tie for first as much as the
        # tied seats: a property of the model, not of the table)
        assert mus[1] >= mus[2] > mus[3] and mus[3] < 25 < mus[0]
    assert all(rows[a].games == 1 for a in ids)
    history = ratings.history(ids[0])
    assert history[0]["place"] == places[0] and history[0]["table"] == record.id
    store.engine.dispose()


def test_bots_at_a_table_rated_against_them_play_at_a_fixed_rating(db_url: str) -> None:
    store = Store.open(db_url)
    (anna,) = _accounts(store.engine, 1)
    ratings = Ratings(store.engine)
    results = {}
    for level in ("normal", "hard"):
        record = store.create_table(
            KC,
            2,
            1,
            {},
            [(HUMAN, None), (BOT, level)],
            offers=[SeatOffer(ME, account_id=anna), SeatOffer()],
            rated=True,
            bots_rated=True,
        )
        assert ratings.rate(record, [2, 1])  # Anna loses to the bot
        results[level] = ratings.of_account(anna)[0]["mu"]
        with store.engine.begin() as conn:  # start again for the other level
            conn.execute(db.rating_history.delete())
            conn.execute(db.ratings.delete())
    # losing to the calibrated stronger bot costs less than losing to the weaker one
    assert bot_rating(KC, "hard").mu > bot_rating(KC, "normal").mu
    assert results["hard"] > results["normal"]
    with store.engine.connect() as conn:  # a bot has no rating row of its own
        assert conn.execute(select(db.ratings)).all() == []
    store.engine.dispose()


def test_a_rating_cut_off_by_a_stop_is_made_at_the_next_start(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        app = client.app
        anna, bert = Player(app, "Anna"), Player(app, "Bert")
        made = _create(anna, [{"invite": "me"}, {"invite": "open"}], rated=True, seed=3)
        joined = bert.post(f"/api/tables/{made['table']}/join").json()
        _play_to_the_end([anna, bert], [_token(made["seats"][0]["link"]), _token(joined["link"])])
        anna.close()
        bert.close()
        engine = app.state.manager.store.engine
        with engine.begin() as conn:  # as if the server had stopped before rating it
            conn.execute(db.rating_history.delete())
            conn.execute(db.ratings.delete())
            conn.execute(update(db.tables).values(rated_at=None))
    with TestClient(create_app(db_url)) as client:
        board = client.get(f"/api/ratings/{KC}").json()["players"]
        assert len(board) == 2 and all(p["games"] == 1 for p in board)


def test_the_leaderboard_and_a_player_page_show_no_link_seed_or_private_data(app: Any) -> None:
    anna, bert = Player(app, "Anna"), Player(app, "Bert")
    try:
        made = _create(anna, [{"invite": "me"}, {"invite": "open"}], rated=True, seed=777333)
        joined = bert.post(f"/api/tables/{made['table']}/join").json()
        tokens = [_token(made["seats"][0]["link"]), _token(joined["link"])]
        _play_to_the_end([anna, bert], tokens)
        texts = [
            json.dumps(bert.get(f"/api/ratings/{KC}").json()),
            json.dumps(bert.get("/api/players/Anna").json()),
            bert.get("/players/Anna").text,
            bert.get("/ratings").text,
        ]
        for text in texts:
            for secret in (*tokens, "777333", "$argon2", "csrf", "account_id"):
                assert secret not in text, secret
        assert bert.get("/api/players/Nobody").status_code == 404
        assert bert.get("/api/ratings/no-such-game").status_code == 404
    finally:
        anna.close()
        bert.close()
