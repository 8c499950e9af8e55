"""Live tables: game states rebuilt from the move log, moves validated and stored, bots
played, and each connection given exactly what its seat may see.

The move log is the truth. A move is checked on a copy of the state, then written to the
log in a committed transaction, and only then applied in memory and acknowledged; a
process killed at any moment loses no acknowledged move (the state is rebuilt from the log
on the next start).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..engine.errors import IllegalAction, MalformedAction
from ..engine.game import Game, State
from ..engine.registry import game as lookup_game
from . import board, result
from .bot_turns import BotTurns, check_seats
from .clocks import AWAY, BACK, RESUME, TIMEOUT, SeatClocks, SettingsError, TableSettings
from .store import (
    HUMAN,
    OPEN_STATUS,
    OVER,
    RUNNING,
    MoveRecord,
    SeatOffer,
    StaleVersion,
    Store,
    TableEvent,
    TableRecord,
    TableSummary,
)
from .wire import Connection, TableError, deflate, encode
from .writer import MoveWriter

IDLE_S = 15 * 60  # a table nobody uses this long leaves memory (TableManager.sweep)
SWEEP_S = 60  # how often the server looks for such tables
SEAT_CONNECTIONS = 4  # a player's tabs and devices at once
SPECTATORS = 64  # spectators' connections per table
TOO_MANY = 4029  # the close code of the oldest connection beyond those

if TYPE_CHECKING:
    from .ratings import Ratings
    from .rematch import Offer

LOG_LINES = 60  # log sentences sent with each update
BOT_BUDGET_S = 5.0  # a bot that thinks longer plays a random legal action instead


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class LiveTable:
    def __init__(self, record: TableRecord, game: Game, state: State) -> None:
        self.record = record
        self.game = game
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.updated = self.loaded = time.time()
        # the real-time step in progress: name, deadline on the loop's clock, and the table
        # version at which it began
        self.step: tuple[str, float, int] | None = None
        try:
            self.settings = TableSettings.from_json(record.settings)
        except SettingsError as exc:
            raise TableError(f"table {record.id} has corrupt settings: {exc}", 500) from None
        self.humans = frozenset(s.seat for s in record.seats if s.kind == HUMAN)
        self.zombies: set[int] = set()  # human seats a bot plays for now
        self.timed_out: list[int] = []  # seats that ran out of time, in order
        self.ended: dict[str, Any] | None = None  # the game ended by a timeout
        self.absent_since: dict[int, float] = {}  # human seats without a connection
        self.acting_since: dict[int, float] = {}  # when each actor's decision began
        self.clocks = SeatClocks(self.settings, record.players, record.created)
        # what each (seat, language) was last sent, valid while ``epoch`` is unchanged;
        # every move and table event starts a new epoch
        self.epoch = 0
        self._payloads: dict[tuple[int | None, str], tuple[int, dict[str, Any]]] = {}
        # per seat, the number of log events before and after its last move: what happened
        # since then is what the page marks as the other players' moves
        self.move_marks: dict[int, tuple[int, int]] = {}
        # when the first and the last move were made (the result screen's game length)
        self.first_move_at: float | None = None
        self.last_move_at: float | None = None
        self.rematch: Offer | None = None  # a rematch offer (server/rematch.py), in memory
        self.thinking: dict[int, str] = {}  # seats whose search bot is deciding: its level
        self._advance(record.created, None)

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    def status(self) -> str:
        """``open`` while a human seat the lobby offers is free, ``running``, ``over``."""
        if self.is_over():
            return OVER
        return OPEN_STATUS if any(s.free for s in self.record.seats) else RUNNING

    def summary(self, state: State | None = None) -> TableSummary:
        """The status and seats to move that the lobby reads (of ``state`` if given: the
        position a move is about to make)."""
        state = state or self.state
        if self.ended is not None:
            return TableSummary(OVER, [], self.winners())
        if state.is_over():
            return TableSummary(OVER, [], state.winners())
        free = any(s.free for s in self.record.seats)
        return TableSummary(OPEN_STATUS if free else RUNNING, sorted(state.actors()))

    def is_over(self) -> bool:
        return self.ended is not None or self.state.is_over()

    def winners(self) -> list[int]:
        if self.ended is not None:  # on_timeout=end: everybody but the seat out of time
            return [s for s in range(self.record.players) if s != self.ended["seat"]]
        return self.state.winners()

    @classmethod
    def rebuild(
        cls, record: TableRecord, moves: list[MoveRecord], events: list[TableEvent] | None = None
    ) -> LiveTable:
        """The table after replaying its log: every move, and every table event at the
        version it happened."""
        game = lookup_game(record.game)
        # a table stored before an option existed plays on by that option's old value
        record.options = game.upgrade_options(record.options)
        table = cls(record, game, game.new_game(record.players, record.seed, record.options))
        pending = sorted(events or [], key=lambda e: e.version)
        i = 0
        while i < len(pending) and pending[i].version <= 0:
            table.apply_event(pending[i])
            i += 1
        last = {move.seat: n for n, move in enumerate(moves, start=1)}
        for n, move in enumerate(moves, start=1):
            marked = last[move.seat] == n  # count the log only around each seat's last move
            before = len(table.state.log(None)) if marked else 0
            table.state.apply(move.seat, game.action_from_json(move.action))
            if marked:
                table.move_marks[move.seat] = (before, len(table.state.log(None)))
            table.after_move(move.seat, move.at)
            while i < len(pending) and pending[i].version <= n:
                table.apply_event(pending[i])
                i += 1
        return table

    # -- clocks and takeovers --------------------------------------------------------------
    def clock_seats(self) -> list[int]:
        """The seats whose clocks run now: human seats that must act (none during a
        real-time step, which has its own clock)."""
        if not self.settings.timed or self.is_over() or self.state.realtime_step() is not None:
            return []
        return [s for s in self.state.actors() if s in self.humans and s not in self.zombies]

    def new_epoch(self) -> None:
        """What a seat is sent changes without a move (a seat was taken by an account)."""
        self.epoch += 1

    def _advance(self, at: float, mover: int | None) -> None:
        self.epoch += 1
        actors = [] if self.is_over() else list(self.state.actors())
        for seat in actors:
            if seat not in self.acting_since or seat == mover:
                self.acting_since[seat] = at
        for seat in list(self.acting_since):
            if seat not in actors:
                del self.acting_since[seat]
        self.clocks.advance(at, self.clock_seats(), mover)

    def after_move(self, seat: int, at: float) -> None:
        if self.first_move_at is None:
            self.first_move_at = at
        self.last_move_at = at
        self._advance(at, seat)

    def apply_event(self, event: TableEvent) -> None:
        """Take a stored table event into account (when it happens and when replaying)."""
        seat = event.seat
        if event.kind == TIMEOUT and seat is not None:
            self.timed_out.append(seat)
            if self.settings.on_timeout == "end":
                self.ended = {"reason": "timeout", "seat": seat}
            else:
                self.zombies.add(seat)
        elif event.kind == AWAY and seat is not None:
            self.zombies.add(seat)
        elif event.kind == BACK and seat is not None and seat not in self.timed_out:
            self.zombies.discard(seat)
        elif event.kind == RESUME:
            self.clocks.restart(event.at)
            for s in self.acting_since:
                self.acting_since[s] = max(self.acting_since[s], event.at)
        self._advance(event.at, None)

    def due(self, now: float) -> tuple[float, str, int] | None:
        """The next clock or takeover that falls due: ``(when, event kind, seat)``."""
        if self.is_over():
            return None
        found: list[tuple[float, str, int]] = []
        for seat in self.clocks.waiting:
            deadline = self.clocks.deadline(seat, now)
            if deadline is not None:
                found.append((deadline, TIMEOUT, seat))
        away = self.settings.zombie_after_s
        if away is not None:
            connected = {c.seat for c in self.connections}
            for seat, since in self.acting_since.items():
                if seat in self.humans and seat not in self.zombies and seat not in connected:
                    gone = max(self.absent_since.get(seat, self.loaded), since)
                    found.append((gone + away, AWAY, seat))
        return min(found) if found else None

    def clock_payload(self, now: float) -> list[dict[str, Any]] | None:
        if not self.settings.timed:
            return None
        out = []
        for seat in range(self.record.players):
            left = self.clocks.left(seat, now) if seat in self.humans else None
            out.append(
                {
                    "seat": seat,
                    "left_ms": None if left is None else max(0, int(left * 1000)),
                    "running": seat in self.clocks.waiting,
                }
            )
        return out

    # -- what a seat sees ---------------------------------------------------------------
    def payload(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """Everything one connection of ``seat`` gets: its view, its legal actions (only if
        it may act), the SVG picture, its log as sentences, the clocks, the outcome at the
        end. Worked out once per move and event; only the clocks are read afresh."""
        cached = self._payloads.get((seat, lang))
        if cached is not None and cached[0] == self.epoch:
            base = cached[1]
        else:
            base = self._payload(seat, lang)
            self._payloads[(seat, lang)] = (self.epoch, base)
        out = dict(base)
        out["clocks"] = self.clock_payload(time.time())
        # outside the cache: each seat its own view of the offer (its own link only)
        out["rematch"] = None if self.rematch is None else self.rematch.view(seat)
        out["thinking"] = self.thinking_payload()
        step = self.state.realtime_step()
        if step is not None and self.step is not None and self.step[0] == step[0]:
            loop_now = asyncio.get_running_loop().time() if _loop_running() else None
            left = 0.0 if loop_now is None else max(0.0, self.step[1] - loop_now)
            out["clock"] = {"step": step[0], "step_ms": step[1], "left_ms": int(left * 1000)}
        return out

    def thinking_payload(self) -> list[dict[str, Any]]:
        """The bot seats deciding now, with their level (every connection may know)."""
        return [{"seat": seat, "level": name} for seat, name in sorted(self.thinking.items())]

    def forget_payloads(self, keep: set[tuple[int | None, str]]) -> None:
        """Drop the worked-out payloads nobody is connected for (they are ~100 KB each)."""
        for key in [k for k in self._payloads if k not in keep]:
            del self._payloads[key]

    def _payload(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The cached part of ``payload``: everything but the clocks and the rematch."""
        state, game = self.state, self.game
        view = state.view(seat)
        actors = list(state.actors())
        legal, labels = self._choices(seat, actors, view, lang)
        out: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "game": game.id,
            "game_name": game.name,
            "players": self.record.players,
            "seat": seat,
            "version": self.version,
            "actors": actors,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": game.seat_name(s.seat, lang),
                    "player": s.player_name,  # the account's name, if one has taken it
                }
                for s in self.record.seats
            ],
            "view": view,
            "legal": legal,
            "labels": labels,
            "moves": board.board_moves(game.id, view, legal, lang),
            "svg": board.render_svg(game.id, view, lang, legal),
            **self._log_payload(seat, lang),
            "over": self.is_over(),
            "settings": self.settings.to_json(),
            "options": {
                k: v if v is None or isinstance(v, (str, int, float, bool)) else "custom"
                for k, v in self.record.options.items()
            },
            "zombies": sorted(self.zombies),
            "timed_out": list(self.timed_out),
        }
        if self.settings.tutorial:
            from . import tutorial  # the guide builds on this module

            out["tutorial"] = tutorial.guide(self, seat, legal, lang)
        self._add_outcome(out, lang)
        return out

    def _choices(
        self, seat: int | None, actors: list[int], view: dict[str, Any], lang: str
    ) -> tuple[list[dict[str, Any]], list[str]]:
        """The seat's legal actions as JSON and their labels; none unless it may act."""
        if seat is None or seat not in actors:
            return [], []
        actions = self.state.legal_actions(seat)
        legal = [a.to_json() for a in actions]
        labels = [self.game.action_label(a, view, lang) for a in actions]
        return legal, labels

    def _log_payload(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The seat's last ``LOG_LINES`` log sentences, their board keys, and the keys of
        the events since the seat's last move (``log``, ``log_keys``, ``recent``)."""
        every = self.state.log(seat)
        first = max(0, len(every) - LOG_LINES)
        events = every[first:]
        keys = board.log_keys(self.game.id, events)
        since = board.recent_start(self.move_marks, seat) - first
        return {
            "log": [self.game.describe(e, seat, lang) for e in events],
            "log_keys": keys,
            "recent": board.recent_keys(keys, range(max(0, since), len(events))),
        }

    def _add_outcome(self, out: dict[str, Any], lang: str) -> None:
        """How the game ended, if it has: by a timeout (``ended``) or by the rules (winners,
        scores, returns); and the result screen, the same for every seat."""
        state = self.state
        if self.ended is not None:
            out["ended"] = dict(self.ended)
            out["winners"] = self.winners()
        elif state.is_over():
            out["winners"] = state.winners()
            out["scores"] = state.scores()
            out["returns"] = state.returns()
        if out["over"]:  # the result screen: the same for every seat, worked out once
            out["result"] = result.result_payload(self, lang)


class TableManager:
    """The live tables of one server process, loaded from the store on first use."""

    def __init__(
        self, store: Store, bot_budget: float = BOT_BUDGET_S, idle_s: float = IDLE_S
    ) -> None:
        self.store = store
        self.idle_s = idle_s  # a table left alone this long leaves memory (``sweep``)
        self.writer = MoveWriter(store)
        self.tables: dict[str, LiveTable] = {}
        self.bot_budget = bot_budget
        # the pause of a tutorial's scripted bots, as a share of BOT_PACE_S (tests shorten it)
        self.tutorial_pace = float(os.environ.get("SPIELTISCH_TUTORIAL_PACE", "1"))
        self._load_lock = asyncio.Lock()
        self.turns = BotTurns(self)  # the bots' moves and the real-time steps
        self._watch_tasks: dict[str, asyncio.Task[None]] = {}
        self._sleeping: set[asyncio.Task[None]] = set()  # watch tasks that may be cancelled
        # rated tables change the players' ratings when they end (server/ratings.py)
        self.ratings: Ratings | None = None

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
        offers: list[SeatOffer] | None = None,
        creator_id: str | None = None,
        rated: bool = False,
        bots_rated: bool = False,
        listed: bool = False,
    ) -> LiveTable:
        """A new table; ``offers``: how each human seat is offered (by link if not given),
        the lobby's ``listed``, ``rated`` and ``bots_rated`` (see ``store.create_table``)."""
        game = lookup_game(game_id)
        try:
            table_settings = TableSettings.from_json(settings)
        except SettingsError as exc:
            raise TableError(str(exc)) from None
        if len(seat_kinds) != players:
            raise TableError(f"{players} players need {players} seats, not {len(seat_kinds)}")
        check_seats(game, seat_kinds, table_settings.zombie_bot)
        seed = random.SystemRandom().randrange(1 << 31) if seed is None else seed
        state = game.new_game(players, seed, options)  # validates the options
        record = await asyncio.to_thread(
            self.store.create_table,
            game.id,
            players,
            seed,
            dict(state.options),
            seat_kinds,
            table_settings.to_json(),
            rematch_of,
            offers,
            creator_id,
            rated,
            bots_rated,
            listed,
        )
        table = LiveTable(record, game, state)
        self.tables[record.id] = table
        self.kick_bots(table)
        self._watch(table)
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
                moves, events = await asyncio.to_thread(self.store.history, table_id)
                table = LiveTable.rebuild(record, moves, events)
                if record.status is None:  # a table of an older release: keep its status
                    summary = table.summary()
                    await asyncio.to_thread(self.store.set_summary, table_id, summary)
                    record.status = summary.status
                if table.settings.watched and not table.is_over():
                    # the time the server was down is charged to nobody
                    await self._event(table, None, RESUME)
                self.tables[table_id] = table
                self._watch(table)
        self.kick_bots(table)
        return table

    async def by_token(self, token: str) -> tuple[LiveTable, int | None]:
        """The table and seat (``None``: spectator) of an invitation or spectator link."""
        found = await asyncio.to_thread(self.store.find_token, token)
        if found is None:
            raise TableError("this link belongs to no seat and no table", 404)
        table_id, seat = found
        return await self.get(table_id), seat

    async def claim(
        self,
        table: LiveTable,
        seat: int,
        account_id: str,
        player: str | None,
        offers: tuple[str, ...],
    ) -> None:
        """Give a free human seat of ``table`` to an account (see ``Store.claim_seat``) and
        tell the table's connections (the seat now shows its player)."""
        record = table.record
        if not 0 <= seat < record.players:
            raise TableError(f"the table has seats 0 to {record.players - 1}, not {seat}")
        if record.rated and any(s.account_id == account_id for s in record.seats):
            raise TableError("at a rated table an account plays one seat", 409)
        claimed = await asyncio.to_thread(self.store.claim_seat, table.id, seat, account_id, offers)
        if not claimed:
            raise TableError(f"seat {seat} is not free for you", 409)
        record.seats[seat] = replace(record.seats[seat], account_id=account_id, player=player)
        await asyncio.to_thread(self.store.set_summary, table.id, table.summary())
        table.new_epoch()
        await self.broadcast(table)

    # -- memory ----------------------------------------------------------------------------
    def sweep(self, now: float | None = None) -> list[str]:
        """Drop from memory the tables nobody uses: no connection, nothing moved or loaded
        for ``idle_s``, no bot deciding, no clock or takeover to watch, no rematch offer
        open, nothing writing. They are loaded from the move log when next needed, so
        memory follows the tables in play, not every table ever played. Returns the ids."""
        now = time.time() if now is None else now
        dropped = []
        for table_id, table in list(self.tables.items()):
            watching = self._watch_tasks.get(table_id)
            if (
                table.connections
                or now - max(table.updated, table.loaded) < self.idle_s
                or self.turns.busy(table)
                or (watching is not None and not watching.done() and not table.is_over())
                or (table.rematch is not None and table.rematch.open)
                or table.lock.locked()
            ):
                continue
            del self.tables[table_id]
            old = self._watch_tasks.pop(table_id, None)
            if old is not None and old in self._sleeping:
                old.cancel()
                self._sleeping.discard(old)
            self.turns.forget(table_id)
            dropped.append(table_id)
        return dropped

    async def sweep_forever(self, every_s: float = SWEEP_S) -> None:
        """The server's background sweep (``app.lifespan``)."""
        while True:
            await asyncio.sleep(every_s)
            self.sweep()

    def account_deleted(self, account_id: str) -> None:
        """An account was deleted: its seats at the tables in memory show "deleted player"
        (the database's rows say so already)."""
        for table in self.tables.values():
            seats = table.record.seats
            for i, seat in enumerate(seats):
                if seat.account_id == account_id:
                    seats[i] = replace(seat, player=None)
                    table.new_epoch()

    async def unfinished_tables(self) -> list[LiveTable]:
        """Every table that has not ended (as its stored status says; a table of an older
        release without one is loaded to find out)."""
        ids = await asyncio.to_thread(self.store.table_ids, True)
        return [await self.get(i) for i in ids]

    async def resume_all(self) -> None:
        """At start-up: rebuild every unfinished table and let its bots play on. A
        finished table stays in the database until somebody opens it."""
        for table in await self.unfinished_tables():
            self.kick_bots(table)
        if self.ratings is not None:  # rated games whose rating a stop cut off
            for table_id in await asyncio.to_thread(self.ratings.pending):
                await self._rate(await self.get(table_id))

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
            if table.ended is not None:
                raise TableError(
                    "the game has ended: "
                    f"{table.game.seat_name(int(table.ended['seat']))} ran out of time",
                    409,
                )
            if seat in table.timed_out:
                raise TableError("this seat ran out of time; a bot plays it now", 403)
            if seat in table.zombies:  # the player is back: the bot hands the seat over
                await self._event(table, seat, BACK)
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
        # storing and applying are one step that a caller's cancellation cannot split: a
        # stored move is always applied in memory too
        try:
            return await asyncio.shield(self._store_and_apply(table, seat, action, trial))
        except StaleVersion:
            raise TableError("stale move: another move came first; reload the table", 409) from None

    async def _store_and_apply(self, table: LiveTable, seat: int, action: Any, trial: State) -> int:
        at = time.time()
        version = await self.writer.append(
            table.id, table.version, seat, action.to_json(), at, table.summary(trial)
        )
        table.move_marks[seat] = (len(table.state.log(None)), len(trial.log(None)))
        table.state = trial
        table.record.version = version
        table.updated = at
        table.after_move(seat, at)
        self._watch(table)
        if table.is_over():
            await self._rate(table)
        return version

    async def _rate(self, table: LiveTable) -> None:
        """A rated table that has ended changes its players' ratings (once)."""
        if self.ratings is None or not table.record.rated or not table.is_over():
            return
        places = result.final_places(table)
        await asyncio.to_thread(self.ratings.rate, table.record, places)

    async def _event(self, table: LiveTable, seat: int | None, kind: str) -> None:
        """Store a table event (under the table's lock), then let it take effect."""
        event = await asyncio.to_thread(
            self.store.append_event, table.id, table.version, seat, kind, time.time()
        )
        table.apply_event(event)
        # a timeout may have ended the game: the lobby reads the status
        await asyncio.to_thread(self.store.set_summary, table.id, table.summary())
        self._watch(table)
        if table.is_over():
            await self._rate(table)

    # -- clocks, connections and takeovers -------------------------------------------------
    async def join(self, table: LiveTable, conn: Connection) -> None:
        """A connection opens: a seat whose player had left gets its player back. A seat
        keeps at most ``SEAT_CONNECTIONS`` connections (a table ``SPECTATORS``): beyond
        that the oldest is closed."""
        table.connections.append(conn)
        same = [c for c in table.connections if c.seat == conn.seat]
        cap = SEAT_CONNECTIONS if conn.seat is not None else SPECTATORS
        for old in sorted(same, key=lambda c: c.opened)[: max(0, len(same) - cap)]:
            table.connections.remove(old)
            who = "this seat" if conn.seat is not None else "the spectators of this table"
            old.shut(TOO_MANY, f"more than {cap} connections to {who}: the oldest is closed")
        seat = conn.seat
        if seat is None:
            return
        table.absent_since.pop(seat, None)
        # under the lock: a takeover being written right now (the seat looked absent a
        # moment ago) is applied before this check, and then handed back at once
        back = False
        async with table.lock:
            if seat in table.zombies and seat not in table.timed_out:
                await self._event(table, seat, BACK)
                back = True
        if back:
            await self.broadcast(table)
        self._watch(table)

    def leave(self, table: LiveTable, conn: Connection) -> None:
        if conn in table.connections:
            table.connections.remove(conn)
        seat = conn.seat
        if seat is not None and all(c.seat != seat for c in table.connections):
            table.absent_since[seat] = time.time()
        self._watch(table)

    def _watch(self, table: LiveTable) -> None:
        """Wake up when the table's next clock runs out or an absent player's seat is due
        to be taken over by a bot."""
        if not table.settings.watched:
            return
        old = self._watch_tasks.pop(table.id, None)
        if old is not None and old in self._sleeping:
            old.cancel()  # only while it sleeps: once awake it may be writing an event
            self._sleeping.discard(old)
        due = table.due(time.time())
        if due is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._fire(table, due[0]))
        self._watch_tasks[table.id] = task
        self._sleeping.add(task)

    async def _fire(self, table: LiveTable, when: float) -> None:
        await asyncio.sleep(max(0.0, min(when - time.time(), 3600.0)))
        task = asyncio.current_task()
        if task is not None:
            self._sleeping.discard(task)
        changed = False
        async with table.lock:
            while True:
                due = table.due(time.time())
                if due is None or due[0] > time.time():
                    break
                _, kind, seat = due
                await self._event(table, seat, kind)
                changed = True
        self._watch(table)
        if changed:
            await self.broadcast(table)
            self.kick_bots(table)

    # -- bots and real-time steps (``bot_turns``) ------------------------------------------
    def bot_seats(self, table: LiveTable) -> list[int]:
        """Seats a bot must move now: bot seats, and human seats a bot has taken over."""
        return self.turns.seats(table)

    def kick_bots(self, table: LiveTable) -> None:
        """Let the table's bots play until a human must act (in the background), and run the
        clock of a real-time step."""
        self.turns.kick(table)

    async def wait_for_bots(self, table: LiveTable) -> None:
        """Until the table's bots have nothing to do (tests and benchmarks)."""
        await self.turns.wait(table)

    async def commit_scripted(self, table: LiveTable, seat: int, action: Any) -> int:
        """Store and apply a move the table makes by itself: a bot's, a tutorial script's,
        a real-time step's idle move (the caller holds the lock)."""
        return await self._commit(table, seat, action)

    # -- pushing updates -------------------------------------------------------------------
    async def broadcast(self, table: LiveTable) -> None:
        """Every connection gets its own seat's update (spectators the public one)."""
        texts: dict[tuple[int | None, str], str] = {}
        packed: dict[tuple[int | None, str], bytes] = {}
        table.forget_payloads({(c.seat, c.lang) for c in table.connections})
        for conn in list(table.connections):
            key = (conn.seat, conn.lang)
            if key not in texts:
                texts[key] = encode(table.payload(conn.seat, conn.lang))
            message: str | bytes = texts[key]
            if conn.compress:
                if key not in packed:  # zlib lets go of the GIL: compress off the loop
                    packed[key] = await asyncio.to_thread(deflate, texts[key])
                message = packed[key]
            if not conn.push(message) and conn in table.connections:
                table.connections.remove(conn)  # it could not keep up: it is being closed
