"""A live table: a game state rebuilt from the move log, its clocks, its connections and
takeovers, and each connection's payload worked out from exactly what its seat may see
(``live.TableManager`` keeps the tables of a server process)."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from ..engine.game import Game, State
from ..engine.picture import Drawn, keeping
from ..engine.registry import game as lookup_game
from . import board, result
from .clocks import AWAY, BACK, RESUME, TIMEOUT, SeatClocks, SettingsError, TableSettings
from .patches import Sent, cut_utf8, joined
from .store import (
    HUMAN,
    OPEN_STATUS,
    OVER,
    RUNNING,
    MoveRecord,
    TableEvent,
    TableRecord,
    TableSummary,
)
from .wire import Connection, TableError

if TYPE_CHECKING:
    from .rematch import Offer

LOG_LINES = 60  # log sentences sent with each update


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class LiveTable:
    def __init__(self, record: TableRecord, game: Game, state: State) -> None:
        self.record = record
        self.game = game
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.updated = self.loaded = time.time()
        # the real-time step in progress: name, deadline on the loop's clock, and the table
        # version at which it began
        self.step: tuple[str, float, int] | None = None
        try:
            self.settings = TableSettings.from_json(record.settings)
        except SettingsError as exc:
            raise TableError(f"table {record.id} has corrupt settings: {exc}", 500) from None
        self.humans = frozenset(s.seat for s in record.seats if s.kind == HUMAN)
        self.zombies: set[int] = set()  # human seats a bot plays for now
        self.timed_out: list[int] = []  # seats that ran out of time, in order
        self.ended: dict[str, Any] | None = None  # the game ended by a timeout
        self.absent_since: dict[int, float] = {}  # human seats without a connection
        self.acting_since: dict[int, float] = {}  # when each actor's decision began
        self.clocks = SeatClocks(self.settings, record.players, record.created)
        # what each (seat, language) was last sent, valid while ``epoch`` is unchanged;
        # every move and table event starts a new epoch
        self.epoch = 0
        self._payloads: dict[tuple[int | None, str], tuple[int, dict[str, Any], list[bytes]]] = {}
        # per (seat, language): the log events last described, by index, with their sentence
        # and board keys (``_log_payload``)
        self._described: dict[
            tuple[int | None, str], dict[int, tuple[dict[str, Any], str, list[str]]]
        ] = {}
        # the parts of the pictures that are kept from one move to the next (``_picture``)
        self._drawn = Drawn()
        self._drawn_epoch = 0
        # the last message made for each (seat, language), which patches are made against
        self.sent: dict[tuple[int | None, str], Sent] = {}
        self.seq = 0
        # per seat, the number of log events before and after its last move: what happened
        # since then is what the page marks as the other players' moves
        self.move_marks: dict[int, tuple[int, int]] = {}
        # when the first and the last move were made (the result screen's game length)
        self.first_move_at: float | None = None
        self.last_move_at: float | None = None
        self.rematch: Offer | None = None  # a rematch offer (server/rematch.py), in memory
        self.thinking: dict[int, str] = {}  # seats whose search bot is deciding: its level
        # with several server processes: this process's fencing token for the table
        self.fence: int | None = None
        self._advance(record.created, None)

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    def status(self) -> str:
        """``open`` while a human seat the lobby offers is free, ``running``, ``over``."""
        if self.is_over():
            return OVER
        return OPEN_STATUS if any(s.free for s in self.record.seats) else RUNNING

    def summary(self, state: State | None = None) -> TableSummary:
        """The status and seats to move that the lobby reads (of ``state`` if given: the
        position a move is about to make)."""
        state = state or self.state
        if self.ended is not None:
            return TableSummary(OVER, [], self.winners())
        if state.is_over():
            return TableSummary(OVER, [], state.winners())
        free = any(s.free for s in self.record.seats)
        return TableSummary(OPEN_STATUS if free else RUNNING, sorted(state.actors()))

    def is_over(self) -> bool:
        return self.ended is not None or self.state.is_over()

    def winners(self) -> list[int]:
        if self.ended is not None:  # on_timeout=end: everybody but the seat out of time
            return [s for s in range(self.record.players) if s != self.ended["seat"]]
        return self.state.winners()

    @classmethod
    def rebuild(
        cls, record: TableRecord, moves: list[MoveRecord], events: list[TableEvent] | None = None
    ) -> LiveTable:
        """The table after replaying its log: every move, and every table event at the
        version it happened."""
        game = lookup_game(record.game)
        # a table stored before an option existed plays on by that option's old value
        record.options = game.upgrade_options(record.options)
        table = cls(record, game, game.new_game(record.players, record.seed, record.options))
        pending = sorted(events or [], key=lambda e: e.version)
        i = 0
        while i < len(pending) and pending[i].version <= 0:
            table.apply_event(pending[i])
            i += 1
        last = {move.seat: n for n, move in enumerate(moves, start=1)}
        for n, move in enumerate(moves, start=1):
            marked = last[move.seat] == n  # count the log only around each seat's last move
            before = len(table.state.log(None)) if marked else 0
            table.state.apply(move.seat, game.action_from_json(move.action))
            if marked:
                table.move_marks[move.seat] = (before, len(table.state.log(None)))
            table.after_move(move.seat, move.at)
            while i < len(pending) and pending[i].version <= n:
                table.apply_event(pending[i])
                i += 1
        return table

    # -- clocks and takeovers --------------------------------------------------------------
    def clock_seats(self) -> list[int]:
        """The seats whose clocks run now: human seats that must act (none during a
        real-time step, which has its own clock)."""
        if not self.settings.timed or self.is_over() or self.state.realtime_step() is not None:
            return []
        return [s for s in self.state.actors() if s in self.humans and s not in self.zombies]

    def new_epoch(self) -> None:
        """What a seat is sent changes without a move (a seat was taken by an account)."""
        self.epoch += 1

    def _advance(self, at: float, mover: int | None) -> None:
        self.epoch += 1
        actors = [] if self.is_over() else list(self.state.actors())
        for seat in actors:
            if seat not in self.acting_since or seat == mover:
                self.acting_since[seat] = at
        for seat in list(self.acting_since):
            if seat not in actors:
                del self.acting_since[seat]
        self.clocks.advance(at, self.clock_seats(), mover)

    def after_move(self, seat: int, at: float) -> None:
        if self.first_move_at is None:
            self.first_move_at = at
        self.last_move_at = at
        self._advance(at, seat)

    def apply_event(self, event: TableEvent) -> None:
        """Take a stored table event into account (when it happens and when replaying)."""
        seat = event.seat
        if event.kind == TIMEOUT and seat is not None:
            self.timed_out.append(seat)
            if self.settings.on_timeout == "end":
                self.ended = {"reason": "timeout", "seat": seat}
            else:
                self.zombies.add(seat)
        elif event.kind == AWAY and seat is not None:
            self.zombies.add(seat)
        elif event.kind == BACK and seat is not None and seat not in self.timed_out:
            self.zombies.discard(seat)
        elif event.kind == RESUME:
            self.clocks.restart(event.at)
            for s in self.acting_since:
                self.acting_since[s] = max(self.acting_since[s], event.at)
        self._advance(event.at, None)

    def due(self, now: float) -> tuple[float, str, int] | None:
        """The next clock or takeover that falls due: ``(when, event kind, seat)``."""
        if self.is_over():
            return None
        found: list[tuple[float, str, int]] = []
        for seat in self.clocks.waiting:
            deadline = self.clocks.deadline(seat, now)
            if deadline is not None:
                found.append((deadline, TIMEOUT, seat))
        away = self.settings.zombie_after_s
        if away is not None:
            connected = {c.seat for c in self.connections}
            for seat, since in self.acting_since.items():
                if seat in self.humans and seat not in self.zombies and seat not in connected:
                    gone = max(self.absent_since.get(seat, self.loaded), since)
                    found.append((gone + away, AWAY, seat))
        return min(found) if found else None

    def clock_payload(self, now: float) -> list[dict[str, Any]] | None:
        if not self.settings.timed:
            return None
        out = []
        for seat in range(self.record.players):
            left = self.clocks.left(seat, now) if seat in self.humans else None
            out.append(
                {
                    "seat": seat,
                    "left_ms": None if left is None else max(0, int(left * 1000)),
                    "running": seat in self.clocks.waiting,
                }
            )
        return out

    # -- what a seat sees ---------------------------------------------------------------
    def payload(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """Everything one connection of ``seat`` gets: its view, its legal actions (only if
        it may act), the SVG picture, its log as sentences, the clocks, the outcome at the
        end. Worked out once per move and event; only the clocks are read afresh."""
        out, pieces = self._parts(seat, lang)
        out["svg"] = joined(pieces)
        return out

    def _parts(self, seat: int | None, lang: str) -> tuple[dict[str, Any], list[bytes]]:
        """``payload`` without its picture, and the picture cut into pieces (the table
        keeps the pieces, not the picture as well: patches are made of them)."""
        cached = self._payloads.get((seat, lang))
        if cached is not None and cached[0] == self.epoch:
            _, base, pieces = cached
        else:
            base = self._payload(seat, lang)
            pieces = cut_utf8(base.pop("svg"))
            self._payloads[(seat, lang)] = (self.epoch, base, pieces)
        out = dict(base)
        out["clocks"] = self.clock_payload(time.time())
        # outside the cache: each seat its own view of the offer (its own link only)
        out["rematch"] = None if self.rematch is None else self.rematch.view(seat)
        out["thinking"] = self.thinking_payload()
        step = self.state.realtime_step()
        if step is not None and self.step is not None and self.step[0] == step[0]:
            loop_now = asyncio.get_running_loop().time() if _loop_running() else None
            left = 0.0 if loop_now is None else max(0.0, self.step[1] - loop_now)
            out["clock"] = {"step": step[0], "step_ms": step[1], "left_ms": int(left * 1000)}
        return out, pieces

    def thinking_payload(self) -> list[dict[str, Any]]:
        """The bot seats deciding now, with their level (every connection may know)."""
        return [{"seat": seat, "level": name} for seat, name in sorted(self.thinking.items())]

    def forget_payloads(self, keep: set[tuple[int | None, str]]) -> None:
        """Drop the worked-out payloads nobody is connected for (they are ~100 KB each)."""
        for key in [k for k in self._payloads if k not in keep]:
            del self._payloads[key]
        for key in [k for k in self.sent if k not in keep]:
            del self.sent[key]
        for key in [k for k in self._described if k not in keep]:
            del self._described[key]

    def message(
        self, seat: int | None, lang: str, for_all: bool = True
    ) -> tuple[Sent, Sent | None]:
        """A new message for ``seat`` in ``lang`` (its payload numbered ``seq``), and the
        one made before it, which a connection that got it can be sent a patch against.
        A message for one connection only (``for_all=False``: it opened, or asked for a
        refresh) does not replace the one the others were sent, so they go on getting
        patches."""
        payload, pieces = self._parts(seat, lang)
        self.seq += 1
        payload["seq"] = self.seq
        new = Sent(self.seq, payload, pieces)
        old = self.sent.get((seat, lang))
        if for_all or old is None:
            self.sent[(seat, lang)] = new
            if old is not None:
                new.follows(old)
        return new, old

    def _payload(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The cached part of ``payload``: everything but the clocks and the rematch."""
        state, game = self.state, self.game
        view = state.view(seat)
        actors = list(state.actors())
        legal, labels = self._choices(seat, actors, view, lang)
        out: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "game": game.id,
            "game_name": game.name,
            "players": self.record.players,
            "seat": seat,
            "version": self.version,
            "actors": actors,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": game.seat_name(s.seat, lang),
                    "player": s.player_name,  # the account's name, if one has taken it
                }
                for s in self.record.seats
            ],
            "view": view,
            "legal": legal,
            "labels": labels,
            "moves": board.board_moves(game.id, view, legal, lang),
            "svg": self._picture(view, lang, legal),
            **self._log_payload(seat, lang),
            "over": self.is_over(),
            "settings": self.settings.to_json(),
            "options": {
                k: v if v is None or isinstance(v, (str, int, float, bool)) else "custom"
                for k, v in self.record.options.items()
            },
            "zombies": sorted(self.zombies),
            "timed_out": list(self.timed_out),
        }
        if self.settings.tutorial:
            from . import tutorial  # the guide builds on this module

            out["tutorial"] = tutorial.guide(self, seat, legal, lang)
        self._add_outcome(out, lang)
        return out

    def _picture(self, view: dict[str, Any], lang: str, legal: list[dict[str, Any]]) -> str:
        """The seat's picture, with the parts the table kept from the last moves' pictures
        (``picture.kept``); the parts no picture used since the move before go."""
        if self._drawn_epoch != self.epoch:
            self._drawn.turn()
            self._drawn_epoch = self.epoch
        with keeping(self._drawn):
            return board.render_svg(self.game.id, view, lang, legal)

    def _choices(
        self, seat: int | None, actors: list[int], view: dict[str, Any], lang: str
    ) -> tuple[list[dict[str, Any]], list[str]]:
        """The seat's legal actions as JSON and their labels; none unless it may act."""
        if seat is None or seat not in actors:
            return [], []
        actions = self.state.legal_actions(seat)
        legal = [a.to_json() for a in actions]
        labels = [self.game.action_label(a, view, lang) for a in actions]
        return legal, labels

    def _log_payload(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The seat's last ``LOG_LINES`` log sentences, their board keys, and the keys of
        the events since the seat's last move (``log``, ``log_keys``, ``recent``)."""
        every = self.state.log(seat)
        first = max(0, len(every) - LOG_LINES)
        events = every[first:]
        # a move adds an event or two: the sentences of the others are kept from the last
        # time, by the event (an event that reads differently now is described afresh)
        before = self._described.get((seat, lang), {})
        now: dict[int, tuple[dict[str, Any], str, list[str]]] = {}
        for i, event in enumerate(events, first):
            kept = before.get(i)
            if kept is not None and kept[0] == event:
                now[i] = kept
            else:
                touched = board.log_keys(self.game.id, [event])[0]
                now[i] = (event, self.game.describe(event, seat, lang), touched)
        self._described[(seat, lang)] = now
        lines = list(now.values())
        keys = [k for _, _, k in lines]
        since = board.recent_start(self.move_marks, seat) - first
        return {
            "log": [sentence for _, sentence, _ in lines],
            "log_keys": keys,
            "recent": board.recent_keys(keys, range(max(0, since), len(events))),
        }

    def _add_outcome(self, out: dict[str, Any], lang: str) -> None:
        """How the game ended, if it has: by a timeout (``ended``) or by the rules (winners,
        scores, returns); and the result screen, the same for every seat."""
        state = self.state
        if self.ended is not None:
            out["ended"] = dict(self.ended)
            out["winners"] = self.winners()
        elif state.is_over():
            out["winners"] = state.winners()
            out["scores"] = state.scores()
            out["returns"] = state.returns()
        if out["over"]:  # the result screen: the same for every seat, worked out once
            out["result"] = result.result_payload(self, lang)
