"""The mutual rematch (issue 15, item 6): a seat of a finished table proposes, the other
human seats accept or decline; when all have accepted, one new table with the same seats
and bots; every seat learns its own link only; declining or leaving withdraws the offer."""

from __future__ import annotations

import asyncio
import json
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.live import TableManager
from spieltisch.server.rematch import Rematches
from spieltisch.server.store import BOT, HUMAN, Store

KC = "kingdoms-of-crusaders"
HUMANS_AND_BOT = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def finished(
    client: Any, seats: list[dict[str, Any]] | None = None, seed: int = 3
) -> dict[str, Any]:
    """A KC table played to its end by random legal moves (bots play their own seats):
    its id, the human seats' tokens and the spectator token."""
    seats = seats or [{"kind": "human"}, {"kind": "human"}]
    r = client.post("/api/tables", json={"game": KC, "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    made = r.json()
    tokens = {s["seat"]: token_of(s["link"]) for s in made["seats"] if "link" in s}
    spectator = token_of(made["spectator_link"])
    rng = random.Random(seed)
    end = time.time() + 60
    while True:
        data = client.get(f"/api/seat/{spectator}").json()
        if data["over"]:
            break
        assert time.time() < end, "the game did not end"
        movers = [s for s in data["actors"] if s in tokens]
        if not movers:
            time.sleep(0.01)  # a bot thinks
            continue
        mine = client.get(f"/api/seat/{tokens[movers[0]]}").json()
        if not mine["legal"]:
            continue
        client.post(
            f"/api/seat/{tokens[movers[0]]}/act",
            json={"expected_version": mine["version"], "action": rng.choice(mine["legal"])},
        )
    return {"table": made["table"], "tokens": tokens, "spectator": spectator}


def answer(client: Any, token: str, what: str | None = "propose") -> Any:
    if what is None:
        return client.post(f"/api/seat/{token}/rematch")
    return client.post(f"/api/seat/{token}/rematch", json={"answer": what})


def seat_view(client: Any, token: str) -> Any:
    return client.get(f"/api/seat/{token}").json()["rematch"]


def test_all_human_seats_accept_and_one_table_is_made_with_the_same_seats(client: Any) -> None:
    old = finished(client, HUMANS_AND_BOT)
    t0, t1 = old["tokens"][0], old["tokens"][1]
    assert seat_view(client, t0) is None
    r = answer(client, t1)
    assert r.status_code == 200, r.text
    offer = r.json()["rematch"]
    assert offer == {
        "by": 1,
        "accepted": [1],
        "waiting_for": [0],  # the bot is not asked
        "ended": None,
        "ended_by": None,
        "table": None,
        "link": None,
    }
    assert seat_view(client, t0) == offer  # the other seat sees the offer in its update
    assert seat_view(client, old["spectator"]) == offer
    r = answer(client, t0, "accept")
    assert r.status_code == 200, r.text
    mine = r.json()["rematch"]
    assert mine["table"] and mine["accepted"] == [0, 1] and mine["waiting_for"] == []
    manager = client.app.state.manager
    new = manager.tables[mine["table"]]
    before = manager.tables[old["table"]]
    assert new.record.rematch_of == old["table"]
    assert new.record.game == KC and new.record.players == 3
    assert new.record.options == before.record.options
    assert new.record.settings == before.record.settings
    assert new.record.seed != before.record.seed
    assert [(s.seat, s.kind, s.bot) for s in new.record.seats] == [
        (0, HUMAN, None),
        (1, HUMAN, None),
        (2, BOT, "random"),
    ]
    # each seat its own seat of the new table; spectators the new spectator link
    links = {seat: seat_view(client, t)["link"] for seat, t in old["tokens"].items()}
    for seat, link in links.items():
        assert link.startswith("/play/")
        assert manager.store.find_token(token_of(link)) == (new.id, seat)
    assert links[0] == mine["link"]
    watch = seat_view(client, old["spectator"])["link"]
    assert watch == f"/watch/{new.record.spectator_token}"
    # the new table plays: its page answers for the seat
    page = client.get(f"/api/seat/{token_of(links[1])}").json()
    assert page["table"] == new.id and page["seat"] == 1 and not page["over"]
    assert page["rematch"] is None
    assert manager.store.rematches(old["table"]) == [new.id]


def test_nobody_ever_receives_another_seats_link(client: Any) -> None:
    """Every answer and update a seat gets, before and after the new table is made, holds
    no token of another seat, of the old table or the new one."""
    old = finished(client, [{"kind": "human"}] * 3, seed=5)
    tokens = old["tokens"]
    seen: dict[int | None, list[str]] = {0: [], 1: [], 2: [], None: []}

    def record(seat: int | None, response: Any) -> None:
        seen[seat].append(response.text if hasattr(response, "text") else json.dumps(response))

    def look() -> None:
        for seat, token in tokens.items():
            record(seat, client.get(f"/api/seat/{token}"))
        record(None, client.get(f"/api/seat/{old['spectator']}"))

    record(0, answer(client, tokens[0]))
    look()
    record(1, answer(client, tokens[1], "accept"))
    look()
    with client.websocket_connect(f"/ws/{tokens[2]}") as ws:
        record(2, ws.receive_json())
        ws.send_text(json.dumps({"type": "rematch", "id": 1, "answer": "accept"}))
        messages = [ws.receive_json(), ws.receive_json()]
        for message in messages:
            record(2, message)
    assert {m["type"] for m in messages} == {"rematch", "update"}
    look()
    for seat in tokens:  # further answers: the table that exists, own link only
        record(seat, answer(client, tokens[seat]))
        record(seat, answer(client, tokens[seat], "accept"))
    manager = client.app.state.manager
    (new_id,) = manager.store.rematches(old["table"])
    new = manager.tables[new_id]
    new_tokens = {s.seat: s.token for s in new.record.seats}
    for seat, texts in seen.items():
        text = "\n".join(texts)
        for other in tokens:
            if other != seat:
                assert tokens[other] not in text, (seat, other)
                assert new_tokens[other] not in text, (seat, other)
        if seat is not None:
            assert new_tokens[seat] in text
            assert new.record.spectator_token not in text
        else:
            assert new.record.spectator_token in text


def test_declining_withdraws_the_offer_and_a_new_one_can_be_made(client: Any) -> None:
    old = finished(client, [{"kind": "human"}] * 3, seed=7)
    t = old["tokens"]
    assert answer(client, t[0]).status_code == 200
    assert answer(client, t[1], "accept").json()["rematch"]["waiting_for"] == [2]
    r = answer(client, t[2], "decline")
    assert r.status_code == 200
    ended = r.json()["rematch"]
    assert ended["ended"] == "declined" and ended["ended_by"] == 2 and ended["link"] is None
    assert ended["table"] is None and ended["waiting_for"] == []
    assert seat_view(client, t[0])["ended"] == "declined"
    # nothing to accept or decline any more; a new offer starts afresh
    assert answer(client, t[1], "accept").status_code == 409
    assert answer(client, t[1], "decline").status_code == 409
    again = answer(client, t[2]).json()["rematch"]
    assert again["by"] == 2 and again["accepted"] == [2] and again["ended"] is None
    assert again["waiting_for"] == [0, 1]
    # the proposer may withdraw; nobody else may
    r = answer(client, t[0], "withdraw")
    assert r.status_code == 409 and "decline" in r.json()["error"]
    withdrawn = answer(client, t[2], "withdraw").json()["rematch"]
    assert withdrawn["ended"] == "withdrawn" and withdrawn["ended_by"] == 2
    assert client.app.state.manager.store.rematches(old["table"]) == []


def test_leaving_withdraws_the_offer_after_a_grace_for_reloads(client: Any) -> None:
    client.app.state.rematches.grace_s = 0.3
    old = finished(client, seed=9)
    t0, t1 = old["tokens"][0], old["tokens"][1]
    with client.websocket_connect(f"/ws/{t1}") as ws:
        ws.receive_json()
        assert answer(client, t0).status_code == 200
        assert ws.receive_json()["rematch"]["by"] == 0  # the offer arrives at once
    # a reload: the seat is back within the grace, the offer stays open
    with client.websocket_connect(f"/ws/{t1}") as ws:
        ws.receive_json()
        time.sleep(0.5)
        assert seat_view(client, t0)["ended"] is None
        # the proposer's page closes and does not come back
        with client.websocket_connect(f"/ws/{t0}") as ws0:
            ws0.receive_json()
        update = ws.receive_json()  # after the grace: everybody is told
        assert update["rematch"]["ended"] == "left" and update["rematch"]["ended_by"] == 0
    assert answer(client, t1, "accept").status_code == 409
    # seat 1 leaves while it must still answer a new offer
    assert answer(client, t1).status_code == 200
    with client.websocket_connect(f"/ws/{t0}") as ws:
        ws.receive_json()
    time.sleep(0.6)
    view = seat_view(client, t1)
    assert view["ended"] == "left" and view["ended_by"] == 0
    assert client.app.state.manager.store.rematches(old["table"]) == []


def test_a_single_human_seat_gets_the_new_table_at_once(client: Any) -> None:
    old = finished(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=11)
    r = answer(client, old["tokens"][0], None)  # an old client's empty POST proposes
    assert r.status_code == 200, r.text
    view = r.json()["rematch"]
    assert view["link"] and view["accepted"] == [0] and view["waiting_for"] == []
    new = client.app.state.manager.tables[view["table"]]
    assert [(s.kind, s.bot) for s in new.record.seats] == [(HUMAN, None), (BOT, "random")]


def test_two_proposals_make_one_table(client: Any) -> None:
    old = finished(client, seed=13)
    t0, t1 = old["tokens"][0], old["tokens"][1]
    first = answer(client, t0).json()["rematch"]
    assert answer(client, t0).json()["rematch"] == first  # a second click changes nothing
    both = answer(client, t1).json()["rematch"]  # a proposal meets the open offer: accepted
    assert both["table"] and both["link"]
    for _ in range(2):  # later proposals and accepts answer with the table that exists
        for token in (t0, t1):
            for what in ("propose", "accept", "decline", "withdraw"):
                again = answer(client, token, what)
                assert again.status_code == 200
                assert again.json()["rematch"]["table"] == both["table"]
    assert answer(client, t1).json()["rematch"]["link"] == both["link"]
    assert client.app.state.manager.store.rematches(old["table"]) == [both["table"]]
    assert len(client.app.state.manager.store.table_ids()) == 2


def test_proposals_at_the_same_moment_end_in_one_offer(tmp_path: Path) -> None:
    """Two (or three) seats proposing at once, on the table's lock: one offer, one table."""

    async def scenario(humans: int) -> tuple[list[dict[str, Any]], list[str]]:
        store = Store.open(f"sqlite:///{tmp_path / f'{humans}.db'}")
        manager = TableManager(store)
        rematches = Rematches(manager)
        table = await manager.create(KC, humans, {}, [(HUMAN, None)] * humans, seed=21)
        rng = random.Random(1)
        while not table.is_over():
            seat = table.state.actors()[0]
            action = rng.choice(table.state.legal_actions(seat))
            await manager.act(table, seat, table.version, action.to_json())
        answers = await asyncio.gather(*(rematches.answer(table, s, "propose") for s in (0, 1)))
        assert answers[0]["by"] == answers[1]["by"] == 0  # the first proposal, then an accept
        assert table.rematch is not None
        return [table.rematch.view(s) for s in range(humans)], store.rematches(table.id)

    # a loop of its own in a thread of its own: the browser tests' Playwright keeps a loop
    # running in the main thread for the whole session
    def run(humans: int) -> tuple[list[dict[str, Any]], list[str]]:
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, scenario(humans)).result()

    views, made = run(2)
    assert len(made) == 1 and {v["table"] for v in views} == {made[0]}
    assert views[0]["link"] != views[1]["link"]
    views, made = run(3)
    assert made == [] and views[1]["accepted"] == [0, 1] and views[1]["waiting_for"] == [2]
    assert views[0]["by"] == views[1]["by"] == 0


def test_a_running_table_refuses_a_rematch(client: Any) -> None:
    r = client.post("/api/tables", json={"game": KC, "seed": 1})
    made = r.json()
    token = token_of(made["seats"][0]["link"])
    for what in ("propose", "accept", None):
        r = answer(client, token, what)
        assert r.status_code == 409 and "still running" in r.json()["error"], r.text
    spectator = token_of(made["spectator_link"])
    assert answer(client, spectator).status_code == 403
    assert answer(client, "no-such-link").status_code == 404
    assert client.post(f"/api/seat/{token}/rematch", json={"answer": "maybe"}).status_code == 400
    with client.websocket_connect(f"/ws/{token}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "rematch", "id": 4, "answer": "propose"}))
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["id"] == 4 and "still running" in reply["error"]
        ws.send_text(json.dumps({"type": "rematch", "answer": 5}))
        assert ws.receive_json()["type"] == "error"
    assert len(client.app.state.manager.store.table_ids()) == 1


def test_spectators_and_bot_seats_cannot_answer(client: Any) -> None:
    old = finished(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=15)
    manager = client.app.state.manager
    bot_token = manager.tables[old["table"]].record.seats[1].token
    assert answer(client, bot_token).status_code == 403
    assert answer(client, old["spectator"]).status_code == 403
    assert manager.store.rematches(old["table"]) == []


def test_a_made_rematch_is_found_again_after_a_restart(db_url: str) -> None:
    """An open offer lives in memory (a restart withdraws it); the table made survives, and
    a seat that proposes after the restart is sent to its own seat of it."""
    c: Any
    with TestClient(create_app(db_url)) as c:
        old = finished(c, [{"kind": "human"}] * 3, seed=17)
        t = old["tokens"]
        answer(c, t[0])
        answer(c, t[1], "accept")
        made = answer(c, t[2], "accept").json()["rematch"]
        open_old = finished(c, seed=19)
        answer(c, open_old["tokens"][0])
    with TestClient(create_app(db_url)) as c:
        assert seat_view(c, t[1]) is None  # nothing in memory any more
        assert seat_view(c, open_old["tokens"][1]) is None  # the open offer is gone
        again = answer(c, t[1]).json()["rematch"]
        assert again["table"] == made["table"]
        links = {seat: seat_view(c, token)["link"] for seat, token in t.items()}
        store = c.app.state.manager.store
        for seat, link in links.items():
            assert store.find_token(token_of(link)) == (made["table"], seat)
        assert links[2] == made["link"]
        assert store.rematches(old["table"]) == [made["table"]]
