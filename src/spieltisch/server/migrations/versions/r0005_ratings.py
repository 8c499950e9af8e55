"""Ratings (issue 18): each account's OpenSkill rating per game, its history (one row per
rated game), and per table when its result was rated (so that it is rated once)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "account_id", name="uq_rating_history_table_account"),
    )
    op.create_index("ix_rating_history_account_id", "rating_history", ["account_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated_at")
    op.drop_index("ix_rating_history_account_id", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
