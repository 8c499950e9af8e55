"""The numeric face of Toy Goofspiel for learning tools (``spieltisch.engine.encoding``):
what the research adapters (PettingZoo, OpenSpiel, Gymnasium) play through.

Action ``i`` bids card ``i + 1``. The observation, all numbers in [0, 1]: the observer's
seat one-hot, the prize one-hot (last cell: no prize), the prizes left, every seat's points,
every seat's hand as card bits, who still has to bid, and the observer's own pending bid."""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.engine import Action, IllegalAction, State
from spieltisch.engine.encoding import Encoding, Slice

from .actions import Bid, bid
from .state import GoofState


class GoofEncoding(Encoding):
    observation_bounds = (0.0, 1.0)
    utility_bounds = (-1.0, 1.0)

    def __init__(self, players: int, cards: int) -> None:
        self.players = players
        self.cards = cards
        self.num_actions = cards
        self.max_game_length = cards * players
        sizes = [
            ("seat", players, "observer's seat one-hot (all zero: spectator)"),
            ("prize", cards + 1, "current prize one-hot; last cell: none (game over)"),
            ("prizes_left", 1, "prize cards still in the deck / cards"),
            ("points", players, "points per seat / total prize points"),
            ("hands", players * cards, "per seat, one bit per card still in hand"),
            ("waiting", players, "seats that still have to bid this round"),
            ("my_bid", cards, "the observer's pending bid one-hot"),
        ]
        self._layout: list[Slice] = []
        at = 0
        for name, size, doc in sizes:
            self._layout.append(Slice(name, at, size, doc))
            at += size
        self.observation_size = at
        self._start = {part.name: part.start for part in self._layout}

    def action_index(self, action: Action) -> int:
        if not isinstance(action, Bid):
            raise IllegalAction(f"not a bid: {action}")
        return action.card - 1

    def action_from_index(self, state: State, seat: int, index: int) -> Action:
        assert isinstance(state, GoofState)
        if seat in state.actors() and 0 <= index < self.cards and index + 1 in state.hands[seat]:
            return bid(index + 1)
        raise IllegalAction(f"action index {index} is not legal for seat {seat} now")

    def observation(self, state: State, seat: int | None) -> list[float]:
        view = state.view(seat)  # only what the seat may see
        out = [0.0] * self.observation_size
        at = self._start
        if seat is not None:
            out[at["seat"] + seat] = 1.0
        prize = view["prize"]
        out[at["prize"] + (prize - 1 if prize else self.cards)] = 1.0
        out[at["prizes_left"]] = view["prizes_left"] / self.cards
        total = self.cards * (self.cards + 1) / 2
        for s, points in enumerate(view["points"]):
            out[at["points"] + s] = points / total
        for s, hand in enumerate(view["hands"]):
            for card in hand:
                out[at["hands"] + s * self.cards + card - 1] = 1.0
        for s in view["bids"]["waiting_for"]:
            out[at["waiting"] + s] = 1.0
        mine = view["bids"].get("my_choice")
        if mine is not None:
            out[at["my_bid"] + mine["card"] - 1] = 1.0
        return out

    def observation_layout(self) -> Sequence[Slice]:
        return self._layout

    def describe_action(self, index: int) -> str:
        return f"bid {index + 1}"
