"""Per-table clocks with their timeout rule, and zombie mode (a bot plays for a seat whose
player left), over the real app: timing, takeovers, hand-backs and restarts."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from spieltisch.server.app import create_app

KC = "kingdoms-of-crusaders"
TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def make(
    client: Any, settings: dict[str, Any], seats: list[dict[str, Any]] | None = None
) -> list[str]:
    r = client.post(
        "/api/tables",
        json={"game": KC, "seats": seats or TWO_HUMANS, "seed": 11, "settings": settings},
    )
    assert r.status_code == 201, r.text
    return [token_of(s["link"]) for s in r.json()["seats"] if "link" in s]


def seat_data(client: Any, token: str) -> dict[str, Any]:
    return dict(client.get(f"/api/seat/{token}").json())


def until(client: Any, token: str, test: Any, timeout: float = 20) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        data = seat_data(client, token)
        if test(data):
            return data
        assert time.time() < end, f"timed out waiting; last update: {data['version']}"
        time.sleep(0.05)


def play(client: Any, token: str, data: dict[str, Any]) -> Any:
    return client.post(
        f"/api/seat/{token}/act",
        json={"expected_version": data["version"], "action": data["legal"][0]},
    )


def test_settings_are_validated_and_shown(client: Any) -> None:
    r = client.post(
        "/api/tables", json={"game": KC, "settings": {"clock": "minutes", "minutes": -3}}
    )
    assert r.status_code == 400 and "'minutes'" in r.json()["error"]
    r = client.post("/api/tables", json={"game": KC, "settings": {"zombie_bot": "deep-blue"}})
    assert r.status_code == 400 and "deep-blue" in r.json()["error"]
    tokens = make(client, {"clock": "days", "days_per_move": 2})
    data = seat_data(client, tokens[0])
    assert data["settings"]["clock"] == "days"
    mover = data["actors"][0]
    clocks = {c["seat"]: c for c in data["clocks"]}
    assert clocks[mover]["running"] and not clocks[1 - mover]["running"]
    assert 2 * 86400_000 - 5_000 < clocks[mover]["left_ms"] <= 2 * 86400_000
    assert clocks[1 - mover]["left_ms"] == 2 * 86400_000


def test_out_of_time_with_rule_end_ends_the_game_and_survives_a_restart(db_url: str) -> None:
    """on_timeout=end: the seat that ran out of time loses, the other wins; the game is
    over for good (a restarted server rebuilds the same result from the log)."""
    settings = {"clock": "minutes", "minutes": 0.02, "on_timeout": "end"}
    with TestClient(create_app(db_url)) as c:
        tokens = make(c, settings)
        first = seat_data(c, tokens[0])
        loser = first["actors"][0]
        data = until(c, tokens[0], lambda d: d["over"], timeout=10)
        assert data["ended"] == {"reason": "timeout", "seat": loser}
        assert data["winners"] == [1 - loser] and data["timed_out"] == [loser]
        r = play(c, tokens[loser], {"version": data["version"], "legal": first["legal"]})
        assert r.status_code == 409 and "ran out of time" in r.json()["error"]
        table = c.get(f"/api/tables/{first['table']}").json()
        assert table["status"] == "over"
        # the status is kept with the timeout event: the lobby reads it without a replay
        assert c.app.state.manager.store.table(first["table"]).status == "over"
    with TestClient(create_app(db_url)) as c:
        again = seat_data(c, tokens[1 - loser])
        assert again["over"] and again["ended"] == data["ended"] and again["winners"] == [1 - loser]


def test_out_of_time_with_rule_bot_hands_the_seat_to_a_bot(client: Any) -> None:
    """on_timeout=bot: a bot plays the seat that ran out of time for the rest of the game;
    its player can no longer move; the other player plays on to the end."""
    tokens = make(client, {"clock": "minutes", "minutes": 0.01, "increment_s": 30})
    first = seat_data(client, tokens[0])
    slow = first["actors"][0]
    fast = tokens[1 - slow]
    data = until(client, fast, lambda d: slow in d["timed_out"], timeout=10)
    assert slow in data["zombies"]
    r = play(client, tokens[slow], first)
    assert r.status_code == 403 and "ran out of time" in r.json()["error"]
    # the fast player keeps moving (each move earns 30 s); the bot answers for the other
    for _ in range(200):
        data = until(client, fast, lambda d: d["over"] or (1 - slow) in d["actors"])
        if data["over"]:
            break
        assert play(client, fast, data).status_code == 200
    assert data["over"] and "returns" in data


def test_a_bot_plays_for_a_player_who_left_until_they_come_back(client: Any) -> None:
    """Zombie mode: a seat that must act and has no connection for zombie_after_s seconds is
    played by the zombie bot; opening the seat's link hands it back to its player."""
    tokens = make(
        client,
        {"zombie_after_s": 0.3, "zombie_bot": "random"},
        seats=[{"kind": "human"}, {"kind": "human"}],
    )
    with client.websocket_connect(f"/ws/{tokens[1]}") as ws1:  # seat 1 is here, seat 0 not
        update = ws1.receive_json()
        data = until(client, tokens[1], lambda d: 0 in d["zombies"], timeout=10)
        assert 1 not in data["zombies"] and data["timed_out"] == []
        # the bot moves for seat 0 whenever seat 0 must act; seat 1 plays by hand
        for _ in range(6):
            data = until(client, tokens[1], lambda d: 1 in d["actors"] or d["over"])
            if data["over"]:
                break
            assert play(client, tokens[1], data).status_code == 200
        assert data["version"] > update["version"]
        with client.websocket_connect(f"/ws/{tokens[0]}") as ws0:
            back = ws0.receive_json()
            while 0 in back["zombies"]:  # the hand-back is pushed right after connecting
                back = ws0.receive_json()
            assert back["seat"] == 0 and back["zombies"] == []
            if 0 in back["actors"]:
                ws0.send_text(
                    json.dumps(
                        {
                            "type": "act",
                            "expected_version": back["version"],
                            "action": back["legal"][0],
                        }
                    )
                )
        assert until(client, tokens[1], lambda d: 0 not in d["zombies"] or d["over"])


def test_real_time_clocks_survive_a_restart_without_charging_the_downtime(db_url: str) -> None:
    settings = {"clock": "minutes", "minutes": 5}
    with TestClient(create_app(db_url)) as c:
        tokens = make(c, settings)
        data = seat_data(c, tokens[0])
        mover = data["actors"][0]
        time.sleep(0.4)
        assert play(c, tokens[mover], seat_data(c, tokens[mover])).status_code == 200
        before = {x["seat"]: x["left_ms"] for x in seat_data(c, tokens[0])["clocks"]}
        measured = time.monotonic()
    stopped = time.monotonic()
    assert 300_000 - 2_000 < before[mover] <= 300_000 - 400
    time.sleep(2.0)  # the server is down
    started = time.monotonic()
    with TestClient(create_app(db_url)) as c:
        after = {x["seat"]: x for x in seat_data(c, tokens[0])["clocks"]}
        looked = time.monotonic()
    assert abs(after[mover]["left_ms"] - before[mover]) < 50  # its clock did not run
    other = 1 - mover
    assert after[other]["running"]
    # the other clock runs while a server is up (shutting down, starting, answering), never
    # while none is: charged at most the time the servers were up since the first look
    up_ms = 1000 * ((stopped - measured) + (looked - started))
    charged = before[other] - after[other]["left_ms"]
    assert charged < up_ms + 100, f"charged {charged} ms, servers up {up_ms:.0f} ms"


def test_a_player_who_connects_while_a_takeover_is_being_written_gets_the_seat_back(
    tmp_path: Any, monkeypatch: Any
) -> None:
    """Zombie mode race: the takeover of an absent seat is being stored when its player
    connects; the connection must not leave the bot in the seat."""
    from spieltisch.server.store import Store

    slow = Store.append_event

    def append_event(self: Store, *args: Any) -> Any:
        if args[3] == "away":
            time.sleep(0.6)  # the player connects while this is being written
        return slow(self, *args)

    monkeypatch.setattr(Store, "append_event", append_event)
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}")) as client:
        tokens = make(client, {"zombie_after_s": 0.1, "zombie_bot": "random"})
        mover = seat_data(client, tokens[0])["actors"][0]
        time.sleep(0.3)  # the takeover of the absent mover has begun
        with client.websocket_connect(f"/ws/{tokens[mover]}") as ws:
            ws.receive_json()
            data = until(client, tokens[mover], lambda d: mover not in d["zombies"], timeout=5)
            time.sleep(0.8)
            assert mover not in seat_data(client, tokens[mover])["zombies"]
            assert data["timed_out"] == []
