"""Live tables: game states rebuilt from the move log, moves validated and stored, bots
played, and each connection given exactly what its seat may see.

The move log is the truth. A move is checked on a copy of the state, then written to the
log in a committed transaction, and only then applied in memory and acknowledged; a
process killed at any moment loses no acknowledged move (the state is rebuilt from the log
on the next start).
"""

from __future__ import annotations

import asyncio
import importlib
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .. import bots
from ..engine.errors import IllegalAction, MalformedAction, SpieltischError
from ..engine.game import Game, State
from ..engine.registry import game as lookup_game
from .store import BOT, HUMAN, StaleVersion, Store, TableRecord

SVG_RENDERERS = {
    "im-zeichen-des-kreuzes": "spieltisch.games.zeichen_des_kreuzes.svg",
    "kingdoms-of-crusaders": "spieltisch.games.kingdoms_of_crusaders.svg",
    "medina": "spieltisch.games.medina.svg",
    "tumult-royal": "spieltisch.games.tumult_royal.svg",
}
LOG_LINES = 60  # log sentences sent with each update
BOT_BUDGET_S = 5.0  # a bot that thinks longer plays a random legal action instead


class TableError(SpieltischError):
    """A request the table refuses; ``status`` is the HTTP status that fits."""

    def __init__(self, message: str, status: int = 400, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def render_svg(game_id: str, view: dict[str, Any], lang: str, legal: list[dict[str, Any]]) -> str:
    path = SVG_RENDERERS.get(game_id)
    if path is None:
        return ""
    try:
        module = importlib.import_module(path)
    except ImportError:
        return ""
    svg: str = module.render_svg(view, lang, legal)
    if svg.startswith("<?xml"):  # the page embeds the picture in HTML
        svg = svg.split("?>", 1)[1].lstrip()
    return svg


@dataclass
class Connection:
    """One open WebSocket: which seat it speaks for (``None``: spectator), its language,
    and how to send it a message."""

    seat: int | None
    lang: str
    send: Callable[[dict[str, Any]], Awaitable[None]]


class LiveTable:
    def __init__(self, record: TableRecord, game: Game, state: State) -> None:
        self.record = record
        self.game = game
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.updated = time.time()
        # the real-time step in progress: name, deadline on the loop's clock, and the table
        # version at which it began
        self.step: tuple[str, float, int] | None = None

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    def status(self) -> str:
        if self.state.is_over():
            return "over"
        return "running" if self.version > 0 else "open"

    @classmethod
    def rebuild(cls, record: TableRecord, moves: list[tuple[int, dict[str, Any]]]) -> LiveTable:
        game = lookup_game(record.game)
        state = game.new_game(record.players, record.seed, record.options)
        for seat, action in moves:
            state.apply(seat, game.action_from_json(action))
        return cls(record, game, state)

    # -- what a seat sees ---------------------------------------------------------------
    def payload(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """Everything one connection of ``seat`` gets: its view, its legal actions (only if
        it may act), the SVG picture, its log as sentences, the outcome at the end."""
        state, game = self.state, self.game
        view = state.view(seat)
        actors = list(state.actors())
        legal: list[dict[str, Any]] = []
        labels: list[str] = []
        if seat is not None and seat in actors:
            actions = state.legal_actions(seat)
            legal = [a.to_json() for a in actions]
            labels = [game.action_label(a, view, lang) for a in actions]
        log = [game.describe(e, seat, lang) for e in state.log(seat)[-LOG_LINES:]]
        out: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "game": game.id,
            "game_name": game.name,
            "players": self.record.players,
            "seat": seat,
            "version": self.version,
            "actors": actors,
            "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot} for s in self.record.seats],
            "view": view,
            "legal": legal,
            "labels": labels,
            "svg": render_svg(game.id, view, lang, legal),
            "log": log,
            "over": state.is_over(),
        }
        step = state.realtime_step()
        if step is not None and self.step is not None and self.step[0] == step[0]:
            loop_now = asyncio.get_running_loop().time() if _loop_running() else None
            left = 0.0 if loop_now is None else max(0.0, self.step[1] - loop_now)
            out["clock"] = {"step": step[0], "step_ms": step[1], "left_ms": int(left * 1000)}
        if state.is_over():
            out["winners"] = state.winners()
            out["scores"] = state.scores()
            out["returns"] = state.returns()
        return out


class TableManager:
    """The live tables of one server process, loaded from the store on first use."""

    def __init__(self, store: Store, bot_budget: float = BOT_BUDGET_S) -> None:
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.bot_budget = bot_budget
        self._load_lock = asyncio.Lock()
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._step_tasks: dict[str, asyncio.Task[None]] = {}

    # -- tables ----------------------------------------------------------------------------
    async def create(
        self,
        game_id: str,
        players: int,
        options: dict[str, Any],
        seat_kinds: list[tuple[str, str | None]],
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
        rematch_of: str | None = None,
    ) -> LiveTable:
        game = lookup_game(game_id)
        if len(seat_kinds) != players:
            raise TableError(f"{players} players need {players} seats, not {len(seat_kinds)}")
        known = set(bots.available(game))
        for kind, bot in seat_kinds:
            if kind == BOT and bot not in known:
                raise TableError(
                    f"unknown bot {bot!r} for {game.name}; choose one of {', '.join(sorted(known))}"
                )
            if kind not in (HUMAN, BOT):
                raise TableError(f"a seat is 'human' or 'bot', not {kind!r}")
        seed = random.SystemRandom().randrange(1 << 31) if seed is None else seed
        state = game.new_game(players, seed, options)  # validates the options
        record = await asyncio.to_thread(
            self.store.create_table,
            game.id,
            players,
            seed,
            dict(state.options),
            seat_kinds,
            settings,
            rematch_of,
        )
        table = LiveTable(record, game, state)
        self.tables[record.id] = table
        self.kick_bots(table)
        return table

    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is None:
                record = await asyncio.to_thread(self.store.table, table_id)
                if record is None:
                    raise TableError(f"there is no table {table_id!r}", 404)
                moves = await asyncio.to_thread(self.store.moves, table_id)
                table = LiveTable.rebuild(record, moves)
                self.tables[table_id] = table
        self.kick_bots(table)
        return table

    async def by_token(self, token: str) -> tuple[LiveTable, int | None]:
        """The table and seat (``None``: spectator) of an invitation or spectator link."""
        found = await asyncio.to_thread(self.store.find_token, token)
        if found is None:
            raise TableError("this link belongs to no seat and no table", 404)
        table_id, seat = found
        return await self.get(table_id), seat

    async def all_tables(self) -> list[LiveTable]:
        ids = await asyncio.to_thread(self.store.table_ids)
        return [await self.get(i) for i in ids]

    async def resume_all(self) -> None:
        """At start-up: rebuild every unfinished table and let its bots play on."""
        for table in await self.all_tables():
            self.kick_bots(table)

    # -- moves -----------------------------------------------------------------------------
    async def act(
        self, table: LiveTable, seat: int, expected_version: Any, action_json: Any
    ) -> int:
        """Validate, store (committed), apply and broadcast one move of ``seat``."""
        if not isinstance(expected_version, int) or isinstance(expected_version, bool):
            raise TableError("'expected_version' must be an integer")
        try:
            action = table.game.action_from_json(action_json)
        except MalformedAction as exc:
            raise TableError(str(exc)) from None
        async with table.lock:
            if expected_version != table.version and not self._same_step(
                table, seat, expected_version
            ):
                raise TableError(
                    f"stale move: the table is at version {table.version}, not "
                    f"{expected_version}; reload the table",
                    409,
                )
            version = await self._commit(table, seat, action)
        await self.broadcast(table)
        self.kick_bots(table)
        return version

    @staticmethod
    def _same_step(table: LiveTable, seat: int, expected_version: int) -> bool:
        """In a real-time step the other seats' choices raise the version without changing
        what ``seat`` may do: a choice made on any version of the step still counts."""
        step = table.step
        now = table.state.realtime_step()
        return (
            step is not None
            and now is not None
            and now[0] == step[0]
            and step[2] <= expected_version <= table.version
            and seat in table.state.actors()
        )

    async def _commit(self, table: LiveTable, seat: int, action: Any) -> int:
        """Under the table's lock: check on a copy, store, then apply for real."""
        trial = table.state.clone()
        try:
            trial.apply(seat, action)
        except IllegalAction as exc:
            raise TableError(str(exc), 422, exc.rule) from None
        try:
            version = await asyncio.to_thread(
                self.store.append_move, table.id, table.version, seat, action.to_json()
            )
        except StaleVersion:
            raise TableError("stale move: another move came first; reload the table", 409) from None
        table.state = trial
        table.record.version = version
        table.updated = time.time()
        return version

    # -- bots ------------------------------------------------------------------------------
    def bot_seats(self, table: LiveTable) -> list[int]:
        actors = table.state.actors()
        return [s.seat for s in table.record.seats if s.kind == BOT and s.seat in actors]

    def kick_bots(self, table: LiveTable) -> None:
        """Let the table's bots play until a human must act (in the background), and run the
        clock of a real-time step."""
        self._arm_clock(table)
        if table.state.is_over() or not self.bot_seats(table):
            return
        running = self._bot_tasks.get(table.id)
        if running is not None and not running.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._bot_tasks[table.id] = loop.create_task(self._play_bots(table))

    async def _play_bots(self, table: LiveTable) -> None:
        while not table.state.is_over():
            seats = self.bot_seats(table)
            if not seats:
                return
            seat = seats[0]
            version = table.version
            snapshot = table.state.clone()
            record = next(s for s in table.record.seats if s.seat == seat)
            rng = random.Random(f"{table.id}/{version}/{seat}")
            bot = bots.make(record.bot or "random", table.game)
            try:
                action = await asyncio.wait_for(
                    asyncio.to_thread(bots.act, bot, snapshot, seat, rng), self.bot_budget
                )
            except TimeoutError:  # out of time: a random legal action keeps the game going
                action = rng.choice(snapshot.legal_actions(seat))
            async with table.lock:
                if table.version != version:
                    continue  # a human moved meanwhile (simultaneous phase): think again
                try:
                    await self._commit(table, seat, action)
                except TableError:
                    continue
                self._arm_clock(table)
            await self.broadcast(table)

    # -- real-time steps -------------------------------------------------------------------
    def _arm_clock(self, table: LiveTable) -> None:
        """A real-time step (Tumult Royal's grab tick) lasts its milliseconds from the moment
        it begins, the same for every seat; then every seat that has not chosen idles."""
        step = table.state.realtime_step()
        if step is None:
            table.step = None
            return
        if table.step is not None and table.step[0] == step[0]:
            return  # this step's clock is already running
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.step = (step[0], loop.time() + step[1] / 1000, table.version)
        self._step_tasks[table.id] = loop.create_task(self._end_step(table, step[0], step[1]))

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
                    await self._commit(table, seat, action)
                    moved = True
                except TableError:
                    continue
                step = table.state.realtime_step()
                if step is None or step[0] != name:
                    break
        if moved:
            await self.broadcast(table)
            self.kick_bots(table)

    async def wait_for_bots(self, table: LiveTable) -> None:
        """Until the table's bots have nothing to do (tests and benchmarks)."""
        while True:
            task = self._bot_tasks.get(table.id)
            if task is None or task.done():
                if not self.bot_seats(table) or table.state.is_over():
                    return
                self.kick_bots(table)
                task = self._bot_tasks.get(table.id)
                if task is None:
                    return
            await task

    # -- pushing updates -------------------------------------------------------------------
    async def broadcast(self, table: LiveTable) -> None:
        """Every connection gets its own seat's update (spectators the public one)."""
        cache: dict[tuple[int | None, str], dict[str, Any]] = {}
        for conn in list(table.connections):
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = table.payload(conn.seat, conn.lang)
            try:
                await conn.send(cache[key])
            except Exception:  # a closed socket: forget it
                if conn in table.connections:
                    table.connections.remove(conn)
