"""The move log: tables, their seats and their moves, read and written in transactions.

A move is written with the version it creates as part of its primary key, inside the same
transaction that advances the table's version; two writers racing for one version cannot
both succeed, and a move is acknowledged only after its transaction has committed.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from . import db

HUMAN, BOT = "human", "bot"


@dataclass(frozen=True)
class TableEvent:
    """Something that happened to a table besides a move, after ``version`` moves."""

    version: int
    seat: int | None
    kind: str
    at: float


@dataclass(frozen=True)
class MoveRecord:
    seat: int
    action: dict[str, Any]
    at: float


class StaleVersion(Exception):
    """Another move took this version first."""


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str  # human or bot
    bot: str | None
    token: str


@dataclass
class TableRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    settings: dict[str, Any]
    spectator_token: str
    created: float
    version: int
    seats: list[SeatRecord] = field(default_factory=list)
    rematch_of: str | None = None

    def seat_of(self, token: str) -> SeatRecord | None:
        for s in self.seats:
            if secrets.compare_digest(s.token, token):
                return s
        return None


def new_token() -> str:
    """An unguessable link token (192 random bits)."""
    return secrets.token_urlsafe(24)


class Store:
    """All reads and writes of the move log (synchronous; the server calls it from worker
    threads so that the event loop never waits on the disk)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str | None = None) -> Store:
        return cls(db.connect(url))

    def create_table(
        self,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        seat_kinds: list[tuple[str, str | None]],
        settings: dict[str, Any] | None = None,
        rematch_of: str | None = None,
    ) -> TableRecord:
        """Store a new table. ``options`` are the game's resolved options (every declared
        one): an option missing from a stored table is taken for one added since, which
        plays by its old value when the table is loaded (``Game.upgrade_options``)."""
        record = TableRecord(
            id=secrets.token_hex(6),
            game=game,
            players=players,
            seed=seed,
            options=options,
            settings=dict(settings or {}),
            spectator_token=new_token(),
            created=time.time(),
            version=0,
            seats=[
                SeatRecord(i, kind, bot, new_token()) for i, (kind, bot) in enumerate(seat_kinds)
            ],
            rematch_of=rematch_of,
        )
        with self.engine.begin() as conn:
            conn.execute(
                insert(db.tables).values(
                    id=record.id,
                    game=game,
                    players=players,
                    seed=seed,
                    options=json.dumps(options, sort_keys=True),
                    settings=json.dumps(record.settings, sort_keys=True),
                    spectator_token=record.spectator_token,
                    rematch_of=rematch_of,
                    created=record.created,
                    version=0,
                )
            )
            for s in record.seats:
                conn.execute(
                    insert(db.seats).values(
                        table_id=record.id, seat=s.seat, kind=s.kind, bot=s.bot, token=s.token
                    )
                )
        return record

    def _record(self, row: Any, seat_rows: list[Any]) -> TableRecord:
        return TableRecord(
            id=row.id,
            game=row.game,
            players=row.players,
            seed=row.seed,
            options=json.loads(row.options),
            settings=json.loads(row.settings),
            spectator_token=row.spectator_token,
            created=row.created,
            version=row.version,
            seats=[SeatRecord(s.seat, s.kind, s.bot, s.token) for s in seat_rows],
            rematch_of=row.rematch_of,
        )

    def table(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(db.tables).where(db.tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(db.seats).where(db.seats.c.table_id == table_id).order_by(db.seats.c.seat)
            ).all()
        return self._record(row, list(seat_rows))

    def table_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(db.tables.c.id).order_by(db.tables.c.created.desc()))
            return [r.id for r in rows]

    def rematches(self, table_id: str) -> list[str]:
        """The ids of the tables made as rematches of ``table_id``, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.tables.c.id)
                .where(db.tables.c.rematch_of == table_id)
                .order_by(db.tables.c.created, db.tables.c.id)
            )
            return [r.id for r in rows]

    def find_token(self, token: str) -> tuple[str, int | None] | None:
        """``(table id, seat)`` for a seat token, ``(table id, None)`` for a spectator
        token, ``None`` for anything else."""
        if not token or len(token) > 64:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(
                select(db.seats.c.table_id, db.seats.c.seat).where(db.seats.c.token == token)
            ).first()
            if row is not None:
                return row.table_id, row.seat
            row = conn.execute(
                select(db.tables.c.id).where(db.tables.c.spectator_token == token)
            ).first()
            if row is not None:
                return row.id, None
        return None

    def history(self, table_id: str) -> tuple[list[MoveRecord], list[TableEvent]]:
        """Every move with its time, and every table event, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.moves.c.seat, db.moves.c.action, db.moves.c.at)
                .where(db.moves.c.table_id == table_id)
                .order_by(db.moves.c.n)
            ).all()
            event_rows = conn.execute(
                select(db.events)
                .where(db.events.c.table_id == table_id)
                .order_by(db.events.c.version, db.events.c.id)
            ).all()
        moves = [MoveRecord(r.seat, json.loads(r.action), r.at) for r in rows]
        events = [TableEvent(r.version, r.seat, r.kind, r.at) for r in event_rows]
        return moves, events

    def append_event(
        self, table_id: str, version: int, seat: int | None, kind: str, at: float
    ) -> TableEvent:
        """Store a table event (committed before it takes effect)."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(db.events).values(
                    table_id=table_id, version=version, seat=seat, kind=kind, at=at
                )
            )
        return TableEvent(version, seat, kind, at)

    def append_moves(
        self, moves: list[tuple[str, int, int, dict[str, Any], float]]
    ) -> list[int | None]:
        """Store several moves ``(table id, version, seat, action, time)`` in one
        transaction (group commit: one flush to disk for all of them). Each move gets the
        version it creates, or ``None`` if its version was taken (it is then not stored).
        Nothing is stored if the transaction fails."""
        out: list[int | None] = []
        with self.engine.begin() as conn:
            for table_id, version, seat, action, at in moves:
                # claim the version first: a stale move changes nothing and needs no rollback
                claimed = conn.execute(
                    update(db.tables)
                    .where(db.tables.c.id == table_id, db.tables.c.version == version)
                    .values(version=version + 1)
                )
                if claimed.rowcount != 1:
                    out.append(None)
                    continue
                conn.execute(
                    insert(db.moves).values(
                        table_id=table_id,
                        n=version + 1,
                        seat=seat,
                        action=json.dumps(action, sort_keys=True),
                        at=at,
                    )
                )
                out.append(version + 1)
        return out

    def append_move(
        self,
        table_id: str,
        version: int,
        seat: int,
        action: dict[str, Any],
        at: float | None = None,
    ) -> int:
        """Store the move that takes the table from ``version`` to ``version + 1``; raises
        ``StaleVersion`` if that version is taken. Returns the new version once committed."""
        at = time.time() if at is None else at
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(db.moves).values(
                        table_id=table_id,
                        n=version + 1,
                        seat=seat,
                        action=json.dumps(action, sort_keys=True),
                        at=at,
                    )
                )
                done = conn.execute(
                    update(db.tables)
                    .where(db.tables.c.id == table_id, db.tables.c.version == version)
                    .values(version=version + 1)
                )
                if done.rowcount != 1:
                    raise StaleVersion(table_id)
        except IntegrityError:
            raise StaleVersion(table_id) from None
        return version + 1
