"""Fixtures of the server tests: each runs on SQLite and, where CI provides one, on a real
PostgreSQL server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import db
from spieltisch.server.app import create_app

from ..services import POSTGRES  # e.g. postgresql://u:p@localhost/db (one per worker)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every test runs on SQLite and, where CI provides one, on a real PostgreSQL server
    (the same code; the schema is dropped first so each test starts empty)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    if not POSTGRES:
        pytest.skip("set SPIELTISCH_TEST_POSTGRES to a PostgreSQL URL to test it")
    engine = db.connect(POSTGRES)
    db.drop_everything(engine)  # the schema's version record too: the next connect rebuilds
    engine.dispose()
    return POSTGRES


@pytest.fixture
def client(db_url: str) -> Iterator[Any]:
    with TestClient(create_app(db_url)) as c:
        yield c
