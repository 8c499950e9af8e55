"""The Kingdoms of Crusaders as a Spieltisch game: options, factory, parsing, log text."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...engine.action import Action
from ...engine.encoding import Encoding
from ...engine.errors import IllegalAction
from ...engine.game import JSON, ConformanceCase, Game, State
from ...engine.i18n import N_
from ...engine.options import Option, resolve_options
from ...engine.result import ResultSheet
from . import actions, result
from .deck import DEFAULT_DECK, load_edition, normalize_deck_option
from .describe import describe_event
from .encoding import encoding_for
from .explain import why_not
from .labels import action_label
from .state import KingdomsState


def _first_player(value: Any, players: int) -> Any:
    if value == "random":
        return "random"
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"must be 'random' or a seat 0-{players - 1}, not {value!r}")
    return value


OPTIONS = (
    Option(
        "claims",
        "auto",
        "auto: the engine decides every territory as soon as a claim on it is proven; "
        "manual: the active player may claim proven territories after their play; "
        "off: territories are decided only when every player has 4 cards there (KC-R28-R30).",
        choices=("auto", "manual", "off"),
        label=N_("Claims"),
        summary=N_(
            "How a territory can be won before every army there is complete: by a proof that "
            "no cards off the table can beat a complete army."
        ),
        value_labels=(
            ("auto", N_("automatic: a proven territory is won at once")),
            ("manual", N_("by the player: claim a proven territory on your turn")),
            ("off", N_("off: a territory is decided only when every army is complete")),
        ),
        source="reconstructed",
    ),
    Option(
        "stop_when_decided",
        False,
        "End the game as soon as the set of winners can no longer change (KC-R34).",
        choices=(False, True),
        label=N_("Stop when the winners are fixed"),
        summary=N_(
            "End the game as soon as the victory markers still to take can no longer change "
            "who wins."
        ),
        value_labels=(
            (False, N_("no: play until all five territories are decided")),
            (True, N_("yes: stop as soon as the winners are certain")),
        ),
        source="reconstructed",
    ),
    Option(
        "first_player",
        "random",
        "Who takes the first turn: 'random' or a seat number (KC-R10).",
        validate=_first_player,
        values="random, or a seat 0..players-1",
        label=N_("First player"),
        summary=N_("Who takes the first turn: drawn at random, or a chosen player."),
        value_labels=(
            ("random", N_("at random")),
            (0, N_("Player 1")),
            (1, N_("Player 2")),
            (2, N_("Player 3")),
            (3, N_("Player 4")),
        ),
        source="digital",
    ),
    Option(
        "deck",
        DEFAULT_DECK,
        "The unit deck: 'proposal-a' (the reconstructed default) or a list of cards, each a "
        "slot string like '..34.' or a list of symbol names; validated by KC-R5. The CLI's "
        "--edition FILE loads a deck file.",
        validate=normalize_deck_option,
        values="proposal-a, or a list of cards",
        label=N_("Deck"),
        summary=N_(
            "The 56 unit cards and their symbols; the printed list is unknown, so the default "
            "is a reconstruction that an owner of the game can replace."
        ),
        value_labels=(("proposal-a", N_("Proposal A: the reconstructed deck of 56 cards")),),
        source="reconstructed",
    ),
)


class KingdomsOfCrusaders(Game):
    id = "kingdoms-of-crusaders"
    name = "The Kingdoms of Crusaders"
    version = 1
    min_players = 2
    max_players = 4
    default_players = 2
    options = OPTIONS

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return KingdomsState.new(players, seed, options)

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> State:
        return KingdomsState.from_data(players, seed, options, data)

    def action_from_json(self, obj: Any) -> Action:
        return actions.action_from_json(obj)

    def describe(self, event: JSON, seat: int | None, lang: str = "en") -> str:
        return describe_event(event, seat, lang)

    def action_label(self, action: Action, view: JSON, lang: str = "en") -> str:
        return action_label(action, view, lang)

    def why_illegal(
        self, state: State, seat: int, action: Action, lang: str = "en"
    ) -> IllegalAction | None:
        """The reason in ``lang`` with its rule id, from the same catalog entry as the
        English one ``apply`` raises (``explain.py``); reads the state only."""
        if not isinstance(state, KingdomsState):
            return super().why_illegal(state, seat, action, lang)
        found = why_not(state, seat, action, lang)
        return None if found is None else IllegalAction(*found)

    def result_sheet(self, state: State, lang: str = "en") -> ResultSheet:
        """Territories, markers, marker sum and territories won per seat (``result.py``)."""
        if not isinstance(state, KingdomsState):
            return super().result_sheet(state, lang)
        return result.result_sheet(state, lang)

    def progress(self, state: State) -> list[float]:
        """Territories won so far, per seat."""
        if not isinstance(state, KingdomsState):
            return super().progress(state)
        return result.progress(state)

    def progress_label(self, lang: str = "en") -> str:
        return result.progress_label(lang)

    def round_of(self, state: State) -> int | None:
        """The round: each player's turn once, from the first player (``result.py``)."""
        if not isinstance(state, KingdomsState):
            return None
        return result.round_of(state)

    def edition_options(self, path: Path) -> dict[str, Any]:
        """``--edition FILE``: a deck file in the format of ``data/deck_proposal_a.toml``."""
        return {"deck": load_edition(path)}

    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        """Action indices and observation tensors (``encoding.py``), cached per configuration."""
        return encoding_for(players, resolve_options(self.options, options, players))

    def bots(self) -> dict[str, Any]:
        from .heuristic import HeuristicBot

        return {"heuristic": HeuristicBot}

    def conformance_cases(self) -> list[ConformanceCase]:
        return [
            ConformanceCase(players=2, games=500, label="2p auto"),
            ConformanceCase(players=3, games=500, label="3p auto"),
            ConformanceCase(players=4, games=500, label="4p auto"),
            ConformanceCase(players=2, options={"claims": "manual"}, games=150, label="2p manual"),
            ConformanceCase(players=3, options={"claims": "manual"}, games=100, label="3p manual"),
            ConformanceCase(players=4, options={"claims": "off"}, games=100, label="4p off"),
            ConformanceCase(
                players=3, options={"stop_when_decided": True}, games=100, label="3p stop"
            ),
        ]


KingdomsState.game = KingdomsOfCrusaders()
GAME = KingdomsState.game
