"""The web table's HTTP and WebSocket API: tables, links, moves, bots, errors, restarts."""

from __future__ import annotations

import json
import random
import time
import zlib
from typing import Any

from fastapi.testclient import TestClient

from spieltisch.server.app import create_app

KC = "kingdoms-of-crusaders"


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def create(
    client: Any, game: str = KC, seats: list[dict[str, Any]] | None = None, **extra: Any
) -> dict[str, Any]:
    body = {
        "game": game,
        "seats": seats or [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
    }
    body.update(extra)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def wait_turn(client: Any, token: str, seat: int, timeout: float = 30) -> dict[str, Any]:
    """The seat's update once it must act or the game is over (bots play meanwhile)."""
    end = time.time() + timeout
    while True:
        data = client.get(f"/api/seat/{token}").json()
        if data["over"] or seat in data["actors"]:
            return data
        assert time.time() < end, "the bots did not hand the turn back"
        time.sleep(0.02)


def test_games_list_every_game_with_options_and_bots(client: Any) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) >= {KC, "medina", "tumult-royal", "im-zeichen-des-kreuzes"}
    assert "heuristic" in games["medina"]["bots"] and "random" in games["medina"]["bots"]
    assert any(o["name"] == "tie_rule" for o in games["im-zeichen-des-kreuzes"]["options"])


def test_the_lobby_offers_the_seed_readings_and_their_alternatives(client: Any) -> None:
    """ZK-O12 and TR-R21 are choices with the seed's reading as the default; the built-in
    rulesets of Tumult Royal (TR-D13) are presets of its data option."""
    games = {g["id"]: g for g in client.get("/api/games").json()}
    zk = {o["name"]: o for o in games["im-zeichen-des-kreuzes"]["options"]}
    assert zk["papal_reward"]["choices"] == ["lost_siege", "declaration"]
    assert zk["papal_reward"]["default"] == "lost_siege"
    tr = {o["name"]: o for o in games["tumult-royal"]["options"]}
    assert tr["consolation"]["choices"] == ["could_not", "built_nothing"]
    assert tr["consolation"]["default"] == "could_not"
    assert tr["ruleset_data"]["presets"] == ["default", "reconstructed-1"]
    made = create(
        client,
        game="tumult-royal",
        seats=[{"kind": "human"}] * 3,
        options={"consolation": "built_nothing", "ruleset_data": "reconstructed-1"},
    )
    view = client.get(f"/api/seat/{token_of(made['seats'][0]['link'])}").json()["view"]
    assert view["consolation"] == "built_nothing"
    assert sum(not p["face_up"] for p in view["landscape"]["positions"]) == 4  # 4 of 6
    for options, name in (
        ({"consolation": "never"}, "'consolation'"),
        ({"ruleset_data": "reconstructed-9"}, "'ruleset_data'"),
    ):
        r = client.post("/api/tables", json={"game": "tumult-royal", "options": options})
        assert r.status_code == 400 and name in r.json()["error"], r.json()


def test_a_human_plays_a_whole_game_against_a_bot_over_http(client: Any) -> None:
    made = create(client, seed=3)
    token = token_of(made["seats"][0]["link"])
    assert "link" not in made["seats"][1]  # bots get no link
    rng = random.Random(1)
    for _ in range(500):
        data = wait_turn(client, token, 0)
        if data["over"]:
            break
        assert data["legal"] and data["svg"].startswith("<svg")
        action = rng.choice(data["legal"])
        r = client.post(
            f"/api/seat/{token}/act", json={"expected_version": data["version"], "action": action}
        )
        assert r.status_code == 200, r.text
        assert r.json()["version"] == data["version"] + 1
    data = wait_turn(client, token, 0)
    assert data["over"] and "winners" in data and len(data["returns"]) == 2
    summary = client.get(f"/api/tables/{made['table']}").json()
    assert summary["status"] == "over"


def test_bad_moves_get_clear_errors_and_change_nothing(client: Any) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=5)
    t0, t1 = (token_of(s["link"]) for s in made["seats"])
    data = client.get(f"/api/seat/{t0}").json()
    mover, other = (t0, t1) if 0 in data["actors"] else (t1, t0)
    data = client.get(f"/api/seat/{mover}").json()
    version, legal = data["version"], data["legal"]
    # stale version
    r = client.post(
        f"/api/seat/{mover}/act", json={"expected_version": version + 3, "action": legal[0]}
    )
    assert r.status_code == 409 and "stale" in r.json()["error"]
    # the other seat acting out of turn: the engine's reason and rule
    r = client.post(
        f"/api/seat/{other}/act", json={"expected_version": version, "action": legal[0]}
    )
    assert r.status_code == 422 and r.json()["error"]
    # malformed action and malformed body
    r = client.post(
        f"/api/seat/{mover}/act", json={"expected_version": version, "action": {"type": "fly"}}
    )
    assert r.status_code == 400 and "fly" in r.json()["error"]
    r = client.post(
        f"/api/seat/{mover}/act", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and "malformed" in r.json()["error"]
    r = client.post(f"/api/seat/{mover}/act", json={"expected_version": "x", "action": legal[0]})
    assert r.status_code == 400
    # the version is an integer, not a string or a boolean that looks like one (issue 18)
    for lookalike in (str(version), bool(version), float(version)):
        r = client.post(
            f"/api/seat/{mover}/act", json={"expected_version": lookalike, "action": legal[0]}
        )
        assert r.status_code == 400 and "expected_version" in r.json()["error"], lookalike
    assert client.get(f"/api/seat/{mover}").json()["version"] == version
    # a huge body
    r = client.post(
        f"/api/seat/{mover}/act",
        content=b"x" * 70_000,
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413
    # unknown links, spectators
    assert client.get("/api/seat/nope").status_code == 404
    spectator = token_of(made["spectator_link"])
    r = client.post(
        f"/api/seat/{spectator}/act", json={"expected_version": version, "action": legal[0]}
    )
    assert r.status_code == 403
    after = client.get(f"/api/seat/{mover}").json()
    assert after["version"] == version and after["view"] == data["view"]


def test_bad_table_requests_name_the_problem(client: Any) -> None:
    r = client.post("/api/tables", json={"game": "chess"})
    assert r.status_code == 400 and "chess" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "medina", "players": 9})
    assert r.status_code == 400 and "players" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "medina", "options": {"edition": 7}})
    assert r.status_code == 400 and "edition" in r.json()["error"]
    r = client.post(
        "/api/tables",
        json={"game": KC, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep-blue"}]},
    )
    assert r.status_code == 400 and "deep-blue" in r.json()["error"]


def test_spectators_see_only_the_public_view(client: Any) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=2)
    spectator = token_of(made["spectator_link"])
    seat0 = token_of(made["seats"][0]["link"])
    public = client.get(f"/api/seat/{spectator}").json()
    assert public["seat"] is None and public["legal"] == [] and "hand" not in public["view"]
    own = client.get(f"/api/seat/{seat0}").json()
    hand_ids = [c["card"] if isinstance(c, dict) else c for c in own["view"].get("hand", [])]
    text = json.dumps(public)
    assert hand_ids and not any(f'"{cid}"' in text for cid in hand_ids)


def test_websocket_play_pushes_each_seat_its_own_update(client: Any) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=4)
    t0, t1 = (token_of(s["link"]) for s in made["seats"])
    with client.websocket_connect(f"/ws/{t0}") as ws0, client.websocket_connect(f"/ws/{t1}") as ws1:
        u0, u1 = ws0.receive_json(), ws1.receive_json()
        assert u0["seat"] == 0 and u1["seat"] == 1
        mover, ws_m, ws_o, update = (0, ws0, ws1, u0) if 0 in u0["actors"] else (1, ws1, ws0, u1)
        ws_m.send_text(
            json.dumps(
                {
                    "type": "act",
                    "id": 7,
                    "expected_version": update["version"],
                    "action": update["legal"][0],
                }
            )
        )
        got = [ws_m.receive_json(), ws_m.receive_json()]
        kinds = sorted(m["type"] for m in got)
        assert kinds == ["ack", "update"]
        ack = next(m for m in got if m["type"] == "ack")
        assert ack["id"] == 7 and ack["version"] == update["version"] + 1
        pushed = ws_o.receive_json()
        assert pushed["type"] == "update" and pushed["version"] == update["version"] + 1
        assert pushed["seat"] != mover
        # hostile messages: answered, nothing changes, the connection stays usable
        for bad in (
            "{oops",
            "[]",
            json.dumps({"type": "dance"}),
            json.dumps({"type": "act", "expected_version": 0, "action": {"type": "x"}}),
        ):
            ws_o.send_text(bad)
            reply = ws_o.receive_json()
            assert reply["type"] == "error" and reply["error"]
        # a binary frame (issue 18: it used to end the handler): answered, connection kept
        ws_o.send_bytes(b"\x00\x01binary")
        reply = ws_o.receive_json()
        assert reply["type"] == "error" and "binary" in reply["error"]
        ws_o.send_text(
            json.dumps(
                {"type": "act", "expected_version": str(update["version"] + 1), "action": {}}
            )
        )
        reply = ws_o.receive_json()
        assert reply["type"] == "error" and "integer" in reply["error"]
        ws_o.send_text(json.dumps({"type": "refresh"}))
        assert ws_o.receive_json()["version"] == update["version"] + 1


def test_moves_survive_a_restart(db_url: str) -> None:
    """The move log is the truth: a new server on the same database rebuilds every table."""
    with TestClient(create_app(db_url)) as c:
        made = create(c, seats=[{"kind": "human"}, {"kind": "human"}], seed=9)
        tokens = [token_of(s["link"]) for s in made["seats"]]
        rng = random.Random(3)
        for _ in range(12):
            data = c.get(f"/api/seat/{tokens[0]}").json()
            seat = data["actors"][0]
            mine = c.get(f"/api/seat/{tokens[seat]}").json()
            c.post(
                f"/api/seat/{tokens[seat]}/act",
                json={"expected_version": mine["version"], "action": rng.choice(mine["legal"])},
            )
        before = [c.get(f"/api/seat/{t}").json() for t in tokens]
    with TestClient(create_app(db_url)) as c:
        after = [c.get(f"/api/seat/{t}").json() for t in tokens]
    assert [b["version"] for b in before] == [a["version"] for a in after] == [12, 12]
    assert [b["view"] for b in before] == [a["view"] for a in after]


def test_a_rematch_waits_for_the_end_of_the_game(client: Any) -> None:
    """The mutual rematch itself is tested in test_rematch.py."""
    made = create(client, seed=1)
    token = token_of(made["seats"][0]["link"])
    r = client.post(f"/api/seat/{token}/rematch")
    assert r.status_code == 409 and "still running" in r.json()["error"]
    spectator = token_of(made["spectator_link"])
    assert client.post(f"/api/seat/{spectator}/rematch").status_code == 403


def test_pages_are_served(client: Any) -> None:
    assert "Spieltisch" in client.get("/").text
    made = create(client)
    token = token_of(made["seats"][0]["link"])
    page = client.get(f"/play/{token}").text
    assert token in page and "/static/table.js" in page
    assert client.get("/play/unknown-token").status_code == 404
    assert client.get("/static/table.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404


def test_the_grab_runs_in_real_time(client: Any) -> None:
    """Tumult Royal's grab ticks last tick_ms at a live table (TR-G14): a seat that gives no
    input waits, so the grab ends by the clock even if the human never clicks."""
    made = create(
        client,
        game="tumult-royal",
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        options={"tick_ms": 20, "grab_ticks": 6},
        players=2,
        seed=4,
    )
    token = token_of(made["seats"][0]["link"])
    rng = random.Random(2)
    saw_clock = False
    end = time.time() + 60
    while True:
        data = client.get(f"/api/seat/{token}").json()
        phase = data["view"]["phase"]
        if phase == "grab":
            saw_clock = saw_clock or "clock" in data
        elif data["view"].get("round", 0) >= 2 or data["over"]:
            break
        elif 0 in data["actors"]:  # start statues and builds wait for the human
            client.post(
                f"/api/seat/{token}/act",
                json={"expected_version": data["version"], "action": rng.choice(data["legal"])},
            )
        assert time.time() < end, f"stuck in phase {phase}"
        time.sleep(0.01)
    assert saw_clock


def test_a_chunked_body_over_the_limit_is_refused(client: Any) -> None:
    """A body without Content-Length is counted as it arrives (413 past 64 KiB)."""
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=6)
    token = token_of(made["seats"][0]["link"])
    before = client.get(f"/api/seat/{token}").json()

    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 8192

    r = client.post(
        f"/api/seat/{token}/act", content=chunks(), headers={"content-type": "application/json"}
    )
    assert r.status_code == 413 and "larger" in r.json()["error"]
    assert client.get(f"/api/seat/{token}").json()["version"] == before["version"]


def test_a_choice_in_a_real_time_step_is_not_stale_when_others_chose_first(client: Any) -> None:
    """In a grab tick the other seat's choice raises the version but changes nothing this
    seat may do, so a choice made on the tick's earlier version still counts (TR-G6)."""
    made = create(
        client,
        game="tumult-royal",
        seats=[{"kind": "human"}, {"kind": "human"}],
        options={"tick_ms": 600_000},
        seed=4,
    )
    tokens = [token_of(s["link"]) for s in made["seats"]]
    rng = random.Random(1)
    for _ in range(40):  # start statues until the grab
        data = client.get(f"/api/seat/{tokens[0]}").json()
        if data["view"]["phase"] == "grab":
            break
        seat = data["actors"][0]
        mine = client.get(f"/api/seat/{tokens[seat]}").json()
        client.post(
            f"/api/seat/{tokens[seat]}/act",
            json={"expected_version": mine["version"], "action": rng.choice(mine["legal"])},
        )
    views = [client.get(f"/api/seat/{t}").json() for t in tokens]
    assert views[0]["view"]["phase"] == "grab" and set(views[0]["actors"]) == {0, 1}
    first = client.post(
        f"/api/seat/{tokens[0]}/act",
        json={"expected_version": views[0]["version"], "action": views[0]["legal"][0]},
    )
    assert first.status_code == 200
    second = client.post(
        f"/api/seat/{tokens[1]}/act",
        json={"expected_version": views[1]["version"], "action": views[1]["legal"][0]},
    )
    assert second.status_code == 200, second.text


def test_compressed_updates_arrive_as_deflated_binary_frames(client: Any) -> None:
    """?compress=deflate: updates are zlib-compressed binary frames (the same JSON), acks
    and errors stay text."""
    made = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=4)
    t0, t1 = (token_of(s["link"]) for s in made["seats"])
    with (
        client.websocket_connect(f"/ws/{t0}?compress=deflate") as ws0,
        client.websocket_connect(f"/ws/{t1}?compress=deflate") as ws1,
    ):
        u0 = json.loads(zlib.decompress(ws0.receive_bytes()))
        u1 = json.loads(zlib.decompress(ws1.receive_bytes()))
        assert u0["type"] == u1["type"] == "update"
        same = {"clocks": u0["clocks"], "seq": u0["seq"]}  # read afresh; numbered
        assert u0 == client.get(f"/api/seat/{t0}").json() | same
        ws_m, update = (ws0, u0) if 0 in u0["actors"] else (ws1, u1)
        ws_o = ws1 if ws_m is ws0 else ws0
        act = {"type": "act", "id": 1, "expected_version": update["version"]}
        ws_m.send_text(json.dumps(act | {"action": update["legal"][0]}))
        got = [ws_m.receive(), ws_m.receive()]
        texts = [json.loads(m["text"]) for m in got if m.get("text")]
        packed = [json.loads(zlib.decompress(m["bytes"])) for m in got if m.get("bytes")]
        assert [m["type"] for m in texts] == ["ack"]
        assert [m["version"] for m in packed] == [update["version"] + 1]
        assert json.loads(zlib.decompress(ws_o.receive_bytes()))["version"] == update["version"] + 1
        ws_o.send_text("{oops")
        assert json.loads(ws_o.receive_text())["type"] == "error"
        ws_o.send_text(json.dumps({"type": "refresh"}))
        assert json.loads(zlib.decompress(ws_o.receive_bytes()))["type"] == "update"


def test_updates_name_the_seats_as_the_game_does(client: Any) -> None:
    """The page names seats like the log and the picture, the same in every game: Player 1
    ... for seats 0 ..., Spieler 1 ... in German (issue 14: one naming of seats)."""
    made = create(client, seed=2)
    data = client.get(f"/api/seat/{token_of(made['seats'][0]['link'])}").json()
    assert [s["name"] for s in data["seats"]] == ["Player 1", "Player 2"]
    zk = create(client, game="im-zeichen-des-kreuzes", seats=[{"kind": "human"}] * 3, seed=2)
    data = client.get(f"/api/seat/{token_of(zk['seats'][0]['link'])}?lang=de").json()
    assert [s["name"] for s in data["seats"]] == ["Spieler 1", "Spieler 2", "Spieler 3"]
