"""Button captions for the legal actions, in English and German.

A caption reads only the action, the view of the seat it is offered to and the static
component data of the edition the view names, so it can never tell a seat more than it
knows. Captions of one decision are distinct: a card is always named with its code (two
cards of a kind are two buttons), a cell with its city or coordinates."""

from __future__ import annotations

from typing import Any

from ...engine.action import Action
from ...engine.game import JSON
from .actions import ZkAction
from .components import card_code, shown_components
from .names import card_text, city_at, city_name, lang_of, place, seat_name, unit_name
from .text import use_edition

CAPTIONS: dict[str, dict[str, str]] = {
    "en": {
        "move": "Move with {card} to {to}",
        "event": "Play {card}",
        "event_to": "Play {card}: step to {to}",
        "event_target": "Play {card} against {target}",
        "end_cards": "End the card phase",
        "step": "Second step to {to}",
        "stop_steps": "Forgo the second step",
        "move_unit": "Move {unit} to {to}",
        "no_unit_move": "Do not move a neutral unit",
        "truce": "Play {card}: cancel the fight",
        "fight": "Fight",
        "empty_tower": "Empty the tower with a purple marker ({n} left)",
        "empty_tower_card": "Empty the tower with {card}",
        "keep_tower": "Do not empty the tower",
        "commit": "Commit {troops}",
        "commit_lance": "Commit {troops} with {card}",
        "defend": "Defend with {cubes}",
        "retreat": "Retreat to {to}",
        "pray": "Pray (motivation +2)",
        "recruit": "Recruit: {treasure} for {troops}",
        "plunder": "Plunder {city}",
        "siege": "Besiege Jerusalem",
        "pass": "No city action",
        "continue_siege": "Fight another siege round",
        "stop_siege": "End the siege",
        "discard": "Discard {card}",
        "end_discard": "End discarding and draw",
        "troop": "1 troop",
        "troops": "{n} troops",
        "cube": "1 garrison cube",
        "cubes": "{n} garrison cubes",
        "a_treasure": "1 treasure",
        "treasure": "{n} treasure",
        "the_city": "the city",
    },
    "de": {
        "move": "Mit {card} nach {to} ziehen",
        "event": "{card} spielen",
        "event_to": "{card} spielen: nach {to} ziehen",
        "event_target": "{card} gegen {target} spielen",
        "end_cards": "Kartenphase beenden",
        "step": "Zweiter Schritt nach {to}",
        "stop_steps": "Auf den zweiten Schritt verzichten",
        "move_unit": "{unit} nach {to} ziehen",
        "no_unit_move": "Keine neutrale Einheit ziehen",
        "truce": "{card} spielen: der Kampf fällt aus",
        "fight": "Kämpfen",
        "empty_tower": "Turm mit einem violetten Marker leeren (noch {n})",
        "empty_tower_card": "Turm mit {card} leeren",
        "keep_tower": "Turm nicht leeren",
        "commit": "{troops} einsetzen",
        "commit_lance": "{troops} einsetzen, dazu {card}",
        "defend": "{cubes} einsetzen",
        "retreat": "Rückzug nach {to}",
        "pray": "Beten (Motivation +2)",
        "recruit": "Anwerben: {treasure} für {troops}",
        "plunder": "{city} plündern",
        "siege": "Jerusalem belagern",
        "pass": "Keine Stadtaktion",
        "continue_siege": "Eine weitere Belagerungsrunde kämpfen",
        "stop_siege": "Belagerung beenden",
        "discard": "{card} abwerfen",
        "end_discard": "Abwerfen beenden und Karten ziehen",
        "troop": "1 Truppe",
        "troops": "{n} Truppen",
        "cube": "1 Verteidigungsstein",
        "cubes": "{n} Verteidigungssteine",
        "a_treasure": "1 Schatztruhe",
        "treasure": "{n} Schatztruhen",
        "the_city": "die Stadt",
    },
}


def _count(n: int, one: str, many: str, words: dict[str, str]) -> str:
    return words[one] if n == 1 else words[many].format(n=n)


def _own(view: JSON) -> dict[str, Any]:
    """The row of the seat the view belongs to (empty for a spectator)."""
    seat = view.get("seat")
    seats = view.get("seats") or []
    if isinstance(seat, int) and 0 <= seat < len(seats):
        row: dict[str, Any] = seats[seat]
        return row
    return {}


def action_label(action: Action, view: JSON, lang: str = "en") -> str:
    """The caption of ``action`` for the seat whose view is ``view``."""
    if not isinstance(action, ZkAction):
        return str(action)
    use_edition(view)
    lang = lang_of(lang)
    words = CAPTIONS[lang]
    kind = action.kind
    board = shown_components().board
    to = place(list(board.xy(action.to)), lang) if action.to >= 0 else ""
    card = card_text(card_code(action.card), lang) if action.card >= 0 else ""
    if kind == "event":
        if action.to >= 0:
            return words["event_to"].format(card=card, to=to)
        if action.target >= 0:
            target = seat_name(action.target, view.get("seat"), lang, "acc")
            return words["event_target"].format(card=card, target=target)
        return words["event"].format(card=card)
    if kind == "empty_tower":
        if action.card >= 0:
            return words["empty_tower_card"].format(card=card)
        return words["empty_tower"].format(n=_own(view).get("markers", "?"))
    if kind == "commit":
        troops = _count(action.amount, "troop", "troops", words)
        key = "commit_lance" if action.card >= 0 else "commit"
        return words[key].format(troops=troops, card=card)
    if kind == "defend":
        return words["defend"].format(cubes=_count(action.amount, "cube", "cubes", words))
    if kind == "recruit":
        supply = _own(view).get("supply")
        got = 2 * action.amount if not isinstance(supply, int) else min(2 * action.amount, supply)
        return words["recruit"].format(
            treasure=_count(action.amount, "a_treasure", "treasure", words),
            troops=_count(got, "troop", "troops", words),
        )
    if kind == "plunder":
        pawn = _own(view).get("pawn")
        city = city_at(pawn) if isinstance(pawn, list) else None
        return words["plunder"].format(
            city=words["the_city"] if city is None else city_name(city, lang)
        )
    if kind == "move_unit":
        return words["move_unit"].format(unit=unit_name(action.unit, lang), to=to)
    template = words.get(kind)
    if template is None:
        return str(action)
    return template.format(card=card, to=to)
