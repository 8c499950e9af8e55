"""Who may use a seat's link: a seat an account has taken is played by that account only
(its link alone is not enough, issue 18); a seat nobody has taken is played by whoever
holds its link, as a guest, except at a rated table, where every seat is an account's."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from .accounts import Session
from .live import LiveTable, TableManager
from .store import HUMAN
from .wire import TableError


def session_of(connection: HTTPConnection) -> Session | None:
    """The session of a request or WebSocket (found by ``csrf.SessionAndCsrf``)."""
    session: Session | None = getattr(connection.state, "session", None)
    return session


def account_of(connection: HTTPConnection) -> str | None:
    """The id of the account signed in on a request or WebSocket, if any."""
    session = session_of(connection)
    return session.account.id if session is not None else None


def check_seat(table: LiveTable, seat: int, session: Session | None) -> None:
    """Refuse (403) a link whose seat is not this browser's to play."""
    record = table.record.seats[seat]
    if record.account_id is not None:
        if session is None or session.account.id != record.account_id:
            name = record.player_name
            raise TableError(
                f"this seat belongs to the player {name}: sign in as {name} to play it", 403
            )
    elif table.record.rated and record.kind == HUMAN:
        raise TableError(
            "at a rated table every seat is played by an account: sign in and take the seat",
            403,
        )


async def open_link(
    manager: TableManager, token: str, connection: HTTPConnection
) -> tuple[LiveTable, int | None]:
    """The table and seat (``None``: spectator) of a link, if this browser may use it."""
    table, seat = await manager.by_token(token)
    if seat is not None:
        check_seat(table, seat, session_of(connection))
    return table, seat
