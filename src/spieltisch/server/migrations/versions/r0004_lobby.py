"""The lobby (issue 18): who made a table, whether it is rated and listed, its status and
who is to move (so that the lobby and "My games" are read without replaying a game), and
per seat the account that has taken it and how it is offered (to me, open to anyone, to
an invited account, or by link)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(
            sa.Column("bots_rated", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))
        # open, running or over; NULL for a table of an older release until it is loaded
        batch.add_column(sa.Column("status", sa.String(8), nullable=True))
        batch.add_column(sa.Column("actors", sa.String(64), nullable=True))  # JSON list
        batch.add_column(sa.Column("winners", sa.String(64), nullable=True))  # JSON list
        batch.add_column(sa.Column("updated", sa.Float, nullable=True))
        batch.create_foreign_key("fk_tables_creator_id", "accounts", ["creator_id"], ["id"])
        batch.create_index("ix_tables_status", ["status"])
        batch.create_index("ix_tables_creator_id", ["creator_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("invite", sa.String(8), nullable=False, server_default="link"))
        batch.add_column(sa.Column("invited_id", sa.String(32), nullable=True))
        batch.create_foreign_key("fk_seats_account_id", "accounts", ["account_id"], ["id"])
        batch.create_foreign_key("fk_seats_invited_id", "accounts", ["invited_id"], ["id"])
        batch.create_index("ix_seats_account_id", ["account_id"])
        batch.create_index("ix_seats_invited_id", ["invited_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_invited_id")
        batch.drop_index("ix_seats_account_id")
        batch.drop_constraint("fk_seats_invited_id", type_="foreignkey")
        batch.drop_constraint("fk_seats_account_id", type_="foreignkey")
        for name in ("invited_id", "invite", "account_id"):
            batch.drop_column(name)
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_creator_id")
        batch.drop_index("ix_tables_status")
        batch.drop_constraint("fk_tables_creator_id", type_="foreignkey")
        for name in (
            "updated",
            "winners",
            "actors",
            "status",
            "listed",
            "bots_rated",
            "rated",
            "creator_id",
        ):
            batch.drop_column(name)
