"""A mutual rematch: one human seat of a finished table proposes, every other human seat
accepts or declines, and when all have accepted the server makes one new table (same game,
players, options and settings, a new seed, the same seats and bots) with ``rematch_of`` set
to the old one.

Each seat learns only its own link of the new table (spectators the new spectator link):
the offer's view is worked out per seat (``Offer.view``). The offer lives in memory on the
live table (``LiveTable.rematch``); a server restart withdraws an open offer, but a table
already made is found again in the store (``Store.rematches``) when a seat proposes or
accepts after the restart. Every change happens under the table's lock, so two proposals at
the same moment end in one offer and one table.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from .live import LiveTable, TableManager
from .store import LINK, ME, SeatOffer
from .wire import TableError

GRACE_S = 10.0  # a seat whose last connection closed has this long to come back (a reload)
PROPOSE, ACCEPT, DECLINE, WITHDRAW = "propose", "accept", "decline", "withdraw"
ANSWERS = (PROPOSE, ACCEPT, DECLINE, WITHDRAW)
DECLINED, LEFT, WITHDRAWN = "declined", "left", "withdrawn"  # how an offer ended


class RematchAnswer(BaseModel):
    """A seat's answer to (or proposal of) a rematch."""

    answer: Literal["propose", "accept", "decline", "withdraw"] = Field(
        "propose",
        description="'propose' a rematch (or join an open offer), 'accept' the open offer, "
        "'decline' it, or 'withdraw' your own offer",
    )


@dataclass
class Offer:
    """One rematch offer of a finished table: who proposed, which human seats have
    accepted, how it ended, and once made, the new table and each seat's link to it."""

    by: int
    humans: frozenset[int]
    accepted: set[int]
    ended: str | None = None  # declined, left, withdrawn
    ended_by: int | None = None
    table: str | None = None  # the new table's id once it exists
    # per seat (None: spectators), the page of the new table; nobody is shown another's
    links: dict[int | None, str] = field(default_factory=dict)

    @property
    def open(self) -> bool:
        return self.ended is None and self.table is None

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) is told of the offer: never another seat's
        link."""
        return {
            "by": self.by,
            "accepted": sorted(self.accepted),
            "waiting_for": sorted(self.humans - self.accepted) if self.open else [],
            "ended": self.ended,
            "ended_by": self.ended_by,
            "table": self.table,
            "link": self.links.get(seat),
        }

    def made(self, new: LiveTable) -> None:
        """The new table exists: every human seat has accepted and gets its own link."""
        self.table = new.id
        self.accepted = set(self.humans)
        self.links = {s.seat: f"/play/{s.token}" for s in new.record.seats if s.seat in self.humans}
        self.links[None] = f"/watch/{new.record.spectator_token}"


class Rematches:
    """The rematch operations of one server: answers (HTTP and WebSocket) and departures."""

    def __init__(self, manager: TableManager, grace_s: float = GRACE_S) -> None:
        self.manager = manager
        self.grace_s = grace_s
        self._tasks: set[asyncio.Task[None]] = set()

    async def answer(self, table: LiveTable, seat: int | None, answer: str) -> dict[str, Any]:
        """Apply one seat's answer; the seat's view of the offer afterwards. Every seat of
        the table is sent its update when the offer changed."""
        if seat is None:
            raise TableError("a spectator link cannot propose or answer a rematch", 403)
        if answer not in ANSWERS:
            raise TableError(f"a rematch answer is one of {', '.join(ANSWERS)}, not {answer!r}")
        if seat not in table.humans:
            raise TableError("a bot's seat cannot propose or answer a rematch", 403)
        async with table.lock:
            if not table.is_over():
                raise TableError(
                    "the game is still running: a rematch can be proposed when it is over", 409
                )
            changed = await self._answer(table, seat, answer)
            offer = table.rematch
            assert offer is not None  # an answer that is not refused leaves an offer
            view = offer.view(seat)
        if changed:
            await self.manager.broadcast(table)
        return view

    async def _answer(self, table: LiveTable, seat: int, answer: str) -> bool:
        """Under the table's lock: change the offer; whether anything changed."""
        offer = table.rematch
        if offer is not None and offer.table is not None:
            return False  # made already: everybody is answered with their own link
        name = table.game.seat_name
        if offer is None or not offer.open:
            if answer in (DECLINE, WITHDRAW):
                raise TableError(f"there is no open rematch offer to {answer}", 409)
            earlier = await asyncio.to_thread(self.manager.store.rematches, table.id)
            if earlier:  # made before (e.g. before a restart): found again, not made twice
                offer = Offer(seat, table.humans, set(table.humans))
                offer.made(await self.manager.get(earlier[0]))
                table.rematch = offer
                return True
            if answer == ACCEPT:
                raise TableError("there is no open rematch offer to accept; propose one", 409)
            table.rematch = offer = Offer(seat, table.humans, {seat})
        elif answer in (PROPOSE, ACCEPT):
            if seat in offer.accepted:
                return False
            offer.accepted.add(seat)
        elif answer == DECLINE:
            offer.ended, offer.ended_by = DECLINED, seat
            return True
        else:  # withdraw
            if seat != offer.by:
                raise TableError(
                    f"only {name(offer.by)}, who proposed the rematch, can withdraw it; "
                    "decline it instead",
                    409,
                )
            offer.ended, offer.ended_by = WITHDRAWN, seat
            return True
        if offer.accepted >= offer.humans:
            offer.made(await self._new_table(table))
        return True

    async def _new_table(self, table: LiveTable) -> LiveTable:
        """The rematch: the same game, players, options, settings, seats and bots, a new
        seed; each seat an account had taken is that account's again, the table as rated
        as before (and unlisted: everybody is seated)."""
        record = table.record
        return await self.manager.create(
            record.game,
            record.players,
            dict(record.options),
            [(s.kind, s.bot) for s in record.seats],
            settings=dict(record.settings),
            rematch_of=record.id,
            offers=[
                SeatOffer(ME, account_id=s.account_id, player=s.player)
                if s.account_id
                else SeatOffer(LINK)
                for s in record.seats
            ],
            creator_id=record.creator_id,
            rated=record.rated,
            bots_rated=record.bots_rated,
        )

    async def message(
        self, table: LiveTable, seat: int | None, message: dict[str, Any]
    ) -> dict[str, Any]:
        """The reply to a WebSocket ``{"type": "rematch", "answer": ...}``."""
        ref = message.get("id")
        answer = message.get("answer", PROPOSE)
        try:
            view = await self.answer(table, seat, answer if isinstance(answer, str) else "")
        except TableError as exc:
            return {"type": "error", "id": ref, "error": str(exc)}
        return {"type": "rematch", "id": ref, "rematch": view}

    def left(self, table: LiveTable, seat: int | None) -> None:
        """A connection closed: when it was a human seat's last and an offer is open, the
        offer is withdrawn unless the seat comes back within the grace (a reload)."""
        offer = table.rematch
        if seat is None or offer is None or not offer.open or seat not in offer.humans:
            return
        if any(c.seat == seat for c in table.connections):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._gone(table, seat, offer))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _gone(self, table: LiveTable, seat: int, offer: Offer) -> None:
        await asyncio.sleep(self.grace_s)
        async with table.lock:
            if table.rematch is not offer or not offer.open:
                return
            if any(c.seat == seat for c in table.connections):
                return  # back in time
            offer.ended, offer.ended_by = LEFT, seat
        await self.manager.broadcast(table)
