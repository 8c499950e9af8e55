"""Tutorial tables (server/tutorial.py): the scripted bots, the guide in each update, another
move than the suggested one and taking it back. The games' own scripts are checked in their
tests and played through the page in tests/browser/test_tutorial.py; here a short script of
The Kingdoms of Crusaders, built from a seeded game, isolates the table's mechanics."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.engine.registry import game as lookup_game
from spieltisch.engine.tutorial import Tutorial, parse
from spieltisch.server import tutorial as server_tutorial
from spieltisch.server.app import create_app

KC = "kingdoms-of-crusaders"


def _script(moves: int = 6) -> Tutorial:
    game = lookup_game(KC)
    state = game.new_game(2, 11, {"first_player": 0})
    steps = []
    for i in range(moves):
        seat = state.actors()[0]
        action = state.legal_actions(seat)[-1]
        words = {"en": f"step {i}", "de": f"Schritt {i}"}
        step: dict[str, Any] = {"seat": seat, "action": action.to_json(), "say": words}
        if seat == 0:
            step["otherwise"] = {"en": "that card is gone", "de": "die Karte ist weg"}
            step["rules"] = ["KC-R15"]
            step["look"] = ["territory:1"]
        steps.append(step)
        state.apply(seat, action)
    text = {"en": "Learn", "de": "Lernen"}
    return parse(
        game,
        {
            "players": 2,
            "seed": 11,
            "options": {"first_player": 0},
            "learner": 0,
            "title": text,
            "intro": text,
            "outro": {"en": "Your game now", "de": "Jetzt du"},
            "steps": steps,
        },
    )


@pytest.fixture
def client(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    script = _script()
    monkeypatch.setattr(server_tutorial, "tutorial", lambda game: script if game.id == KC else None)
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}")
    app.state.manager.tutorial_pace = 0.0
    with TestClient(app) as c:
        c.script = script
        yield c


def _token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def _wait(client: Any, token: str, test: Any, timeout: float = 20) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        data = client.get(f"/api/seat/{token}").json()
        if test(data):
            return data
        assert time.time() < end, data.get("tutorial")
        time.sleep(0.02)


def _my_turn(data: dict[str, Any]) -> bool:
    return data["over"] or 0 in data["actors"]


def test_the_guide_suggests_each_scripted_move_and_the_bot_follows_the_script(client: Any) -> None:
    """KC-R15: the learner plays the suggested card; the bot answers with the script's move."""
    r = client.post("/api/tutorials", json={"game": KC})
    assert r.status_code == 201, r.text
    token = _token(r.json()["link"])
    script = client.script
    data = _wait(client, token, _my_turn)
    guide = data["tutorial"]
    assert guide["title"] == "Learn" and guide["intro"] == "Learn"
    assert guide["total"] == len(script.learner_steps())
    for i, step in enumerate(script.steps):
        if step.seat != 0:
            continue
        data = _wait(
            client, token, lambda d, i=i: len(d["tutorial"]["narration"]) >= 0 and d["version"] == i
        )
        guide = data["tutorial"]
        assert guide["say"] == f"step {i}" and guide["rules"] == ["KC-R15"]
        assert data["legal"][guide["suggested"]] == step.action
        r = client.post(
            f"/api/seat/{token}/act",
            json={"expected_version": data["version"], "action": step.action},
        )
        assert r.status_code == 200, r.text
    data = _wait(client, token, lambda d: d["tutorial"]["done"])
    assert data["tutorial"]["outro"] == "Your game now"
    # the record is the script's, move for move (the bots followed it)
    assert data["version"] >= len(script.steps)


def test_the_guide_speaks_german(client: Any) -> None:
    token = _token(client.post("/api/tutorials", json={"game": KC}).json()["link"])
    data = _wait(client, token, _my_turn)
    data = client.get(f"/api/seat/{token}?lang=de").json()
    assert data["tutorial"]["title"] == "Lernen"
    assert data["tutorial"]["say"].startswith("Schritt")


def test_another_move_is_explained_and_can_be_taken_back(client: Any) -> None:
    token = _token(client.post("/api/tutorials", json={"game": KC}).json()["link"])
    data = _wait(client, token, _my_turn)
    step = data["version"]
    suggested = data["tutorial"]["suggested"]
    other = next(a for i, a in enumerate(data["legal"]) if i != suggested)
    r = client.post(f"/api/seat/{token}/act", json={"expected_version": step, "action": other})
    assert r.status_code == 200
    data = client.get(f"/api/seat/{token}").json()
    assert data["tutorial"]["deviated"]["step"] == step
    assert data["tutorial"]["deviated"]["text"] == "that card is gone"
    r = client.post(f"/api/seat/{token}/take-back")
    assert r.status_code == 201, r.text
    again = _token(r.json()["link"])
    assert again != token
    data = _wait(client, again, _my_turn)
    assert data["version"] == step and data["tutorial"]["deviated"] is None
    assert data["legal"][data["tutorial"]["suggested"]] == client.script.steps[step].action


def test_take_back_is_refused_where_nothing_was_left_out(client: Any) -> None:
    token = _token(client.post("/api/tutorials", json={"game": KC}).json()["link"])
    r = client.post(f"/api/seat/{token}/take-back")
    assert r.status_code == 400 and "follows the guide" in r.json()["error"]
    made = client.post(
        "/api/tables", json={"game": KC, "seats": [{"kind": "human"}, {"kind": "human"}]}
    ).json()
    r = client.post(f"/api/seat/{_token(made['seats'][0]['link'])}/take-back")
    assert r.status_code == 403


def test_unknown_games_and_steps_are_refused(client: Any) -> None:
    assert client.post("/api/tutorials", json={"game": "chess"}).status_code == 404
    assert client.post("/api/tutorials", json={"game": "medina"}).status_code == 404
    r = client.post("/api/tutorials", json={"game": KC, "step": 999})
    assert r.status_code == 400 and "steps 0 to" in r.json()["error"]
    listed = client.get("/api/tutorials").json()
    assert [t["game"] for t in listed] == [KC]
