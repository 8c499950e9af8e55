"""Playing levels at the web table (issue 17, item 2): a table with each level, the level
shown, the expert's time as a table setting, and search bots that decide in the worker
processes and only ever play legal moves. Searches here run by small iteration budgets."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server.bot_turns import STEP_SHARE
from spieltisch.server.live import TableManager
from spieltisch.server.store import BOT, HUMAN, Store
from spieltisch.server.thinking import Budget

from .test_app import KC, create, token_of, wait_turn
from .test_result import run

LEVELS = ["easy", "normal", "hard", "expert"]
ITERATIONS = 24  # per search: enough to decide, little enough to be quick
MOVES = 40  # the moves search bots make by themselves in each game


@pytest.fixture
def quick(client: Any) -> Any:
    """The client, with every search deciding by a few iterations."""
    client.app.state.manager.turns.search_iterations = ITERATIONS
    return client


def test_the_games_offer_the_four_levels(client: Any) -> None:
    for game in client.get("/api/games").json():
        assert game["levels"] == LEVELS, game["id"]
        assert set(LEVELS) | {"random", "heuristic"} <= set(game["bots"])


@pytest.mark.parametrize("level", [*LEVELS, "random", "heuristic"])
def test_a_table_with_each_level_shows_it_and_its_bot_plays(quick: Any, level: str) -> None:
    made = create(quick, seats=[{"kind": "human"}, {"kind": "bot", "bot": level}], seed=11)
    assert made["seats"][1] == {"seat": 1, "kind": "bot", "bot": level}
    token = token_of(made["seats"][0]["link"])
    summary = quick.get(f"/api/tables/{made['table']}").json()
    assert summary["seats"][1]["bot"] == level
    rng = random.Random(3)
    moved_by_bot = 0
    for _ in range(6):  # the human moves at random; the bot answers each time
        data = wait_turn(quick, token, 0)
        assert data["seats"][1]["bot"] == level and data["seats"][1]["kind"] == "bot"
        assert data["thinking"] == []  # nobody thinks while the human must act
        r = quick.post(
            f"/api/seat/{token}/act",
            json={"expected_version": data["version"], "action": rng.choice(data["legal"])},
        )
        assert r.status_code == 200, r.text
        after = wait_turn(quick, token, 0)
        moved_by_bot += after["version"] - r.json()["version"]
    assert moved_by_bot > 0
    assert quick.app.state.manager.turns.late == 0


def test_a_budgeted_bot_name_is_refused_at_a_table(client: Any) -> None:
    r = client.post(
        "/api/tables",
        json={"game": KC, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "hard@30it"}]},
    )
    assert r.status_code == 400
    error = r.json()["error"]
    assert "'hard@30it'" in error and "not by a budget" in error
    assert "easy, normal, hard, expert" in error


@pytest.mark.parametrize("value", [0.5, 4.6, 60, -1, "fast", True, None])
def test_expert_seconds_outside_1_to_4_5_is_refused_naming_the_setting(
    client: Any, value: Any
) -> None:
    r = client.post("/api/tables", json={"game": KC, "settings": {"expert_seconds": value}})
    assert r.status_code == 400, r.text
    assert "expert_seconds" in r.json()["error"]


@pytest.mark.parametrize("value", [1, 2.5, 4.5])
def test_expert_seconds_sets_the_experts_budget(client: Any, value: float) -> None:
    made = create(
        client,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "expert"}],
        settings={"expert_seconds": value},
    )
    summary = client.get(f"/api/tables/{made['table']}").json()
    assert summary["settings"]["expert_seconds"] == value
    manager = client.app.state.manager
    table = manager.tables[made["table"]]
    from spieltisch import bots

    expert = bots.make("expert", table.game)
    hard = bots.make("hard", table.game)
    assert manager.turns.budget(table, expert) == Budget(value, None, expert.workers)
    assert manager.turns.budget(table, hard).seconds == hard.seconds  # hard keeps its own


def test_the_default_table_has_an_expert_of_4_seconds_and_hints(client: Any) -> None:
    made = create(client)
    settings = client.get(f"/api/tables/{made['table']}").json()["settings"]
    assert settings["expert_seconds"] == 4.0 and settings["hints"] is True


def test_at_a_real_time_step_a_search_thinks_a_share_of_the_step(tmp_path: Path) -> None:
    """Tumult Royal's grab tick: the hard bot's budget is a share of the tick, split among
    the search bots of the tick."""

    async def check() -> None:
        from spieltisch import bots

        manager = TableManager(Store.open(f"sqlite:///{tmp_path / 'rt.db'}"))
        table = await manager.create(
            "tumult-royal", 3, {"tick_ms": 1000}, [(HUMAN, None)] * 3, seed=4
        )
        state = table.state
        while state.realtime_step() is None:  # to the grab, by the first legal moves
            seat = state.actors()[0]
            state.apply(seat, state.legal_actions(seat)[0])
        hard = bots.make("hard", table.game)
        assert manager.turns.budget(table, hard).seconds == pytest.approx(STEP_SHARE)
        assert manager.turns.budget(table, hard, 2).seconds == pytest.approx(STEP_SHARE / 2)

    run(check())


GAMES = [
    ("kingdoms-of-crusaders", 2, {}),
    ("medina", 2, {"edition": 2}),
    ("medina", 3, {}),
    ("tumult-royal", 3, {}),
    ("im-zeichen-des-kreuzes", 2, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=lambda v: str(v))
def test_search_bots_make_only_legal_moves_through_the_server(
    tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    """Hard and expert bots (searching in the worker processes) play the first moves of a
    game by themselves; the server stores only moves it has checked, and the stored moves
    replay."""

    async def play() -> None:
        manager = TableManager(Store.open(f"sqlite:///{tmp_path / 'bots.db'}"))
        manager.turns.search_iterations = 4
        names = (["hard", "expert"] * players)[:players]
        table = await manager.create(game, players, options, [(BOT, n) for n in names], seed=2)
        while table.version < MOVES and not table.is_over():
            task = manager.turns.tasks[table.id]
            assert not task.done() or task.exception() is None
            await asyncio.sleep(0.05)
        manager.turns.tasks[table.id].cancel()
        assert manager.turns.late == 0
        moves, _ = manager.store.history(table.id)
        assert len(moves) >= MOVES or table.is_over()
        replayed = table.game.new_game(players, table.record.seed, table.record.options)
        for move in moves:
            replayed.apply(move.seat, table.game.action_from_json(move.action))

    run(play())
