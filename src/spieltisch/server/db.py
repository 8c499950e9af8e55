"""The database: where it lives, how to connect, and the tables of the move log.

Storage is event sourcing (DESIGN.md §5): a table's configuration and its moves are stored;
every game state is rebuilt by replaying the moves. Table events (a clock ran out, a bot
took over a seat, the server restarted) are stored beside the moves so that clocks and
takeovers are rebuilt the same way. SQLite (one file, WAL mode) by default,
PostgreSQL by URL with the same code.

The schema is versioned with Alembic (``server/migrations``): ``connect`` brings a database
to the newest version before anything reads it. The tables below are what the code reads
and writes; ``tests/server/test_migrations.py`` checks that the migrations make exactly
them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    false,
    inspect,
    text,
)
from sqlalchemy.engine import Connection, Engine

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON: the resolved options
    Column("settings", Text, nullable=False),  # JSON: table settings (zombie bots, clock)
    Column("spectator_token", String(64), nullable=False, unique=True),
    Column("rematch_of", String(32), nullable=True),
    Column("created", Float, nullable=False),
    Column("version", Integer, nullable=False),  # number of moves in the log
    # the lobby (migration 0004): who made it, rated, listed among the open tables; its
    # status and who is to move, kept with every move so that lists need no replay
    Column(
        "creator_id",
        String(32),
        ForeignKey("accounts.id", name="fk_tables_creator_id"),
        nullable=True,
        index=True,
    ),
    Column("rated", Boolean, nullable=False, server_default=false()),
    Column("bots_rated", Boolean, nullable=False, server_default=false()),
    Column("listed", Boolean, nullable=False, server_default=false()),
    Column("status", String(8), nullable=True, index=True),  # open, running, over
    Column("actors", String(64), nullable=True),  # JSON list of the seats to move
    Column("winners", String(64), nullable=True),  # JSON list, once over
    Column("updated", Float, nullable=True),
    Column("rated_at", Float, nullable=True),  # when its result changed the ratings (0005)
    # the fencing token of the process that owns the table (0006, server/cluster.py)
    Column("fence", BigInteger, nullable=False, server_default="0"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # human or bot
    Column("bot", String(64), nullable=True),
    Column("token", String(64), nullable=False, unique=True),
    # the account that has taken the seat; how a free human seat is offered: me (the
    # creator's), open (anyone from the lobby), name (the invited account), link
    Column(
        "account_id",
        String(32),
        ForeignKey("accounts.id", name="fk_seats_account_id"),
        nullable=True,
        index=True,
    ),
    Column("invite", String(8), nullable=False, server_default="link"),
    Column(
        "invited_id",
        String(32),
        ForeignKey("accounts.id", name="fk_seats_invited_id"),
        nullable=True,
        index=True,
    ),
)

moves = Table(
    "moves",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 1, 2, 3 ...: the version the move creates
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # JSON
    Column("at", Float, nullable=False),
)


events = Table(
    "table_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("version", Integer, nullable=False),  # it happened after this many moves
    Column("seat", Integer, nullable=True),
    Column("kind", String(16), nullable=False),  # timeout, away, back, resume
    Column("at", Float, nullable=False),
)


accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    # a deleted account keeps its row (its games name it) but frees its name
    Column("name", String(32), nullable=True, unique=True),
    Column("name_key", String(32), nullable=True, unique=True),  # casefolded: one "Anna"
    Column("password_hash", Text, nullable=True),  # argon2id (PHC string)
    Column("created", Float, nullable=False),
    Column("deleted", Float, nullable=True),
    Column("failed_signins", Integer, nullable=False, server_default="0"),
    Column("locked_until", Float, nullable=True),
)

account_sessions = Table(
    "account_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the cookie's token
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)


ratings = Table(
    "ratings",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(64), primary_key=True, index=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

rating_history = Table(
    "rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu", Float, nullable=False),  # the rating after this game
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("table_id", "account_id", name="uq_rating_history_table_account"),
)


def data_dir() -> Path:
    """The user's data directory for Spieltisch (XDG on Linux, the usual places elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "spieltisch"


def default_url() -> str:
    """SQLite in the user's data directory."""
    return f"sqlite:///{data_dir() / 'spieltisch.db'}"


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg (version 3); everything else is SQLAlchemy's own."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def connect(url: str | None = None) -> Engine:
    """An engine for ``url`` with the schema created; SQLite files get WAL mode and full
    synchronous commits, so an acknowledged move survives a killed process."""
    url = normalize_url(url or default_url())
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    migrate(engine)
    return engine


# the version a database of the first release is at: it made its tables with create_all
# and recorded no version
FIRST_RELEASE = "0001"
# any number that is the same in every process: PostgreSQL serialises migrations on it
_MIGRATION_LOCK = 0x5B1E_7150


def alembic_config() -> Config:
    """Alembic's settings without an ini file: the versions ship inside the package."""
    config = Config()
    config.set_main_option("script_location", "spieltisch.server:migrations")
    return config


def head() -> str:
    """The newest schema version."""
    revision = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert revision is not None
    return revision


def current(connection: Connection) -> str | None:
    """The schema version a database is at (``None``: no version recorded)."""
    return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine, target: str = "head") -> None:
    """Bring the database to ``target`` (the newest version by default). A database of the
    first release, which recorded no version, is taken to be at ``FIRST_RELEASE``; nothing
    in it is lost. On PostgreSQL, processes starting at once migrate one after another."""
    with engine.connect() as connection:
        at = current(connection)
        connection.commit()
        if target == "head" and at is not None and at == _head_cached():
            return  # the common case, without loading the versions

        def run(config: Config) -> None:
            # read again under the lock: another process starting at once may have migrated
            if current(connection) is None and inspect(connection).has_table("tables"):
                command.stamp(config, FIRST_RELEASE)
            command.upgrade(config, target)

        _with_migrations(engine, connection, run)


def downgrade(engine: Engine, target: str) -> None:
    """Take the database back to version ``target`` (``base``: before the first one),
    undoing the newer versions in turn; for operators rolling a release back."""
    with engine.connect() as connection:
        _with_migrations(engine, connection, lambda config: command.downgrade(config, target))


def _with_migrations(engine: Engine, connection: Connection, run: Callable[[Config], None]) -> None:
    """Run Alembic commands on ``connection``. SQLite changes a column by copying its
    table, which its foreign keys would refuse: they are off while it migrates, and
    checked before they are on again."""
    sqlite = engine.dialect.name == "sqlite"
    if sqlite:
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        connection.commit()
    try:
        with connection.begin():
            if engine.dialect.name == "postgresql":
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK}
                )
            config = alembic_config()
            config.attributes["connection"] = connection
            run(config)
        if sqlite:
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
            if broken:
                raise RuntimeError(f"the migration left rows without their table: {broken[:3]}")
    finally:
        if sqlite:
            connection.rollback()
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()


_HEAD: list[str] = []


def _head_cached() -> str:
    if not _HEAD:
        _HEAD.append(head())
    return _HEAD[0]


def drop_everything(engine: Engine) -> None:
    """Every table of the database, the version record included (tests start empty)."""
    everything = MetaData()
    everything.reflect(engine)
    everything.drop_all(engine)
