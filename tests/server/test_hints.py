"""Hints (issue 17, item 4): a seated player whose turn it is may ask for the hard bot's
move and its estimated win chance; spectators may not, nor anybody at a table with hints
off; a hint never changes the game. Searches here run by small iteration budgets."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server.hints import Hints
from spieltisch.server.live import TableManager
from spieltisch.server.store import HUMAN, Store
from spieltisch.server.wire import TableError

from .test_app import KC, create, token_of
from .test_result import run

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def quick(client: Any) -> Any:
    client.app.state.manager.turns.search_iterations = 40
    return client


def seats(client: Any, **extra: Any) -> tuple[dict[str, Any], str, str]:
    """A table of two humans: what creating it answered, the token of the seat to move and
    the other seat's."""
    made = create(client, seats=HUMANS, seed=9, **extra)
    t0, t1 = (token_of(s["link"]) for s in made["seats"])
    actors = client.get(f"/api/seat/{t0}").json()["actors"]
    return (made, t0, t1) if actors == [0] else (made, t1, t0)


def test_a_seat_to_move_gets_a_legal_action_and_a_win_chance(quick: Any) -> None:
    made, mover, _ = seats(quick)
    before = quick.get(f"/api/seat/{mover}").json()
    r = quick.post(f"/api/seat/{mover}/hint")
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["version"] == before["version"]
    assert hint["action"] in before["legal"]
    assert before["legal"][hint["index"]] == hint["action"]
    assert hint["label"] == before["labels"][hint["index"]]
    assert 0.0 <= hint["win_chance"] <= 1.0
    assert hint["level"] == "hard" and hint["iterations"] > 0
    # asking again answers the same; the game did not change
    assert quick.post(f"/api/seat/{mover}/hint").json() == hint
    after = quick.get(f"/api/seat/{mover}").json()
    assert after["version"] == before["version"] and after["view"] == before["view"]
    assert quick.app.state.manager.store.history(made["table"])[0] == []
    # the suggested move can be made
    r = quick.post(
        f"/api/seat/{mover}/act",
        json={"expected_version": hint["version"], "action": hint["action"]},
    )
    assert r.status_code == 200, r.text


def test_the_hint_is_in_the_readers_language(quick: Any) -> None:
    _, mover, _ = seats(quick)
    hint = quick.post(f"/api/seat/{mover}/hint?lang=de").json()
    labels = quick.get(f"/api/seat/{mover}?lang=de").json()["labels"]
    assert hint["label"] == labels[hint["index"]]


def test_spectators_get_no_hint(quick: Any) -> None:
    made, _, _ = seats(quick)
    spectator = token_of(made["spectator_link"])
    r = quick.post(f"/api/seat/{spectator}/hint")
    assert r.status_code == 403 and "spectators" in r.json()["error"]


def test_a_table_with_hints_off_refuses_them_naming_the_setting(quick: Any) -> None:
    made, mover, _ = seats(quick, settings={"hints": False})
    assert quick.get(f"/api/tables/{made['table']}").json()["settings"]["hints"] is False
    r = quick.post(f"/api/seat/{mover}/hint")
    assert r.status_code == 403
    assert "hints are off" in r.json()["error"] and "'hints'" in r.json()["error"]


def test_a_seat_not_to_move_is_told_it_is_not_its_turn(quick: Any) -> None:
    _, _, waiting = seats(quick)
    r = quick.post(f"/api/seat/{waiting}/hint")
    assert r.status_code == 409 and "not your turn" in r.json()["error"]


def test_the_hints_setting_must_be_true_or_false(client: Any) -> None:
    r = client.post("/api/tables", json={"game": KC, "settings": {"hints": "yes"}})
    assert r.status_code == 400 and "hints" in r.json()["error"]


def test_one_hint_per_seat_at_a_time(tmp_path: Path) -> None:
    """Two asks for the same position share one search; an ask about a later position
    while a hint is still worked out is refused with 429."""

    async def check() -> None:
        manager = TableManager(Store.open(f"sqlite:///{tmp_path / 'h.db'}"))
        manager.turns.search_iterations = 12  # far inside the 5 s deadline, even on a busy machine
        hints = Hints(manager)
        table = await manager.create(KC, 2, {}, [(HUMAN, None)] * 2, seed=9)
        seat = table.state.actors()[0]
        first, second = await asyncio.gather(
            hints.suggest(table, seat, "en"), hints.suggest(table, seat, "en")
        )
        assert first == second
        # a search for an older position that has not finished yet
        pending: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        hints._asked[(table.id, seat)] = (table.version - 1, pending)
        with pytest.raises(TableError) as refused:
            await hints.suggest(table, seat, "en")
        assert refused.value.status == 429
        pending.cancel()  # a broken or abandoned search is tried again
        again = await hints.suggest(table, seat, "en")
        assert again["action"] == first["action"]

    run(check())
