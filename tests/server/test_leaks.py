"""Nothing private reaches a connection that may not see it (DESIGN.md §5).

Complete games of each title are played over WebSockets with every seat and a spectator
connected; every message each connection receives is recorded and checked: no other seat's
private facts (hand card ids, ...) appear in it, and it is exactly what the same seat would
get from a state in which everything hidden from it has been re-dealt (so neither hidden
tiles, secret commitments, screened supplies nor the deck order can be in it)."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.analysis.patch_client import Follower
from spieltisch.server.app import create_app
from spieltisch.server.live import LiveTable

GAMES = [
    ("kingdoms-of-crusaders", 2, {}),
    ("medina", 3, {}),
    ("tumult-royal", 2, {}),
    ("im-zeichen-des-kreuzes", 2, {}),
]
RESAMPLE_EVERY = 4  # versions between the (costly) re-dealt comparisons


def _dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_no_connection_ever_receives_another_seats_secrets(
    tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'leaks.db'}")
    rng = random.Random(7)
    with TestClient(app) as client:
        made = client.post(
            "/api/tables",
            json={"game": game, "players": players, "options": options, "seed": 3},
        ).json()
        tokens = [s["link"].rsplit("/", 1)[1] for s in made["seats"]]
        spectator = made["spectator_link"].rsplit("/", 1)[1]
        table: LiveTable = app.state.manager.tables[made["table"]]
        with ExitStack() as stack:
            sockets = {
                seat: stack.enter_context(client.websocket_connect(f"/ws/{token}?patch=1"))
                for seat, token in [*enumerate(tokens), (None, spectator)]
            }
            pages = {seat: Follower() for seat in sockets}

            def receive_all(mover: int) -> None:
                for seat, ws in sockets.items():
                    message = ws.receive_json()
                    if message["type"] == "patch":  # what the page rebuilds from it
                        check(seat, message | {"version": -1})
                    whole = pages[seat].receive(message)
                    assert whole is not None and whole["type"] == "update", message
                    check(seat, whole)
                    if seat == mover:
                        ack = ws.receive_json()
                        assert ack["type"] == "ack", ack

            def check(seat: int | None, message: dict[str, Any]) -> None:
                text = _dumps(message)
                for other in range(players):
                    if other == seat:
                        continue
                    for fact in table.state.private_facts(other):
                        assert fact not in text, f"{seat} received {fact!r} of seat {other}"
                if message["version"] % RESAMPLE_EVERY == 0:
                    sample = table.state.resample(seat, random.Random(message["version"]))
                    shadow = LiveTable(table.record, table.game, sample)
                    shadow.move_marks = dict(table.move_marks)  # counts of public log events
                    # the wall time of a step, and the message's number
                    public = {k: v for k, v in message.items() if k not in ("clock", "seq")}
                    assert _dumps(shadow.payload(seat)) == _dumps(public), f"{seat} sees secrets"

            receive_all(-1)  # the first update of every connection, no move yet
            moves = 0
            while not table.state.is_over():
                seat = rng.choice(list(table.state.actors()))
                update = pages[seat].latest
                assert update is not None
                assert update["version"] == table.version and update["legal"]
                sockets[seat].send_text(
                    json.dumps(
                        {
                            "type": "act",
                            "expected_version": update["version"],
                            "action": rng.choice(update["legal"]),
                        }
                    )
                )
                receive_all(seat)
                moves += 1
            assert moves > 10
            # plain HTTP gets the same as the socket
            for seat, token in [*enumerate(tokens), (None, spectator)]:
                got = client.get(f"/api/seat/{token}").json()
                latest = pages[seat].latest
                assert latest is not None
                assert got == {k: v for k, v in latest.items() if k != "seq"}


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_the_lobby_and_the_players_pages_never_reveal_a_hand_a_seed_or_a_token(
    tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    """Issue 18: a table between accounts, in the middle of its game, as the lobby, "My
    games", the leaderboard and a player's page show it to another account: no seat's
    private facts, no seed, no seat's token, nothing of an account but its name."""
    app = create_app(f"sqlite:///{tmp_path / 'lobby.db'}")
    rng = random.Random(11)
    with TestClient(app) as owner, TestClient(app) as other:
        csrf = {}
        for client, name in ((owner, "Owner"), (other, "Other")):
            answer = client.post(
                "/api/account/signup", json={"name": name, "password": "a good password"}
            )
            csrf[name] = {"X-CSRF-Token": answer.json()["csrf"]}
        seats = [{"invite": "me"}, *({"invite": "link"} for _ in range(players - 1))]
        made = owner.post(
            "/api/tables",
            json={
                "game": game,
                "players": players,
                "options": options,
                "seed": 987654,
                "seats": seats,
                "listed": True,
            },
            headers=csrf["Owner"],
        ).json()
        tokens = [s["link"].rsplit("/", 1)[1] for s in made["seats"]]
        table: LiveTable = app.state.manager.tables[made["table"]]
        for _ in range(12):  # into the game: hands dealt and played from
            seat = rng.choice(list(table.state.actors()))
            view = owner.get(f"/api/seat/{tokens[seat]}").json()
            owner.post(
                f"/api/seat/{tokens[seat]}/act",
                json={"expected_version": view["version"], "action": rng.choice(view["legal"])},
                headers=csrf["Owner"],
            )
        private = {fact for s in range(players) for fact in table.state.private_facts(s)}
        texts = [
            _dumps(other.get("/api/tables?status=running").json()),
            _dumps(other.get(f"/api/tables/{made['table']}").json()),
            _dumps(other.get("/api/players/Owner").json()),
            _dumps(other.get(f"/api/ratings/{game}").json()),
            _dumps(other.get("/api/tables?mine=true").json()),
        ]
        for text in texts:
            for fact in private:
                assert fact not in text, fact
            for secret in (*tokens, "987654", "$argon2", "csrf", "password"):
                assert secret not in text, secret
        assert made["table"] in texts[0]  # the listed table is there, without secrets
