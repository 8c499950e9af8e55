"""``spieltisch db``: the database's schema version, and moving it (Alembic). The web table
upgrades its database when it starts; these commands are for operators who upgrade
before, look, or roll a release back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from .console import fail, out

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

database = typer.Typer(help="The database's schema version: show, upgrade, downgrade.")

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL: sqlite:///FILE, or postgresql://user:pass@host/db. Default: "
        "SQLite in your data directory.",
    ),
]


@contextmanager
def _engine(url: str | None, migrate: bool) -> Iterator[Engine]:
    """The database at ``url`` (upgraded first with ``migrate``); a URL that names no
    database, or one that cannot be reached, ends the command with one clear line."""
    from alembic.util import CommandError
    from sqlalchemy import create_engine
    from sqlalchemy.exc import ArgumentError, OperationalError

    from ..server import db

    try:
        engine = (
            db.connect(url) if migrate else create_engine(db.normalize_url(url or db.default_url()))
        )
        yield engine
    except ArgumentError:
        fail(f"{url!r} is no database URL (sqlite:///FILE or postgresql://user:pass@host/db)")
    except OperationalError as exc:
        fail(f"cannot reach the database: {str(exc.orig).strip().splitlines()[0]}")
    except CommandError as exc:  # an unknown version, or one newer than the database
        fail(str(exc))


@database.command()
def current(db_url: DbOption = None) -> None:
    """Print the version the database is at, and the newest there is."""
    from ..server import db

    with _engine(db_url, migrate=False) as engine, engine.connect() as conn:
        at = db.current(conn)
    out().print(f"at {at or 'no version (the first release, or empty)'}; newest {db.head()}")


@database.command()
def upgrade(db_url: DbOption = None) -> None:
    """Bring the database to the newest version (what the web table does when it starts)."""
    from ..server import db

    with _engine(db_url, migrate=True) as engine, engine.connect() as conn:
        out().print(f"the database is at {db.current(conn)}, the newest version")


@database.command()
def downgrade(
    version: Annotated[str, typer.Argument(help="The version to go back to, e.g. 0002.")],
    db_url: DbOption = None,
) -> None:
    """Take the database back to an older version (undoing the newer ones: their data is
    lost), e.g. before going back to an older release."""
    from ..server import db

    with _engine(db_url, migrate=False) as engine:
        db.downgrade(engine, version)
        with engine.connect() as conn:
            out().print(f"the database is at {db.current(conn) or 'no version'}")
