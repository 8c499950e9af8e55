"""The database: where it lives, how to connect, and the tables of the move log.

Storage is event sourcing (DESIGN.md §5): a table's configuration and its moves are stored;
every game state is rebuilt by replaying the moves. Table events (a clock ran out, a bot
took over a seat, the server restarted) are stored beside the moves so that clocks and
takeovers are rebuilt the same way. SQLite (one file, WAL mode) by default,
PostgreSQL by URL with the same code.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine

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
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # human or bot
    Column("bot", String(64), nullable=True),
    Column("token", String(64), nullable=False, unique=True),
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

    metadata.create_all(engine)
    return engine
