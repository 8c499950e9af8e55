"""The search workers of the web table (``server/thinking.py``): a search runs in another
process on the world the server re-dealt, ends by its deadline, and a dead worker costs one
decision (a random legal move), not the table."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

from spieltisch.engine.registry import game
from spieltisch.engine.state import State
from spieltisch.server import thinking
from spieltisch.server.live import TableManager
from spieltisch.server.store import BOT, HUMAN, Store
from spieltisch.server.thinking import Budget

from .test_result import run

KC = "kingdoms-of-crusaders"


def _world(seed: int = 4, game_id: str = KC) -> tuple[State, int]:
    state = game(game_id).new_game(2, seed, {})
    seat = state.actors()[0]
    return state.resample(seat, random.Random(seed)), seat


def test_a_search_by_iterations_is_repeatable_and_the_expert_merges_its_jobs() -> None:
    async def check() -> None:
        # a game that searches with the tree: each iteration visits one root move
        world, seat = _world(game_id="im-zeichen-des-kreuzes")
        far = time.time() + 60
        one = await thinking.search(world, seat, Budget(None, 40), far, random.Random(1))
        again = await thinking.search(world, seat, Budget(None, 40), far, random.Random(1))
        assert (one.actions, one.values) == (again.actions, again.values)
        # an iteration budget is a ceiling: the search stops once the leader cannot be caught
        assert 16 <= one.iterations <= 40 and one.observer == seat
        assert one.best in world.legal_actions(seat)
        two = await thinking.search(world, seat, Budget(None, 40, 2), far, random.Random(1))
        assert 32 <= two.iterations <= 80  # two jobs, their root statistics summed
        assert sum(a.visits for a in two.actions) == two.iterations

    run(check())


def test_a_flat_search_in_the_pool_sums_the_worlds_of_its_jobs() -> None:
    async def check() -> None:
        world, seat = _world()  # The Kingdoms of Crusaders searches flat
        far = time.time() + 60
        one = await thinking.search(world, seat, Budget(None, 12), far, random.Random(1))
        again = await thinking.search(world, seat, Budget(None, 12), far, random.Random(1))
        assert (one.actions, one.values) == (again.actions, again.values)
        assert 1 <= one.iterations <= 12 and one.best in world.legal_actions(seat)
        # every move still compared was played in every world
        assert one.actions[0].visits == one.iterations
        two = await thinking.search(world, seat, Budget(None, 12, 2), far, random.Random(1))
        assert two.iterations <= 24 and two.actions[0].visits <= two.iterations
        assert two.best in world.legal_actions(seat)

    run(check())


def test_a_search_stops_at_its_deadline_whatever_its_budget() -> None:
    async def check() -> None:
        world, seat = _world()
        soon = time.time() + 0.5
        result = await thinking.search(world, seat, Budget(None, 10**9), soon, random.Random(2))
        assert 0 < result.iterations < 10**9

    run(check())


def test_the_worker_gets_a_re_dealt_world_never_the_table_state(
    tmp_path: Path, monkeypatch: Any
) -> None:
    tables: list[Any] = []
    seen: list[tuple[State, int, State, Any]] = []
    real = thinking.search

    async def spy(world: State, seat: int, *rest: Any) -> Any:
        truth = tables[0].state
        seen.append((world, seat, truth, truth.view(seat)))
        return await real(world, seat, *rest)

    monkeypatch.setattr(thinking, "search", spy)

    async def check() -> None:
        manager = TableManager(Store.open(f"sqlite:///{tmp_path / 'w.db'}"))
        manager.turns.search_iterations = 8
        table = await manager.create(KC, 2, {}, [(HUMAN, None), (BOT, "hard")], seed=21)
        tables.append(table)
        while len(seen) < 3:
            if 0 in table.state.actors():  # the human plays the first legal move
                legal = table.state.legal_actions(0)
                await manager.act(table, 0, table.version, legal[0].to_json())
            await asyncio.sleep(0.02)
        manager.turns.tasks[table.id].cancel()

    run(check())
    for world, seat, truth, view in seen:
        assert seat == 1 and world is not truth
        # what seat 1 may see is the same in the re-dealt world (its own hand included)
        assert world.view(1) == view
        assert world.legal_actions(1) == truth.legal_actions(1)


def test_a_killed_worker_costs_one_decision_and_the_next_search_has_new_workers(
    tmp_path: Path,
) -> None:
    async def check() -> None:
        world, seat = _world()
        executor = thinking.pool()
        warm = await thinking.search(
            world, seat, Budget(None, 4), time.time() + 60, random.Random(3)
        )
        assert warm.iterations == 4
        long = asyncio.ensure_future(
            thinking.search(world, seat, Budget(None, 10**9), time.time() + 20, random.Random(4))
        )
        await asyncio.sleep(0.5)
        for process in list(executor._processes.values()):
            os.kill(process.pid, signal.SIGKILL)
        try:
            await long
            raise AssertionError("the search survived its killed worker")
        except Exception as exc:
            assert type(exc).__name__ == "BrokenProcessPool"
        assert thinking.pool() is not executor  # a new pool for the next search
        after = await thinking.search(
            world, seat, Budget(None, 4), time.time() + 60, random.Random(3)
        )
        assert (after.actions, after.values) == (warm.actions, warm.values)

    run(check())
