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

from sqlalchemy import Select, Update, and_, bindparam, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from . import db

HUMAN, BOT = "human", "bot"
DELETED_PLAYER = "deleted player"  # a seat whose account was deleted


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


class Fenced(Exception):
    """A write of a process that does not own the table any more (``server/cluster.py``)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} is owned by another server process now")
        self.table_id = table_id


class StaleVersion(Exception):
    """Another move took this version first."""


# how a human seat is offered (``seats.invite``): the creator's own, open to anyone from
# the lobby, kept for an invited account, or to whoever opens its invitation link
ME, OPEN, NAME, LINK = "me", "open", "name", "link"
OFFERS = (ME, OPEN, NAME, LINK)
# the table's status (``tables.status``): a human seat still free, playing, ended
OPEN_STATUS, RUNNING, OVER = "open", "running", "over"


@dataclass(frozen=True)
class SeatOffer:
    """How a new table's human seat is offered, and the account already in it."""

    invite: str = LINK
    account_id: str | None = None  # the account that has taken the seat
    invited_id: str | None = None  # the account invited by name
    player: str | None = None  # the name of ``account_id``


@dataclass(frozen=True)
class TableSummary:
    """What the lobby reads of a table without replaying it: its status and who is to
    move (kept with every move and table event)."""

    status: str
    actors: list[int]
    winners: list[int] | None = None  # once the game is over


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str  # human or bot
    bot: str | None
    token: str
    account_id: str | None = None  # the account that has taken it: only it may play it
    invite: str = LINK
    invited_id: str | None = None
    player: str | None = None  # the name of the account that has taken it (None: deleted)

    @property
    def player_name(self) -> str | None:
        """The name to show for the seat's account; ``None`` for a seat without one."""
        if self.account_id is None:
            return None
        return self.player if self.player is not None else DELETED_PLAYER

    @property
    def free(self) -> bool:
        """A human seat nobody has taken yet that the lobby offers (open or invited)."""
        return self.kind == HUMAN and self.account_id is None and self.invite in (OPEN, NAME)


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
    creator_id: str | None = None
    rated: bool = False
    bots_rated: bool = False  # rated against bots: bot results change ratings
    listed: bool = False  # among the lobby's open tables
    creator: str | None = None  # the name of the creator's account (None: a guest, deleted)
    status: str | None = None  # as last stored; None for a table of an older release
    winners: list[int] | None = None  # as last stored, once over
    updated: float | None = None  # when its last move was made

    def seat_of(self, token: str) -> SeatRecord | None:
        for s in self.seats:
            if secrets.compare_digest(s.token, token):
                return s
        return None


def _tables_with_creator() -> Select[Any]:
    """The tables' rows with the name of the account that made each (``creator``)."""
    return select(db.tables, db.accounts.c.name.label("creator")).outerjoin(
        db.accounts, db.accounts.c.id == db.tables.c.creator_id
    )


def _seats_with_players() -> Select[Any]:
    """The seats' rows with the name of the account that has taken each (``player``)."""
    return select(db.seats, db.accounts.c.name.label("player")).outerjoin(
        db.accounts, db.accounts.c.id == db.seats.c.account_id
    )


def _summary_values(summary: TableSummary) -> dict[str, Any]:
    winners = None if summary.winners is None else json.dumps(summary.winners)
    return {"status": summary.status, "actors": json.dumps(summary.actors), "winners": winners}


def _claim(summary: bool, fenced: bool) -> Update:
    """The statement that moves a table from its version to the next (with its summary;
    only while ``fence`` is still the table's), built once: a move then costs no statement
    building, and the database driver reuses its prepared form."""
    where = [db.tables.c.id == bindparam("b_id"), db.tables.c.version == bindparam("b_version")]
    if fenced:
        where.append(db.tables.c.fence == bindparam("b_fence"))
    values: dict[str, Any] = {"version": bindparam("b_next"), "updated": bindparam("b_at")}
    if summary:
        values |= {k: bindparam(f"b_{k}") for k in ("status", "actors", "winners")}
    return update(db.tables).where(*where).values(**values)


_CLAIMS = {
    (summary, fenced): _claim(summary, fenced)
    for summary in (False, True)
    for fenced in (False, True)
}
_ADD_MOVES = insert(db.moves)


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
        offers: list[SeatOffer] | None = None,
        creator_id: str | None = None,
        rated: bool = False,
        bots_rated: bool = False,
        listed: bool = False,
    ) -> TableRecord:
        """Store a new table. ``options`` are the game's resolved options (every declared
        one): an option missing from a stored table is taken for one added since, which
        plays by its old value when the table is loaded (``Game.upgrade_options``).
        ``offers``: per seat how a human seat is offered (by link if not given)."""
        offers = offers or [SeatOffer() for _ in seat_kinds]
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
                SeatRecord(
                    i,
                    kind,
                    bot,
                    new_token(),
                    offer.account_id if kind == HUMAN else None,
                    offer.invite if kind == HUMAN else LINK,
                    offer.invited_id if kind == HUMAN else None,
                    offer.player if kind == HUMAN else None,
                )
                for i, ((kind, bot), offer) in enumerate(zip(seat_kinds, offers, strict=True))
            ],
            rematch_of=rematch_of,
            creator_id=creator_id,
            rated=rated,
            bots_rated=bots_rated,
            listed=listed,
        )
        record.status = OPEN_STATUS if any(seat.free for seat in record.seats) else RUNNING
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
                    creator_id=creator_id,
                    rated=rated,
                    bots_rated=bots_rated,
                    listed=listed,
                    status=record.status,
                    updated=record.created,
                )
            )
            for s in record.seats:
                conn.execute(
                    insert(db.seats).values(
                        table_id=record.id,
                        seat=s.seat,
                        kind=s.kind,
                        bot=s.bot,
                        token=s.token,
                        account_id=s.account_id,
                        invite=s.invite,
                        invited_id=s.invited_id,
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
            seats=[
                SeatRecord(
                    s.seat,
                    s.kind,
                    s.bot,
                    s.token,
                    s.account_id,
                    s.invite,
                    s.invited_id,
                    s.player,
                )
                for s in seat_rows
            ],
            rematch_of=row.rematch_of,
            creator_id=row.creator_id,
            creator=getattr(row, "creator", None),
            rated=bool(row.rated),
            bots_rated=bool(row.bots_rated),
            listed=bool(row.listed),
            status=row.status,
            winners=json.loads(row.winners) if row.winners else None,
            updated=row.updated,
        )

    def table(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(_tables_with_creator().where(db.tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                _seats_with_players()
                .where(db.seats.c.table_id == table_id)
                .order_by(db.seats.c.seat)
            ).all()
        return self._record(row, list(seat_rows))

    def table_ids(self, unfinished: bool = False) -> list[str]:
        """Every table's id, newest first; with ``unfinished`` those not known to be over."""
        t = db.tables.c
        query = select(t.id).order_by(t.created.desc())
        if unfinished:
            query = query.where(or_(t.status.is_(None), t.status != OVER))
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

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

    def take_table(self, table_id: str, fence: int) -> bool:
        """Record that the process with fencing token ``fence`` owns the table now
        (``server/cluster.py``); ``False`` if a newer owner has recorded a newer token."""
        with self.engine.begin() as conn:
            taken = conn.execute(
                update(db.tables)
                .where(db.tables.c.id == table_id, db.tables.c.fence <= fence)
                .values(fence=fence)
            )
        return taken.rowcount == 1

    def append_event(
        self,
        table_id: str,
        version: int,
        seat: int | None,
        kind: str,
        at: float,
        fence: int | None = None,
    ) -> TableEvent:
        """Store a table event (committed before it takes effect); with ``fence``, only
        while the table's owner has that token (else ``Fenced``)."""
        with self.engine.begin() as conn:
            if fence is not None:
                owned = conn.execute(
                    select(db.tables.c.id).where(
                        db.tables.c.id == table_id, db.tables.c.fence == fence
                    )
                ).first()
                if owned is None:
                    raise Fenced(table_id)
            conn.execute(
                insert(db.events).values(
                    table_id=table_id, version=version, seat=seat, kind=kind, at=at
                )
            )
        return TableEvent(version, seat, kind, at)

    def append_moves(
        self,
        moves: list[tuple[str, int, int, dict[str, Any], float]],
        summaries: list[TableSummary | None] | None = None,
        fences: list[int | None] | None = None,
    ) -> list[int | None]:
        """Store several moves ``(table id, version, seat, action, time)`` in one
        transaction (group commit: one flush to disk for all of them). Each move gets the
        version it creates, or ``None`` if its version was taken, or if its ``fences``
        token is not the table's owner's any more (it is then not stored). Nothing is
        stored if the transaction fails. ``summaries``: per move the table's status and
        seats to move after it, kept with the version for the lobby."""
        out: list[int | None] = []
        summaries = summaries or [None] * len(moves)
        fences = fences or [None] * len(moves)
        stored: list[dict[str, Any]] = []
        with self.engine.begin() as conn:
            for (table_id, version, seat, action, at), summary, fence in zip(
                moves, summaries, fences, strict=True
            ):
                # claim the version first: a stale move changes nothing and needs no rollback
                values: dict[str, Any] = {
                    "b_id": table_id,
                    "b_version": version,
                    "b_next": version + 1,
                    "b_at": at,
                }
                if summary is not None:
                    values.update({f"b_{k}": v for k, v in _summary_values(summary).items()})
                if fence is not None:  # and only while this process owns the table
                    values["b_fence"] = fence
                claim = _CLAIMS[summary is not None, fence is not None]
                if conn.execute(claim, values).rowcount != 1:
                    out.append(None)
                    continue
                stored.append(
                    {
                        "table_id": table_id,
                        "n": version + 1,
                        "seat": seat,
                        "action": json.dumps(action, sort_keys=True),
                        "at": at,
                    }
                )
                out.append(version + 1)
            if stored:  # the claimed moves in one statement
                conn.execute(_ADD_MOVES, stored)
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

    # -- the lobby ---------------------------------------------------------------------------
    def set_summary(self, table_id: str, summary: TableSummary) -> None:
        """Keep a table's status and seats to move (after a table event, or for a table of
        an older release once it has been loaded)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(db.tables)
                .where(db.tables.c.id == table_id)
                .values(**_summary_values(summary))
            )

    def claim_seat(
        self, table_id: str, seat: int, account_id: str, offers: tuple[str, ...]
    ) -> bool:
        """Give a free human seat to an account: one offered as one of ``offers``, or kept
        for this account by name. ``False`` if another account was quicker, or the seat is
        not free."""
        seats = db.seats.c
        with self.engine.begin() as conn:
            done = conn.execute(
                update(db.seats)
                .where(
                    seats.table_id == table_id,
                    seats.seat == seat,
                    seats.kind == HUMAN,
                    seats.account_id.is_(None),
                    or_(
                        seats.invite.in_(offers),
                        and_(seats.invite == NAME, seats.invited_id == account_id),
                    ),
                )
                .values(account_id=account_id)
            )
        return done.rowcount == 1

    def list_tables(
        self,
        status: str | None = None,
        account_id: str | None = None,
        listed: bool | None = None,
        limit: int = 20,
        before: tuple[float, str] | None = None,
    ) -> tuple[list[TableRecord], tuple[float, str] | None]:
        """Tables newest first, at most ``limit``: of a status, where an account sits or is
        invited, listed in the lobby; from the cursor ``before`` (the ``(created, id)`` of
        the last table of the page before). Returns the page and the next page's cursor."""
        t = db.tables.c
        query = _tables_with_creator()
        if status is not None:
            query = query.where(t.status == status)
        if listed is not None:
            query = query.where(t.listed.is_(listed))
        if account_id is not None:
            mine = select(db.seats.c.table_id).where(
                or_(db.seats.c.account_id == account_id, db.seats.c.invited_id == account_id)
            )
            query = query.where(or_(t.id.in_(mine), t.creator_id == account_id))
        if before is not None:
            created, table_id = before
            query = query.where(
                or_(t.created < created, and_(t.created == created, t.id < table_id))
            )
        query = query.order_by(t.created.desc(), t.id.desc()).limit(limit + 1)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            ids = [r.id for r in rows[:limit]]
            seat_rows = (
                conn.execute(
                    _seats_with_players()
                    .where(db.seats.c.table_id.in_(ids))
                    .order_by(db.seats.c.table_id, db.seats.c.seat)
                ).all()
                if ids
                else []
            )
        by_table: dict[str, list[Any]] = {}
        for seat_row in seat_rows:
            by_table.setdefault(seat_row.table_id, []).append(seat_row)
        page = [self._record(r, by_table.get(r.id, [])) for r in rows[:limit]]
        more = len(rows) > limit
        return page, ((page[-1].created, page[-1].id) if more and page else None)

    def actors(self, table_ids: list[str]) -> dict[str, list[int]]:
        """The seats to move at each of these tables, as last stored."""
        if not table_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.tables.c.id, db.tables.c.actors).where(db.tables.c.id.in_(table_ids))
            ).all()
        return {r.id: json.loads(r.actors) if r.actors else [] for r in rows}

    def tables_without_status(self) -> list[str]:
        """Tables of an older release whose status was never stored."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(db.tables.c.id).where(db.tables.c.status.is_(None)))
            return [r.id for r in rows]
