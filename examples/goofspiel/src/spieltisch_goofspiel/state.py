"""The state of Toy Goofspiel, declared once (``spieltisch.engine.fields``): each field is a
fact of the position (saved, loaded, cloned, compared) or a cache (rebuilt after a load)."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any, ClassVar

from spieltisch.engine import SimultaneousChoices, State
from spieltisch.engine.decision import Decision, Phase
from spieltisch.engine.fields import CLONE, LIST, LISTS, cache, fact

from .actions import action_from_json, bid
from .bidding import Bidding

if TYPE_CHECKING:
    from .game import Goofspiel


def _bids_json(bids: SimultaneousChoices) -> dict[str, Any]:
    return {str(seat): action.to_json() for seat, action in bids.choices()}


def _bids_from_json(obj: dict[str, Any], state: GoofState) -> SimultaneousChoices:
    bids = SimultaneousChoices(tuple(range(state.players)))
    for seat, action in sorted(obj.items()):
        bids.submit(int(seat), action_from_json(action))
    return bids


class GoofState(State):
    hands: list[list[int]] = fact(LISTS, doc="each seat's cards left to bid, ascending")
    prizes: list[int] = fact(LIST, doc="the hidden prize deck; its top is the last")
    prize: int = fact(doc="the prize card bid for now; 0 once the deck is out (GS-R1)")
    points: list[int] = fact(LIST, doc="points won per seat")
    bids: SimultaneousChoices = fact(
        CLONE,
        save=_bids_json,
        load=_bids_from_json,
        key="pending",
        doc="the bids made this round, hidden until all have bid (GS-R2)",
    )
    events: list[dict[str, Any]] = fact(LIST, doc="the log: one event per round")
    _decision: Decision | None = cache(doc="whose bid is awaited")

    game: ClassVar[Goofspiel]
    phases: ClassVar[dict[str, Phase]] = {"bid": Bidding()}

    @classmethod
    def start(cls, players: int, seed: int, options: dict[str, Any], cards: int) -> GoofState:
        """GS-R1: every player takes the cards 1 to ``cards``; the prize cards are shuffled
        (the chance event "prize deck") and the first is turned up."""
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self.hands = [list(range(1, cards + 1)) for _ in range(players)]
        self.prizes = list(range(1, cards + 1))
        self.chance.shuffle("prize deck", self.prizes)
        self.points = [0] * players
        self.events = []
        self.next_prize()
        return self

    # -- the turn ----------------------------------------------------------------------
    def rebuild_caches(self) -> None:
        self.decide()

    def decide(self) -> None:
        """GS-R2: the seats that have not bid yet decide, until the prizes are out."""
        waiting = self.bids.waiting()
        self._decision = Decision("bid", waiting, "GS-R2") if self.prize and waiting else None

    def decision(self) -> Decision | None:
        return self._decision

    def next_prize(self) -> None:
        """GS-R1: the top card of the prize deck is turned up (0: the game is over)."""
        self.prize = self.prizes.pop() if self.prizes else 0
        self.bids = SimultaneousChoices(tuple(range(self.players)))
        self.decide()

    # -- the outcome -------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.prize == 0

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def ranking_keys(self) -> list[tuple[Any, ...]]:
        return [(p,) for p in self.points]

    def winners(self) -> list[int]:
        """GS-R4: the most points win; equal points share the win."""
        if not self.is_over():
            return []
        best = max(self.points)
        return [seat for seat, p in enumerate(self.points) if p == best]

    # -- what a seat sees --------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Hands and points are public (every bid is shown once all are in); the prize deck's
        order and the bids of this round are not (GS-R2)."""
        return {
            "seat": seat,
            "hands": self.hands,
            "prize": self.prize,
            "prizes_left": len(self.prizes),
            "points": self.points,
            "bids": self.bids.view(seat),
        }

    def resample(self, seat: int | None, rng: random.Random) -> GoofState:
        other = self.clone()
        assert isinstance(other, GoofState)
        other._moves = None
        rng.shuffle(other.prizes)
        other.bids.redraw_others(seat, lambda s: [bid(c) for c in other.hands[s]], rng)
        other.decide()
        return other

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        return list(self.events)

    def conserved(self) -> dict[str, int]:
        spent = sum(len(e["bids"]) for e in self.events)
        return {"bid cards": sum(len(h) for h in self.hands) + spent}

    # -- positions ---------------------------------------------------------------------
    def to_position(self) -> str:
        """The position as JSON with public names (``Goofspiel.from_position`` reads it)."""
        bids = {str(s): a.card for s, a in self.bids.choices()}  # type: ignore[attr-defined]
        doc = {
            "hands": self.hands,
            "prizes": self.prizes,
            "prize": self.prize,
            "points": self.points,
            "bids": bids,
        }
        return json.dumps(doc)
