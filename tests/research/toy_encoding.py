"""A numeric encoding for the toy Goofspiel of ``tests/engine/toy_goofspiel.py``, so that the
research adapters can be tested before (and independently of) the four games' encodings.

``TOY`` is a ``Goofspiel`` whose ``encoding()`` returns ``GoofEncoding``; its states are the
toy game's own states (same id, same rules), so it is passed to the adapters as a ``Game``
object instead of being registered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from spieltisch.engine import Action, IllegalAction, State
from spieltisch.engine.encoding import Encoding, Slice
from spieltisch.engine.options import resolve_options
from tests.engine.toy_goofspiel import Bid, Goofspiel, GoofState, bid


class GoofEncoding(Encoding):
    """Action ``i`` bids card ``i + 1``. The observation (all numbers in [0, 1]):
    the observer's seat one-hot, the prize one-hot (last cell: no prize), prizes left,
    every seat's points, every seat's hand as card bits, who still has to bid, and the
    observer's own pending bid."""

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
        view = state.view(seat)
        out = [0.0] * self.observation_size
        part = {s.name: s.start for s in self._layout}
        if seat is not None:
            out[part["seat"] + seat] = 1.0
        prize = view["prize"]
        out[part["prize"] + (prize - 1 if prize else self.cards)] = 1.0
        out[part["prizes_left"]] = view["prizes_left"] / self.cards
        total = self.cards * (self.cards + 1) / 2
        for s, p in enumerate(view["points"]):
            out[part["points"] + s] = p / total
        for s, hand in enumerate(view["hands"]):
            for card in hand:
                out[part["hands"] + s * self.cards + card - 1] = 1.0
        for s in view["bids"]["waiting_for"]:
            out[part["waiting"] + s] = 1.0
        mine = view["bids"].get("my_choice")
        if mine is not None:
            out[part["my_bid"] + mine["card"] - 1] = 1.0
        return out

    def observation_layout(self) -> Sequence[Slice]:
        return self._layout

    def describe_action(self, index: int) -> str:
        return f"bid {index + 1}"


class ToyGoofspiel(Goofspiel):
    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        resolve_options(self.options, options, players)  # rejects bad options like new_game
        return GoofEncoding(players, self.cards)


class RecallGoofEncoding(GoofEncoding):
    """The same, plus a perfect-recall ``information_state``: the observation, then per
    finished round (in order) the prize one-hot and every seat's bid one-hot. Bids are shown
    once a round is resolved, so this is everything a seat has seen (its own pending bid is
    in the observation part)."""

    def __init__(self, players: int, cards: int) -> None:
        super().__init__(players, cards)
        self.round_size = cards * (1 + players)
        self.information_state_size = self.observation_size + cards * self.round_size

    def information_state(self, state: State, seat: int | None) -> list[float]:
        out = self.observation(state, seat) + [0.0] * (self.cards * self.round_size)
        at = self.observation_size
        for event in state.log(seat):
            if event["type"] != "round":
                continue
            out[at + event["prize"] - 1] = 1.0
            for s, card in enumerate(event["bids"]):
                out[at + self.cards * (1 + s) + card - 1] = 1.0
            at += self.round_size
        return out


TOY = ToyGoofspiel()
# the names the tests register the toys under (``openspiel.register(game, name)``): the
# example game installed from ``examples/`` may hold the toy's own short name
TOY_NAME = "python_spieltisch_test_toy_goofspiel"
TINY_NAME = "python_spieltisch_test_tiny_goofspiel"


class TinyState(GoofState):
    """The toy's state, of the 3-card game (its documents name ``tiny-goofspiel``)."""

    game: ClassVar[TinyGoofspiel]


class TinyGoofspiel(ToyGoofspiel):
    """The toy Goofspiel with 3 cards: small enough for exact tree walks (CFR,
    exploitability) over its 6 prize orders."""

    id = "tiny-goofspiel"
    name = "Tiny Goofspiel"
    cards = 3
    state_class = TinyState

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        state = TinyState.__new__(TinyState)
        state._init_common(players, seed, options)
        state.hands = [list(range(1, self.cards + 1)) for _ in range(players)]
        state.prizes = list(range(1, self.cards + 1))
        state.chance.shuffle("prize deck", state.prizes)
        state.points = [0] * players
        state.events = []
        state.next_prize()
        return state


TINY = TinyGoofspiel()
TinyState.game = TINY
