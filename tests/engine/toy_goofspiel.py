"""A tiny simultaneous game for testing the kernel: Goofspiel with a hidden prize deck.

Each round the top prize card is revealed; every player bids one of their cards at once
(bids stay hidden until all have bid); the unique highest bid takes the prize's points, a
tie discards it. It exercises simultaneous phases, seeded chance and resampling."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

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


@dataclass(frozen=True, slots=True)
class Bid(Action):
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "bid", "card": self.card}

    def __str__(self) -> str:
        return f"bid {self.card}"


class GoofState(State):
    __slots__ = ("bids", "events", "hands", "points", "prize", "prizes")

    game: Goofspiel  # type: ignore[misc]

    def actors(self) -> tuple[int, ...]:
        return () if self.prize == 0 else self.bids.waiting()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        return [Bid(c) for c in self.hands[seat]]

    def _apply(self, seat: int, action: Action) -> None:
        if not isinstance(action, Bid) or action.card not in self.hands[seat]:
            raise IllegalAction(f"you do not hold card {getattr(action, 'card', action)}")
        self.bids.submit(seat, action)
        if not self.bids.complete():
            return
        bids = {s: a.card for s, a in self.bids.choices()}  # type: ignore[attr-defined]
        for s, card in bids.items():
            self.hands[s].remove(card)
        best = max(bids.values())
        top = [s for s, c in bids.items() if c == best]
        if len(top) == 1:
            self.points[top[0]] += self.prize
        self.events.append({"type": "round", "prize": self.prize, "bids": bids_list(bids)})
        self._next_prize()

    def _next_prize(self) -> None:
        self.prize = self.prizes.pop() if self.prizes else 0
        self.bids = SimultaneousChoices(tuple(range(self.players)))

    def clone(self) -> GoofState:
        other = GoofState.__new__(GoofState)
        self._copy_common(other)
        other.hands = [h.copy() for h in self.hands]
        other.prizes = self.prizes.copy()
        other.prize = self.prize
        other.points = self.points.copy()
        other.bids = self.bids.clone()
        other.events = self.events.copy()
        return other

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
        other.bids.redraw_others(seat, lambda s: [Bid(c) for c in other.hands[s]], rng)
        return other

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        return list(self.events)

    def conserved(self) -> dict[str, int]:
        played = sum(self.game.cards - len(h) for h in self.hands)
        return {"bid cards": sum(len(h) for h in self.hands) + played}

    def _data_json(self) -> dict[str, Any]:
        pending = {str(s): a.to_json() for s, a in self.bids.choices()}
        return {
            "hands": self.hands,
            "prizes": self.prizes,
            "prize": self.prize,
            "points": self.points,
            "pending": pending,
            "events": self.events,
        }


def bids_list(bids: dict[int, int]) -> list[int]:
    return [bids[s] for s in sorted(bids)]


class Goofspiel(Game):
    id = "toy-goofspiel"
    name = "Toy Goofspiel"
    version = 1
    min_players = 2
    max_players = 3
    default_players = 2
    cards = 5
    options = (Option("variant", "plain", "unused; tests option handling", choices=("plain", "x")),)

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = GoofState.__new__(GoofState)
        state._init_common(players, seed, options)
        state.hands = [list(range(1, self.cards + 1)) for _ in range(players)]
        state.prizes = list(range(1, self.cards + 1))
        state.chance.shuffle("prize deck", state.prizes)
        state.points = [0] * players
        state.events = []
        state._next_prize()
        return state

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: dict[str, Any]
    ) -> State:
        state = GoofState.__new__(GoofState)
        state._init_common(players, seed, options)
        state.hands = [list(h) for h in data["hands"]]
        state.prizes = list(data["prizes"])
        state.prize = data["prize"]
        state.points = list(data["points"])
        state.events = list(data["events"])
        state.bids = SimultaneousChoices(tuple(range(players)))
        for s, a in sorted(data["pending"].items()):
            state.bids.submit(int(s), self.action_from_json(a))
        return state

    def action_from_json(self, obj: Any) -> Action:
        if (
            not isinstance(obj, dict)
            or obj.get("type") != "bid"
            or not isinstance(obj.get("card"), int)
        ):
            raise MalformedAction(f"not a bid: {obj!r}")
        return Bid(obj["card"])

    def rules_markdown(self) -> str:
        return "Toy Goofspiel: bid for prizes at the same time."

    def conformance_cases(self) -> list[ConformanceCase]:
        return [
            ConformanceCase(2, games=60, deep_every=3),
            ConformanceCase(3, games=60, deep_every=3),
        ]


GOOFSPIEL = Goofspiel()
GoofState.game = GOOFSPIEL
