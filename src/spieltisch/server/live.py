"""Live tables: game states rebuilt from the move log, moves validated and stored, bots
played, and each connection given exactly what its seat may see.

The move log is the truth. A move is checked on a copy of the state, then written to the
log in a committed transaction, and only then applied in memory and acknowledged; a
process killed at any moment loses no acknowledged move (the state is rebuilt from the log
on the next start).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..engine.errors import IllegalAction, MalformedAction
from ..engine.game import State
from ..engine.registry import game as lookup_game
from . import result
from .bot_turns import BotTurns, check_seats
from .clocks import BACK, RESUME, SettingsError, TableSettings
from .cluster import Cluster, Lease
from .patches import make_patch
from .store import (
    Fenced,
    SeatOffer,
    StaleVersion,
    Store,
)
from .wire import Connection, TableError, deflate, encode, encode_bytes

__all__ = ["LiveTable", "TableManager"]
from .live_table import LiveTable
from .writer import MoveWriter

IDLE_S = 15 * 60  # a table nobody uses this long leaves memory (TableManager.sweep)
SWEEP_S = 60  # how often the server looks for such tables
SEAT_CONNECTIONS = 4  # a player's tabs and devices at once
SPECTATORS = 64  # spectators' connections per table
TOO_MANY = 4029  # the close code of the oldest connection beyond those
ADOPT_S = 1.0  # how often a process looks for the tables of dead processes
MOVED = 1012  # the close code of a table another server process has taken over
INLINE_DEFLATE = 64 * 1024  # bytes of JSON compressed on the event loop (``outgoing``)
BOT_BUDGET_S = 5.0  # a bot that thinks longer plays a random legal action instead

if TYPE_CHECKING:
    from .ratings import Ratings


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
        # with several server processes: this one's leases (server/cluster.py)
        self.cluster: Cluster | None = None
        self.tell_everyone: Callable[[str, str], None] | None = None

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
        table.fence = await self._own(record.id)
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
                fence = await self._own(table_id)
                # read after taking the table: the last owner's moves are all committed
                record = await asyncio.to_thread(self.store.table, table_id) or record
                moves, events = await asyncio.to_thread(self.store.history, table_id)
                table = LiveTable.rebuild(record, moves, events)
                table.fence = fence
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

    # -- several server processes (server/cluster.py) --------------------------------------
    async def _own(self, table_id: str) -> int | None:
        """With several processes: take the table's lease and record its fencing token
        in the database (``None`` for a single process, which owns every table)."""
        if self.cluster is None:
            return None
        taken = await self.cluster.take(table_id)
        if not isinstance(taken, Lease):
            raise TableError(f"table {table_id} is served by another server process", 503)
        if not await asyncio.to_thread(self.store.take_table, table_id, taken.fence):
            await self.cluster.release(table_id)
            raise TableError(f"table {table_id} is served by another server process", 503)
        return taken.fence

    def drop(self, table_id: str, reason: str) -> None:
        """Let go of a table this process does not own any more (another process took it
        over): its connections are closed with 1012, and reconnect to the new owner."""
        table = self.tables.pop(table_id, None)
        old = self._watch_tasks.pop(table_id, None)
        if old is not None:
            old.cancel()
            self._sleeping.discard(old)
        self.turns.forget(table_id)
        if table is None:
            return
        for conn in list(table.connections):
            conn.shut(MOVED, reason)
        table.connections.clear()

    async def adopt_forever(self, every_s: float = ADOPT_S) -> None:
        """With several processes: take over the tables of processes that died, so that
        their bots and clocks go on although nobody reconnects to them."""
        assert self.cluster is not None
        while True:
            await asyncio.sleep(every_s)
            try:
                orphans = await self.cluster.orphans()
            except Exception:  # Redis unreachable for a moment: the next round tries again
                continue
            for table_id in orphans:
                with contextlib.suppress(TableError):
                    await self.get(table_id)

    def lost(self, table_id: str) -> None:
        """``Cluster``'s report that another process has taken a table over."""
        self.drop(table_id, "this table moved to another server: reconnect")

    def holds(self, table_id: str) -> bool:
        """Whether this process has the table in memory (and so owns it)."""
        return table_id in self.tables

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
        if self.cluster is not None and dropped:  # other processes may take them at once
            cluster = self.cluster
            for table_id in dropped:
                task = asyncio.get_running_loop().create_task(cluster.release(table_id))
                self._sleeping.add(task)  # kept from the collector until done
                task.add_done_callback(self._sleeping.discard)
        return dropped

    async def sweep_forever(self, every_s: float = SWEEP_S) -> None:
        """The server's background sweep (``app.lifespan``)."""
        while True:
            await asyncio.sleep(every_s)
            self.sweep()

    def account_deleted(self, account_id: str) -> None:
        """An account was deleted: its seats at the tables in memory show "deleted player"
        (the database's rows say so already), here and, with several processes, in every
        other process (``tell_everyone``, which ``app`` sets to the relay's)."""
        self.forget_account(account_id)
        if self.tell_everyone is not None:
            self.tell_everyone("account_deleted", account_id)

    def forget_account(self, account_id: str) -> None:
        """``account_deleted`` in this process only (another process deleted it)."""
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
        finished table stays in the database until somebody opens it. With several
        processes each takes the tables nobody owns."""
        ids = await asyncio.to_thread(self.store.table_ids, True)
        for table_id in ids:
            try:
                table = await self.get(table_id)
            except TableError:  # another process owns it
                continue
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
            if self.cluster is not None and table.id not in self.cluster.leases:
                self.lost(table.id)  # fenced out: another process owns the table now
                raise TableError("this table moved to another server: reconnect", 503) from None
            raise TableError("stale move: another move came first; reload the table", 409) from None

    async def _store_and_apply(self, table: LiveTable, seat: int, action: Any, trial: State) -> int:
        at = time.time()
        version = await self.writer.append(
            table.id, table.version, seat, action.to_json(), at, table.summary(trial), table.fence
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
        try:
            event = await asyncio.to_thread(
                self.store.append_event,
                table.id,
                table.version,
                seat,
                kind,
                time.time(),
                table.fence,
            )
        except Fenced:
            self.lost(table.id)
            raise TableError("this table moved to another server: reconnect", 503) from None
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
        """Every connection gets its own seat's update (spectators the public one): the
        whole update, or a patch against the message it was sent last if it takes patches.
        Each message is made, encoded and compressed once for all connections of the same
        seat and language."""
        table.forget_payloads({(c.seat, c.lang) for c in table.connections})
        groups: dict[tuple[int | None, str], list[Connection]] = {}
        for conn in table.connections:
            groups.setdefault((conn.seat, conn.lang), []).append(conn)
        for (seat, lang), conns in groups.items():
            new, old = table.message(seat, lang)
            older = None if old is None else old.prev
            # (patch, from two messages back, compressed) -> as sent
            made: dict[tuple[bool, bool, bool], str | bytes] = {}
            for conn in conns:
                patch = conn.patches and old is not None and conn.seq == old.seq
                two = patch and older is not None and conn.older_seq == older.seq
                kind = (patch, two, conn.compress)
                if kind not in made:
                    made[kind] = await outgoing(
                        make_patch(old, new, older if two else None)
                        if patch and old is not None
                        else new.whole(),
                        conn.compress,
                    )
                # what the connection now has: the message before too, after a patch
                conn.older_seq = conn.seq if patch else -1
                conn.seq = new.seq
                if not conn.push(made[kind]) and conn in table.connections:
                    table.connections.remove(conn)  # it could not keep up: it is being closed


async def outgoing(message: dict[str, Any], compress: bool) -> str | bytes:
    """A message as sent: JSON text, or compressed. zlib lets go of the GIL, so a large
    message is compressed in a thread; a small one (a patch, mostly) costs less than the
    hand-over to a thread and is compressed at once."""
    if not compress:
        return encode(message)
    data = encode_bytes(message)
    if len(data) < INLINE_DEFLATE:
        return deflate(data)
    return await asyncio.to_thread(deflate, data)
