"""Finished analyses in the database, so that one survives a restart of the server: one row
per table (its latest analysis), beside the move log (``db.py``).

The row is derived data: it can always be worked out again from the moves. Its table is
part of the schema's versions (``migrations/versions/r0002_analyses.py``)."""

from __future__ import annotations

import json
import time

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    delete,
    insert,
    select,
)

from ..analysis.postgame import GameAnalysis
from . import db
from .store import Store

analyses = Table(
    "analyses",
    db.metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("version", Integer, nullable=False),  # the table's moves when it was analysed
    Column("iterations", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("data", Text, nullable=False),  # JSON: GameAnalysis.to_data()
)


def save(store: Store, table_id: str, version: int, analysis: GameAnalysis) -> None:
    """Keep ``analysis`` as the table's (replacing an older one)."""
    data = json.dumps(analysis.to_data(), ensure_ascii=False, separators=(",", ":"))
    with store.engine.begin() as conn:
        conn.execute(delete(analyses).where(analyses.c.table_id == table_id))
        conn.execute(
            insert(analyses).values(
                table_id=table_id,
                version=version,
                iterations=analysis.iterations,
                seed=analysis.seed,
                created=time.time(),
                data=data,
            )
        )


def load(store: Store, table_id: str, version: int, iterations: int) -> GameAnalysis | None:
    """The table's kept analysis of its ``version`` moves with ``iterations`` per search,
    or ``None`` (none kept, or one of another budget or of fewer moves)."""
    with store.engine.connect() as conn:
        row = conn.execute(select(analyses).where(analyses.c.table_id == table_id)).first()
    if row is None or row.version != version or row.iterations != iterations:
        return None
    return GameAnalysis.from_data(json.loads(row.data))
