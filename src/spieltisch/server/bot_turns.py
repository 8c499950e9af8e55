"""The moves a table makes by itself: its bots' (and those of seats a bot has taken over),
and the end of a real-time step.

Cheap bots (random, easy, normal) decide in a thread, as they take milliseconds. The search
levels (hard, expert) decide in the worker processes of ``thinking``: the server re-deals
the seat's world and a worker searches it, so the event loop and the other tables never
wait for a search. While a search bot decides, every connection of the table is told so
(``{"type": "thinking"}``), and the update that brings its move clears it.

A decision has ``BOT_BUDGET_S`` (5 s) at most: a bot that has not answered by then plays a
random legal move instead. The search budgets leave room for that never to happen: every
search job ends by a deadline ``HANDOVER_S`` before the limit, even one that waited in the
pool's queue."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from .. import bots
from ..bots.levels import LEVELS
from ..bots.search import SearchBot
from ..engine.action import Action
from ..engine.game import Game
from ..engine.state import State
from . import thinking
from .store import BOT, HUMAN
from .thinking import Budget
from .wire import TableError, encode

if TYPE_CHECKING:
    from .live import LiveTable, TableManager

HANDOVER_S = 0.5  # of the 5-second limit, kept for handing the world over and back
STEP_SHARE = 0.4  # of a real-time step, the share its search bots may think (together)


def check_seats(game: Game, seat_kinds: list[tuple[str, str | None]], zombie_bot: str) -> None:
    """Every seat is human or a bot of the game (a level, or ``random`` and ``heuristic``,
    which older clients and stored tables name); the takeover bot too."""
    known = bots.available(game)
    choices = ", ".join(bots.levels(game) + [b for b in known if b not in LEVELS])
    for kind, bot in seat_kinds:
        if kind not in (HUMAN, BOT):
            raise TableError(f"a seat is 'human' or 'bot', not {kind!r}")
        if kind == BOT and bot not in known:
            budget = (
                " (a table's bots think by their level, not by a budget)" if "@" in str(bot) else ""
            )
            raise TableError(
                f"unknown bot {bot!r} for {game.name}{budget}; choose one of {choices}"
            )
    if zombie_bot not in known:
        raise TableError(
            f"unknown zombie_bot {zombie_bot!r} for {game.name}; choose one of {choices}"
        )


class BotTurns:
    """One per ``TableManager``: runs each table's bots and real-time steps in the
    background."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        # tests: every search decides by this many iterations instead of its time budget
        self.search_iterations: int | None = None
        self.late = 0  # decisions replaced by a random move: the budgets keep it at 0
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.step_tasks: dict[str, asyncio.Task[None]] = {}

    # -- whose turn ------------------------------------------------------------------------
    def seats(self, table: LiveTable) -> list[int]:
        """Seats a bot must move now: bot seats, and human seats a bot has taken over."""
        if table.is_over():
            return []
        actors = table.state.actors()
        seats = [
            s.seat
            for s in table.record.seats
            if (s.kind == BOT or s.seat in table.zombies) and s.seat in actors
        ]
        if table.settings.tutorial:  # while the script runs, its bots move in its order
            from . import tutorial

            return tutorial.scripted_seats(table, seats)
        return seats

    def bot_name(self, table: LiveTable, seat: int) -> str:
        record = table.record.seats[seat]
        if record.kind == BOT and record.bot:
            return record.bot
        return table.settings.zombie_bot

    def kick(self, table: LiveTable) -> None:
        """Let the table's bots play until a human must act (in the background), and run
        the clock of a real-time step."""
        self.arm_clock(table)
        if not self.seats(table):
            return
        running = self.tasks.get(table.id)
        if running is not None and not running.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks[table.id] = loop.create_task(self._play(table))

    def busy(self, table: LiveTable) -> bool:
        """Whether a bot of the table is deciding or a real-time step is running."""
        tasks = (self.tasks.get(table.id), self.step_tasks.get(table.id))
        return any(task is not None and not task.done() for task in tasks)

    def forget(self, table_id: str) -> None:
        """Drop the finished tasks of a table that leaves memory."""
        for tasks in (self.tasks, self.step_tasks):
            task = tasks.get(table_id)
            if task is not None and task.done():
                del tasks[table_id]

    async def wait(self, table: LiveTable) -> None:
        """Until the table's bots have nothing to do (tests and benchmarks)."""
        while True:
            task = self.tasks.get(table.id)
            if task is None or task.done():
                if not self.seats(table):
                    return
                self.kick(table)
                task = self.tasks.get(table.id)
                if task is None:
                    return
            await task

    async def _play(self, table: LiveTable) -> None:
        manager = self.manager
        while not table.is_over():
            seats = self.seats(table)
            if not seats:
                return
            seat = seats[0]
            version = table.version
            action = await self._scripted(table, seat)
            if action is None:
                action = await self._decide(table, seat, len(seats))
            async with table.lock:
                stale = table.version != version or seat not in self.seats(table)
                # the update with the move clears the thinking; without a move, a message
                shown = table.thinking.pop(seat, None) is not None
                if stale:
                    if shown:
                        await self.announce(table)
                    continue  # a human moved or came back meanwhile: think again
                try:
                    await manager.commit_scripted(table, seat, action)
                except TableError:
                    if shown:
                        await self.announce(table)
                    continue
                self.arm_clock(table)
            await manager.broadcast(table)

    async def _scripted(self, table: LiveTable, seat: int) -> Any:
        """At a tutorial table, the script's move for ``seat`` after a pause that lets the
        learner follow; ``None`` elsewhere."""
        if not table.settings.tutorial:
            return None
        from . import tutorial

        action = tutorial.scripted_move(table, seat)
        if action is not None:
            await asyncio.sleep(tutorial.BOT_PACE_S * self.manager.tutorial_pace)
        return action

    # -- deciding --------------------------------------------------------------------------
    async def _decide(self, table: LiveTable, seat: int, acting: int) -> Action:
        """The bot's move for ``seat``, or a random legal one if it is out of time."""
        snapshot = table.state.clone()
        rng = random.Random(f"{table.id}/{table.version}/{seat}")
        name = self.bot_name(table, seat)
        bot = bots.make(name, table.game)
        limit = self.manager.bot_budget
        try:
            if isinstance(bot, SearchBot):
                budget = self.budget(table, bot, acting)
                found = self._search(table, snapshot, seat, name, budget, rng)
                return await asyncio.wait_for(found, limit)
            return await asyncio.wait_for(
                asyncio.to_thread(bots.act, bot, snapshot, seat, rng), limit
            )
        except (TimeoutError, BrokenProcessPool):
            # out of time (or a worker died): a random legal action keeps the game going
            self.late += 1
            return rng.choice(snapshot.legal_actions(seat))

    def budget(self, table: LiveTable, bot: SearchBot, acting: int = 1) -> Budget:
        """A search bot's budget at ``table``: its level's (the expert's from the table's
        ``expert_seconds``), within a real-time step a share of the step."""
        seconds = table.settings.expert_seconds if bot.name == "expert" else bot.seconds
        budget = Budget(seconds, bot.iterations, bot.workers)
        if self.search_iterations is not None:
            budget = Budget(None, self.search_iterations, bot.workers)
        step = table.state.realtime_step()
        if step is not None:
            budget = thinking.capped(budget, step[1] / 1000 * STEP_SHARE / max(1, acting))
        return budget

    async def _search(
        self,
        table: LiveTable,
        state: State,
        seat: int,
        name: str,
        budget: Budget,
        rng: random.Random,
    ) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = state.resample(seat, rng)  # the worker gets this world, never the truth
        if state.realtime_step() is None:  # a tick is over before anyone could read it
            table.thinking[seat] = name
            await self.announce(table)
        deadline = time.time() + self.manager.bot_budget - HANDOVER_S
        result = await thinking.search(world, seat, budget, deadline, rng)
        best = result.best if result.best is not None else legal[0]
        if best not in legal:
            raise RuntimeError(f"bot {name!r} chose {best}, which is not legal")
        return best

    async def announce(self, table: LiveTable) -> None:
        """Tell every connection of the table (spectators too) which seats are thinking."""
        message = encode(
            {"type": "thinking", "table": table.id, "thinking": table.thinking_payload()}
        )
        for conn in list(table.connections):
            if not conn.push(message) and conn in table.connections:
                table.connections.remove(conn)  # it could not keep up: it is being closed

    # -- real-time steps -------------------------------------------------------------------
    def arm_clock(self, table: LiveTable) -> None:
        """A real-time step (Tumult Royal's grab tick) lasts its milliseconds from the moment
        it begins, the same for every seat; then every seat that has not chosen idles."""
        step = table.state.realtime_step()
        if step is None or table.settings.tutorial:  # a tutorial waits for the learner
            table.step = None
            return
        if table.step is not None and table.step[0] == step[0]:
            return  # this step's clock is already running
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.step = (step[0], loop.time() + step[1] / 1000, table.version)
        self.step_tasks[table.id] = loop.create_task(self._end_step(table, step[0], step[1]))

    async def _end_step(self, table: LiveTable, name: str, ms: int) -> None:
        await asyncio.sleep(ms / 1000)
        moved = False
        async with table.lock:
            step = table.state.realtime_step()
            if step is None or step[0] != name:
                return  # everybody chose in time
            for seat in list(table.state.actors()):
                action = table.state.idle_action(seat)
                if action is None:
                    continue
                try:
                    await self.manager.commit_scripted(table, seat, action)
                    moved = True
                except TableError:
                    continue
                step = table.state.realtime_step()
                if step is None or step[0] != name:
                    break
        if moved:
            await self.manager.broadcast(table)
            self.kick(table)
