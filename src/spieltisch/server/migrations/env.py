"""Alembic's entry: run the migrations on the connection ``db.migrate`` hands over (the
server never reads an alembic.ini; ``spieltisch db`` and ``db.connect`` drive it)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
