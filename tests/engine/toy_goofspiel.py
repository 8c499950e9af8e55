"""A tiny simultaneous game for testing the kernel: Goofspiel with a hidden prize deck.

Each round the top prize card is revealed; every player bids one of their cards at once
(bids stay hidden until all have bid); the unique highest bid takes the prize's points, a
tie discards it. It exercises simultaneous phases, seeded chance and resampling, and shows
the kernel's parts in the smallest space: a declared state (``engine.fields``), one phase
(``engine.decision``), a position format and a scripted chance event."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from spieltisch.engine import (
    Action,
    ConformanceCase,
    Game,
    IllegalAction,
    MalformedAction,
    Option,
    SimultaneousChoices,
    State,
)
from spieltisch.engine.chance import ChanceEvent
from spieltisch.engine.decision import Decision, Phase
from spieltisch.engine.errors import PositionError
from spieltisch.engine.fields import CLONE, LIST, LISTS, cache, fact


@dataclass(frozen=True, slots=True)
class Bid(Action):
    kind: str
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "card": self.card}

    def __str__(self) -> str:
        return f"bid {self.card}"


def bid(card: int) -> Bid:
    return Bid("bid", card)


def _pending_json(bids: SimultaneousChoices) -> dict[str, Any]:
    return {str(s): a.to_json() for s, a in bids.choices()}


def _pending_from_json(obj: dict[str, Any], state: GoofState) -> SimultaneousChoices:
    bids = SimultaneousChoices(tuple(range(state.players)))
    for s, a in sorted(obj.items()):
        bids.submit(int(s), state.game.action_from_json(a))
    return bids


class Bidding(Phase):
    """GS-1: every player bids one card of their hand at once."""

    kind = "bid"

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [bid(c) for c in state.hands[seat]]

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        if not isinstance(action, Bid) or action.kind != "bid":
            return IllegalAction(f"{action!r} is not a bid", "GS-1")
        if action.card not in state.hands[seat]:
            return IllegalAction(f"you do not hold card {action.card}", "GS-1")
        return None

    def apply(self, state: Any, seat: int, action: Action) -> None:
        state.bids.submit(seat, action)
        if state.bids.complete():
            state.resolve_bids()
        else:
            state._decide()


class GoofState(State):
    hands: list[list[int]] = fact(LISTS, doc="each seat's bid cards, ascending")
    prizes: list[int] = fact(LIST, doc="the hidden prize deck; its top is the last")
    prize: int = fact(doc="the prize card bid for now; 0 once the deck is out")
    points: list[int] = fact(LIST, doc="points won per seat")
    bids: SimultaneousChoices = fact(
        CLONE,
        save=_pending_json,
        load=_pending_from_json,
        key="pending",
        doc="the bids made this round, hidden until all have bid",
    )
    events: list[dict[str, Any]] = fact(LIST, doc="the log")
    _decision: Decision | None = cache(doc="whose bid is awaited")

    game: ClassVar[Goofspiel]
    phases: ClassVar[dict[str, Phase]] = {"bid": Bidding()}

    def rebuild_caches(self) -> None:
        self._decide()

    def _decide(self) -> None:
        waiting = self.bids.waiting()
        self._decision = Decision("bid", waiting, "GS-1") if self.prize and waiting else None

    def decision(self) -> Decision | None:
        return self._decision

    def resolve_bids(self) -> None:
        """GS-2: the unique highest bid takes the prize; a tie discards it."""
        bids = {s: a.card for s, a in self.bids.choices()}  # type: ignore[attr-defined]
        for s, card in bids.items():
            self.hands[s].remove(card)
        best = max(bids.values())
        top = [s for s, c in bids.items() if c == best]
        if len(top) == 1:
            self.points[top[0]] += self.prize
        self.events.append({"type": "round", "prize": self.prize, "bids": bids_list(bids)})
        self.next_prize()

    def next_prize(self) -> None:
        self.prize = self.prizes.pop() if self.prizes else 0
        self.bids = SimultaneousChoices(tuple(range(self.players)))
        self._decide()

    def is_over(self) -> bool:
        return self.prize == 0

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def ranking_keys(self) -> list[tuple[Any, ...]]:
        return [(p,) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.points)
        return [s for s, p in enumerate(self.points) if p == best]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "prize": self.prize,
            "prizes_left": len(self.prizes),
            "points": self.points,
            "bids": self.bids.view(seat),
        }

    def resample(self, seat: int | None, rng: random.Random) -> GoofState:
        other = self.clone()
        other._moves = None
        rng.shuffle(other.prizes)
        other.bids.redraw_others(seat, lambda s: [bid(c) for c in other.hands[s]], rng)
        other._decide()
        return other

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        return list(self.events)

    def conserved(self) -> dict[str, int]:
        played = sum(self.game.cards - len(h) for h in self.hands)
        return {"bid cards": sum(len(h) for h in self.hands) + played}

    def to_position(self) -> str:
        bids = {str(s): a.card for s, a in self.bids.choices()}  # type: ignore[attr-defined]
        return json.dumps(
            {
                "hands": self.hands,
                "prizes": self.prizes,
                "prize": self.prize,
                "points": self.points,
                "bids": bids,
            }
        )


def bids_list(bids: dict[int, int]) -> list[int]:
    return [bids[s] for s in sorted(bids)]


def _prize_order(outcome: Any, players: int, options: Any) -> list[int]:
    if sorted(outcome) != list(range(1, Goofspiel.cards + 1)):
        raise ValueError(f"the prize deck is the cards 1 to {Goofspiel.cards}, not {outcome!r}")
    return list(reversed(outcome))  # given top first; the deck's top is its last element


class Goofspiel(Game):
    id = "toy-goofspiel"
    name = "Toy Goofspiel"
    version = 1
    min_players = 2
    max_players = 3
    default_players = 2
    cards = 5
    options = (Option("variant", "plain", "unused; tests option handling", choices=("plain", "x")),)
    state_class = GoofState
    chance_events: ClassVar[dict[str, ChanceEvent]] = {
        "prize deck": ChanceEvent(
            "prize deck",
            "shuffle",
            "the order of the prize cards",
            "the cards, top first",
            _prize_order,
        )
    }

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = GoofState.__new__(GoofState)
        state._init_common(players, seed, options)
        state.hands = [list(range(1, self.cards + 1)) for _ in range(players)]
        state.prizes = list(range(1, self.cards + 1))
        state.chance.shuffle("prize deck", state.prizes)
        state.points = [0] * players
        state.events = []
        state.next_prize()
        return state

    def from_position(self, text: str) -> State:
        try:
            doc = json.loads(text)
            hands, prizes, prize, points = doc["hands"], doc["prizes"], doc["prize"], doc["points"]
        except (ValueError, KeyError, TypeError) as exc:
            raise PositionError(
                f"a Goofspiel position is JSON with hands, prizes, prize and points: {exc}"
            ) from None
        players = len(hands)
        if not self.min_players <= players <= self.max_players:
            raise PositionError(f"{players} hands: the game has 2 or 3 players")
        seen = sorted([*prizes, *([prize] if prize else [])])
        if any(c not in range(1, self.cards + 1) for c in seen) or len(set(seen)) != len(seen):
            raise PositionError(f"prize cards {seen} are not distinct cards 1 to {self.cards}")
        if any(len(h) != len(seen) for h in hands):
            raise PositionError("every hand holds one card per prize not yet won")
        state = self.new_game(players)
        assert isinstance(state, GoofState)
        state.hands = [sorted(h) for h in hands]
        state.prizes, state.prize, state.points = list(prizes), prize, list(points)
        state.bids = SimultaneousChoices(tuple(range(players)))
        for seat, card in sorted(doc.get("bids", {}).items()):
            if not 0 <= int(seat) < players or card not in state.hands[int(seat)]:
                raise PositionError(f"seat {seat} cannot have bid {card}")
            state.bids.submit(int(seat), bid(card))
        state._decide()
        return state

    def action_from_json(self, obj: Any) -> Action:
        if (
            not isinstance(obj, dict)
            or obj.get("type") != "bid"
            or not isinstance(obj.get("card"), int)
        ):
            raise MalformedAction(f"not a bid: {obj!r}")
        return bid(obj["card"])

    def rules_markdown(self) -> str:
        return "Toy Goofspiel: bid for prizes at the same time."

    def conformance_cases(self) -> list[ConformanceCase]:
        return [
            ConformanceCase(2, games=60, deep_every=3),
            ConformanceCase(3, games=60, deep_every=3),
        ]


GOOFSPIEL = Goofspiel()
GoofState.game = GOOFSPIEL
