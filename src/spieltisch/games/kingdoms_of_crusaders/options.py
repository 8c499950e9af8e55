"""The options of The Kingdoms of Crusaders (§8): claims, stop_when_decided, first_player and
the deck, declared once for the CLI, the lobby and the rules panel."""

from __future__ import annotations

from typing import Any

from ...engine.i18n import N_
from ...engine.options import Option
from .deck import DEFAULT_DECK, normalize_deck_option


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
