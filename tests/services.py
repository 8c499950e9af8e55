"""The real PostgreSQL and Redis servers CI provides (``SPIELTISCH_TEST_POSTGRES``,
``SPIELTISCH_TEST_REDIS``), one database of each per pytest-xdist worker.

The suite runs on every core (``-n auto``). The tests that use these services empty their
database first, so two workers sharing one would wipe each other's tables: worker ``gwN``
gets the PostgreSQL database ``<name>_gwN`` (created on first use; the role needs
CREATEDB) and the Redis database ``<number> - N``."""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", … or "" without xdist


def _worker_index() -> int:
    return int(WORKER.removeprefix("gw")) if WORKER.startswith("gw") else 0


def _postgres() -> str | None:
    base = os.environ.get("SPIELTISCH_TEST_POSTGRES")
    if not base or not WORKER:
        return base
    parts = urlsplit(base)
    name = f"{parts.path.lstrip('/')}_{WORKER}"
    import sqlalchemy as sa

    # connect to the base database to create this worker's own (outside a transaction)
    from spieltisch.server.db import normalize_url

    admin = sa.create_engine(normalize_url(base), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            exists = conn.execute(
                sa.text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}
            ).first()
            if exists is None:
                conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    return urlunsplit(parts._replace(path=f"/{name}"))


def _redis() -> str | None:
    base = os.environ.get("SPIELTISCH_TEST_REDIS")
    if not base or not WORKER:
        return base
    parts = urlsplit(base)
    number = int(parts.path.lstrip("/") or 0)
    own = (number - _worker_index()) % 16  # a default Redis server has databases 0–15
    return urlunsplit(parts._replace(path=f"/{own}"))


POSTGRES = _postgres()
REDIS = _redis()
