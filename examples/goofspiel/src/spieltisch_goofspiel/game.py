"""Toy Goofspiel, the game: its description (players, options, chance events), how a game
starts, how a position written by hand is read, and the words of its log."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

from spieltisch.engine import Action, ConformanceCase, Game, Option, SimultaneousChoices, State
from spieltisch.engine.chance import ChanceEvent
from spieltisch.engine.encoding import Encoding
from spieltisch.engine.errors import PositionError
from spieltisch.engine.game import BotFactory
from spieltisch.engine.options import resolve_options
from spieltisch.engine.schema import state_document_schema

from . import actions
from .state import GoofState

CARDS = 5  # every player holds the cards 1..CARDS; the prize deck is the same cards


def _prize_order(outcome: Any, players: int, options: Any) -> list[int]:
    """The chance event "prize deck" in public codes: the cards, top first."""
    if not isinstance(outcome, (list, tuple)) or sorted(outcome) != list(range(1, CARDS + 1)):
        raise ValueError(f"the prize deck is the cards 1 to {CARDS}, not {outcome!r}")
    return list(reversed(outcome))  # the deck's top is its last element


class Goofspiel(Game):
    id = "toy-goofspiel"
    name = "Toy Goofspiel"
    version = 1
    min_players = 2
    max_players = 3
    default_players = 2
    cards = CARDS  # a subclass may play with fewer
    options = (
        Option(
            "variant", "plain", "unused; shows how options are declared", choices=("plain", "x")
        ),
    )
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
        return GoofState.start(players, seed, options, self.cards)

    def from_position(self, text: str) -> State:
        """A position as ``GoofState.to_position`` writes it: JSON with ``hands``,
        ``prizes`` (the deck, its top last), ``prize`` (0: over), ``points`` and the
        ``bids`` made this round (seat -> card). Every card is checked."""
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
        if len(points) != players:
            raise PositionError(f"{len(points)} scores for {players} players")
        state = self.new_game(players)
        assert isinstance(state, GoofState)
        state.hands = [sorted(h) for h in hands]
        state.prizes, state.prize, state.points = list(prizes), prize, list(points)
        state.bids = SimultaneousChoices(tuple(range(players)))
        for seat, card in sorted(doc.get("bids", {}).items()):
            if not 0 <= int(seat) < players or card not in state.hands[int(seat)]:
                raise PositionError(f"seat {seat} cannot have bid {card}")
            state.bids.submit(int(seat), actions.bid(card))
        state.decide()
        return state

    def state_schema(self) -> dict[str, Any]:
        """The state document's schema: the facts ``GoofState`` declares."""
        cards = {"type": "integer", "minimum": 1, "maximum": self.cards}
        card_list = {"type": "array", "items": cards, "uniqueItems": True}
        data = {
            "type": "object",
            "required": ["hands", "prizes", "prize", "points", "pending", "events"],
            "additionalProperties": False,
            "properties": {
                "hands": {"type": "array", "items": card_list, "description": "per seat"},
                "prizes": {**card_list, "description": "the prize deck, its top last"},
                "prize": {"type": "integer", "minimum": 0, "maximum": self.cards},
                "points": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                "pending": {
                    "type": "object",
                    "description": "the bids made this round, by seat",
                    "additionalProperties": {
                        "type": "object",
                        "required": ["type", "card"],
                        "properties": {"type": {"const": "bid"}, "card": cards},
                    },
                },
                "events": {
                    "type": "array",
                    "items": {"type": "object", "required": ["type"]},
                },
            },
        }
        return state_document_schema(self, data)

    def action_from_json(self, obj: Any) -> Action:
        return actions.action_from_json(obj)

    def describe(self, event: dict[str, Any], seat: int | None, lang: str = "en") -> str:
        """A round of the log in words (English only: the four built-in games translate
        theirs with message catalogs, ``spieltisch.engine.i18n``)."""
        bids = ", ".join(
            f"{self.seat_name(s, lang)} {card}" for s, card in enumerate(event["bids"])
        )
        winner = event["winner"]
        taken = (
            "a tie: nobody takes it"
            if winner is None
            else f"{self.seat_name(winner, lang)} takes {event['prize']} points"
        )
        return f"Prize {event['prize']}: bids {bids}; {taken}."

    def action_label(self, action: Action, view: dict[str, Any], lang: str = "en") -> str:
        return f"Bid {action.card}" if isinstance(action, actions.Bid) else str(action)

    def bots(self) -> dict[str, BotFactory]:
        from .heuristic import HeuristicBot

        return {"heuristic": HeuristicBot}

    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        from .encoding import GoofEncoding

        resolve_options(self.options, options, players)  # bad options fail as in new_game
        return GoofEncoding(players, self.cards)

    def conformance_cases(self) -> list[ConformanceCase]:
        return [
            ConformanceCase(2, games=60, deep_every=3),
            ConformanceCase(3, games=60, deep_every=3),
        ]


GOOFSPIEL = Goofspiel()
GoofState.game = GOOFSPIEL  # the states' way back to their game (to_json names its id)
