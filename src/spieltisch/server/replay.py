"""Replays in the browser: any finished table watched again step by step (``/replay/<spectator
token>``), and game records imported as tables for ``spieltisch replay FILE --web``.

A step is the game state after ``n`` moves of the table's move log (table events such as
timeouts change no game state). Steps are rebuilt from the stored moves: each replay keeps a
clone of the state every ``CHECKPOINT_EVERY`` moves and the state it built last (stepping on by
one applies one move), and a small LRU keeps the replays of the last few tables, so stepping
through a game of a thousand moves stays fast.

A running table has no replay (403): replays open when the game has ended, a rule that cannot
let a replay show anything of a running game that its spectators do not see. Seat views open
only when the table is over; a record imported unfinished (``spieltisch replay --web``) shows
its public view only.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse

from ..engine.errors import RecordError
from ..engine.game import Game, State
from ..engine.record import GameRecord, replay_steps
from . import board, replay_page
from .live import LiveTable, TableManager
from .store import HUMAN, MoveRecord, Store, TableRecord
from .wire import TableError

CHECKPOINT_EVERY = 25  # moves between the kept clones of a replay's states
REPLAYS_KEPT = 8  # tables whose replays stay in memory (least recently used dropped)
STEPS_KEPT = 64  # worked-out step payloads kept per replay (one per step, view, language)
LOG_LINES = 200  # log sentences sent with a step (the latest; older ones: step back)
LANGS = ("en", "de")
PUBLIC = "public"

RUNNING = "the game is still running; replays open when it has ended"
SEAT_LINK = (
    "a replay opens with the table's spectator link, not a seat's link (a replay link may be "
    "shared)"
)
SEATS_LATER = "seat views open when the game has ended; this replay shows the public view only"


@dataclass
class Replay:
    """One table's moves and what is needed to rebuild any step of it quickly."""

    record: TableRecord
    game: Game
    moves: list[MoveRecord]
    over: bool  # the table has ended (seat views may be shown)
    winners: list[int]
    rounds: list[tuple[int, int]]  # (round, its first step), in order
    round_at: list[int | None]  # per step, its round
    checkpoints: dict[int, State] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    cursor: tuple[int, State] | None = None  # the state built last (owned by the replay)
    payloads: OrderedDict[tuple[int, int | None, str], dict[str, Any]] = field(
        default_factory=OrderedDict
    )

    @property
    def last(self) -> int:
        return len(self.moves)

    @classmethod
    def build(cls, table: LiveTable, moves: list[MoveRecord]) -> Replay:
        """Replay every move once: the rounds, and a clone every ``CHECKPOINT_EVERY`` moves."""
        record, game = table.record, table.game
        state = game.new_game(record.players, record.seed, game.upgrade_options(record.options))
        checkpoints: dict[int, State] = {0: state.clone()}
        round_at: list[int | None] = [game.round_of(state)]
        for n, move in enumerate(moves, start=1):
            state.apply(move.seat, game.action_from_json(move.action))
            if n % CHECKPOINT_EVERY == 0:
                checkpoints[n] = state.clone()
            round_at.append(game.round_of(state))
        rounds: list[tuple[int, int]] = []
        seen: set[int] = set()
        for step, number in enumerate(round_at):
            if number is not None and number not in seen:
                seen.add(number)
                rounds.append((number, step))
        replay = cls(
            record=record,
            game=game,
            moves=moves,
            over=table.is_over(),
            winners=table.winners() if table.is_over() else [],
            rounds=rounds,
            round_at=round_at,
            checkpoints=checkpoints,
        )
        replay.cursor = (len(moves), state)
        return replay

    # -- steps -------------------------------------------------------------------------------
    def _state(self, n: int) -> State:
        """The state after ``n`` moves, built from the nearest kept state at or before ``n``
        (the caller holds the lock; the result is the replay's own cursor, not to be kept)."""
        base = max(k for k in self.checkpoints if k <= n)
        if self.cursor is not None and base <= self.cursor[0] <= n:
            at, state = self.cursor
        else:
            at, state = base, self.checkpoints[base].clone()
        for move in self.moves[at:n]:
            state.apply(move.seat, self.game.action_from_json(move.action))
        self.cursor = (n, state)
        return state

    def summary(self, lang: str) -> dict[str, Any]:
        game = self.game
        out: dict[str, Any] = {
            "table": self.record.id,
            "game": game.id,
            "game_name": game.name,
            "players": self.record.players,
            "seats": [
                {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": game.seat_name(s.seat, lang)}
                for s in self.record.seats
            ],
            "moves": self.last,
            "rounds": [{"round": r, "step": s} for r, s in self.rounds],
            "movers": [None, *(m.seat for m in self.moves)],
            "over": self.over,
            "seat_views": self.over,
        }
        if self.over:
            out["winners"] = list(self.winners)
        return out

    def step(self, n: int, seat: int | None, lang: str) -> dict[str, Any]:
        """What the page shows at step ``n`` from ``seat``'s view (``None``: the public one):
        the read-only picture, the log up to the step, and the step's own events."""
        key = (n, seat, lang)
        with self.lock:
            cached = self.payloads.get(key)
            if cached is not None:
                self.payloads.move_to_end(key)
                return cached
            before = len(self._state(n - 1).log(seat)) if n > 0 else 0
            state = self._state(n)
            payload = self._payload(n, state, seat, lang, before)
            self.payloads[key] = payload
            while len(self.payloads) > STEPS_KEPT:
                self.payloads.popitem(last=False)
            return payload

    def _payload(
        self, n: int, state: State, seat: int | None, lang: str, before: int
    ) -> dict[str, Any]:
        game = self.game
        every = state.log(seat)
        first = max(0, len(every) - LOG_LINES)
        events = every[first:]
        keys = board.log_keys(game.id, events)
        own = range(max(0, before - first), len(events))  # this step's events
        out: dict[str, Any] = {
            "table": self.record.id,
            "step": n,
            "moves": self.last,
            "seat": seat,
            "mover": self.moves[n - 1].seat if n > 0 else None,
            "round": self.round_at[n],
            "svg": board.render_svg(game.id, state.view(seat), lang, []),
            "log": [game.describe(e, seat, lang) for e in events],
            "log_keys": keys,
            "log_start": first,
            "marked": list(own),
            "recent": board.recent_keys(keys, own),
            "over": n == self.last and self.over,
        }
        if out["over"]:
            out["winners"] = list(self.winners)
        return out


class Replays:
    """The replays of the last few tables (LRU), built off the event loop."""

    def __init__(self, manager: TableManager, store: Store) -> None:
        self.manager = manager
        self.store = store
        self.open_early: set[str] = set()  # tables whose replays open before the end
        self._kept: OrderedDict[tuple[str, int], Replay] = OrderedDict()
        self._lock = asyncio.Lock()

    async def get(self, token: str) -> Replay:
        """The replay of the table whose spectator link is ``token``; refuses a seat's link
        (404 for an unknown one) and a running table (403)."""
        table, seat = await self.manager.by_token(token)
        if seat is not None:
            raise TableError(SEAT_LINK, 403)
        if not table.is_over() and table.id not in self.open_early:
            raise TableError(RUNNING, 403)
        key = (table.id, table.version)
        async with self._lock:  # one build per table, however many ask at once
            found = self._kept.get(key)
            if found is None:
                moves, _events = await asyncio.to_thread(self.store.history, table.id)
                found = await asyncio.to_thread(Replay.build, table, moves)
                self._kept[key] = found
                while len(self._kept) > REPLAYS_KEPT:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
        return found


def parse_step(replay: Replay, text: str) -> int:
    if not text.isdigit():
        raise TableError(f"step must be a whole number from 0 to {replay.last}, not {text!r}")
    n = int(text)
    if n > replay.last:
        raise TableError(
            f"step {n} is past the end: the game has {replay.last} moves (steps 0-{replay.last})"
        )
    return n


def parse_seat(replay: Replay, text: str) -> int | None:
    if text == PUBLIC:
        return None
    players = replay.record.players
    if not text.isdigit() or int(text) >= players:
        raise TableError(
            f"there is no seat {text!r} in this {players}-player game: seat is {PUBLIC!r} or "
            f"0-{players - 1} (0 = Player 1)"
        )
    if not replay.over:
        raise TableError(SEATS_LATER, 403)
    return int(text)


def install(app: FastAPI, manager: TableManager, store: Store) -> Replays:
    """Add the replay routes to ``app``: ``GET /api/replay/<token>``, ``GET
    /api/replay/<token>/step/<n>`` and the page ``/replay/<token>``. The ``Replays`` are
    also ``app.state.replays`` (``spieltisch replay --web`` opens an imported unfinished
    record's replay early through it)."""
    replays = Replays(manager, store)
    app.state.replays = replays
    app.include_router(router(replays))
    return replays


def router(replays: Replays) -> APIRouter:
    api = APIRouter()

    @api.get(
        "/api/replay/{token}",
        summary="A finished table's replay: seats, number of moves, rounds, each step's mover",
        responses=_errors(403, 404),
    )
    async def api_replay(token: str, lang: str = "en") -> dict[str, Any]:
        replay = await replays.get(token)
        return replay.summary(lang if lang in LANGS else "en")

    @api.get(
        "/api/replay/{token}/step/{n}",
        summary="One step of a replay: the picture, the log and the step's own events",
        responses=_errors(403, 404),
    )
    async def api_step(token: str, n: str, seat: str = PUBLIC, lang: str = "en") -> dict[str, Any]:
        replay = await replays.get(token)
        step = parse_step(replay, n)
        who = parse_seat(replay, seat)
        return await asyncio.to_thread(replay.step, step, who, lang if lang in LANGS else "en")

    @api.get("/replay/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_html(token: str) -> HTMLResponse:
        try:
            await replays.get(token)
        except TableError as exc:  # a page, not JSON: the reader followed a link
            reason = {RUNNING: "running", SEAT_LINK: "seat"}.get(str(exc), "unknown")
            return HTMLResponse(replay_page.refused(reason, token), status_code=exc.status)
        return HTMLResponse(replay_page.page(token))

    return api


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    meaning = {
        400: "a step or seat that the replay does not have",
        403: "a seat's link, a running game, or a seat view before the end",
        404: "unknown link",
    }
    return {status: {"description": meaning[status]} for status in (400, *statuses)}


def import_record(store: Store, record: GameRecord) -> TableRecord:
    """A game record (``spieltisch play --save`` / ``simulate``) stored as a table: its game,
    players, seed and options, every seat human, and its moves. The record is replayed first,
    so a record that does not replay is refused (``RecordError`` naming the move) and
    nothing is stored."""
    start: State | None = None
    for state, _seat, _action in replay_steps(record):
        if start is None:
            start = state.clone()  # the resolved options, as a live table stores them
    assert start is not None  # replay_steps always yields the start
    seats: list[tuple[str, str | None]] = [(HUMAN, None)] * record.players
    table = store.create_table(
        start.game.id, record.players, record.seed, dict(start.options), seats
    )
    at = time.time()
    # one transaction for all moves: one flush to disk, not one per move
    done = store.append_moves(
        [(table.id, n, seat, action, at) for n, (seat, action) in enumerate(record.moves)]
    )
    if any(version is None for version in done):  # a fresh table: nobody else writes to it
        raise RecordError(f"record: table {table.id} changed while its moves were stored")
    table.version = len(record.moves)
    return table
