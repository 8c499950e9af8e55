"""The schema's versions (Alembic): a database of the first release, which recorded no
version, upgrades in place with every table, seat, move and event kept and its games going
on; a new database gets exactly the tables the code reads; every version can be undone.
On SQLite and, where CI provides one, PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
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
    insert,
    inspect,
    select,
)
from sqlalchemy.engine import Engine

from spieltisch.server import db
from spieltisch.server.app import create_app

# the rows a server of the first release stored (data/make_release1_db.py)
RELEASE1_ROWS = Path(__file__).with_name("data") / "release1_db.json"


def release1_metadata() -> MetaData:
    """The tables as the first release declared them (server/db.py and analysis_store.py
    at 7c67963), which it made with ``create_all``: frozen here, so that the test keeps
    meaning the same when the code's tables change."""
    meta = MetaData()
    Table(
        "tables",
        meta,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("players", Integer, nullable=False),
        Column("seed", Integer, nullable=False),
        Column("options", Text, nullable=False),
        Column("settings", Text, nullable=False),
        Column("spectator_token", String(64), nullable=False, unique=True),
        Column("rematch_of", String(32), nullable=True),
        Column("created", Float, nullable=False),
        Column("version", Integer, nullable=False),
    )
    Table(
        "seats",
        meta,
        Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("kind", String(16), nullable=False),
        Column("bot", String(64), nullable=True),
        Column("token", String(64), nullable=False, unique=True),
    )
    Table(
        "moves",
        meta,
        Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
        Column("n", Integer, primary_key=True),
        Column("seat", Integer, nullable=False),
        Column("action", Text, nullable=False),
        Column("at", Float, nullable=False),
    )
    Table(
        "table_events",
        meta,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
        Column("version", Integer, nullable=False),
        Column("seat", Integer, nullable=True),
        Column("kind", String(16), nullable=False),
        Column("at", Float, nullable=False),
    )
    Table(
        "analyses",
        meta,
        Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
        Column("version", Integer, nullable=False),
        Column("iterations", Integer, nullable=False),
        Column("seed", Integer, nullable=False),
        Column("created", Float, nullable=False),
        Column("data", Text, nullable=False),
    )
    return meta


def _empty(db_url: str) -> Engine:
    engine = create_engine(db.normalize_url(db_url))
    db.drop_everything(engine)
    return engine


def _release1_database(db_url: str) -> dict[str, list[dict[str, Any]]]:
    """The database as the first release left it: its tables, its rows, no version."""
    rows: dict[str, list[dict[str, Any]]] = json.loads(RELEASE1_ROWS.read_text("utf-8"))
    engine = _empty(db_url)
    meta = release1_metadata()
    meta.create_all(engine)
    with engine.begin() as conn:
        for name in ("tables", "seats", "moves", "table_events", "analyses"):
            if rows.get(name):
                conn.execute(insert(meta.tables[name]), rows[name])
    engine.dispose()
    return rows


def _dump(engine: Engine, names: list[str]) -> dict[str, list[dict[str, Any]]]:
    meta = MetaData()
    meta.reflect(engine, only=names)
    with engine.connect() as conn:
        return {
            name: sorted(
                (dict(r._mapping) for r in conn.execute(select(meta.tables[name]))),
                key=lambda r: json.dumps(r, sort_keys=True, default=str),
            )
            for name in names
        }


def test_a_database_of_the_first_release_upgrades_with_everything_kept(db_url: str) -> None:
    before = _release1_database(db_url)
    engine = db.connect(db_url)
    with engine.connect() as conn:
        assert db.current(conn) == db.head()
    names = ["tables", "seats", "moves", "table_events"]
    after = _dump(engine, names)
    for name in names:
        # the first release's columns hold what they held; new columns may have been added
        kept = [{k: r[k] for k in before[name][0]} for r in after[name]]
        expected = sorted(before[name], key=lambda r: json.dumps(r, sort_keys=True, default=str))
        assert sorted(kept, key=lambda r: json.dumps(r, sort_keys=True, default=str)) == (
            expected
        ), name
    engine.dispose()


def test_the_upgraded_tables_go_on_where_they_stopped(db_url: str) -> None:
    rows = _release1_database(db_url)
    versions = {t["id"]: t["version"] for t in rows["tables"]}
    medina = next(t for t in rows["tables"] if t["game"] == "medina")
    human = next(s for s in rows["seats"] if s["table_id"] == medina["id"] and s["kind"] == "human")
    with TestClient(create_app(db_url)) as client:
        for table_id, version in versions.items():
            summary = client.get(f"/api/tables/{table_id}").json()
            assert summary["table"] == table_id and summary["version"] == version
        view = client.get(f"/api/seat/{human['token']}").json()
        assert view["version"] == versions[medina["id"]]
        if view["actors"] == [human["seat"]]:
            answer = client.post(
                f"/api/seat/{human['token']}/act",
                json={"expected_version": view["version"], "action": view["legal"][0]},
            )
            assert answer.status_code == 200, answer.text
            assert answer.json()["version"] == view["version"] + 1


def test_a_new_database_has_exactly_the_tables_the_code_reads(db_url: str) -> None:
    _empty(db_url).dispose()
    engine = db.connect(db_url)
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), db.metadata)
    # reflected types of one dialect may read back as another spelling of the same type
    assert differences == [], differences
    engine.dispose()


def test_every_version_can_be_undone_and_done_again(db_url: str) -> None:
    _empty(db_url).dispose()
    engine = db.connect(db_url)
    db.downgrade(engine, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    db.migrate(engine)
    with engine.connect() as conn:
        assert db.current(conn) == db.head()
    assert {"tables", "seats", "moves", "table_events"} <= set(inspect(engine).get_table_names())
    engine.dispose()


def test_connecting_again_finds_the_newest_version_and_changes_nothing(db_url: str) -> None:
    _empty(db_url).dispose()
    engine = db.connect(db_url)
    engine.dispose()
    engine = db.connect(db_url)
    with engine.connect() as conn:
        assert db.current(conn) == db.head()
    engine.dispose()
