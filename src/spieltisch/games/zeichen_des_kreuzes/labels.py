"""Button captions for the legal actions, in the reader's language (the game's catalogs).

A caption reads only the action, the view of the seat it is offered to and the static
component data of the edition the view names, so it can never tell a seat more than it
knows. Captions of one decision are distinct: a card is always named with its code (two
cards of a kind are two buttons), a cell with its city or coordinates."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine.action import Action
from ...engine.game import JSON
from .actions import ZkAction
from .catalog import catalog
from .components import card_code
from .edition import shown_components
from .names import card_text, city_at, city_name, lang_of, place, seat_name, unit_name
from .shown import use_edition


@lru_cache(maxsize=4)
def _captions(lang: str) -> dict[str, str]:
    """The captions of one language, read from the catalog once (they are made for every
    seat after every move)."""
    _ = catalog(lang)
    return {
        "move": _("Move with {card} to {to}"),
        "event": _("Play {card}"),
        "event_to": _("Play {card}: step to {to}"),
        "event_target": _("Play {card} against {target}"),
        "end_cards": _("End the card phase"),
        "step": _("Second step to {to}"),
        "stop_steps": _("Forgo the second step"),
        "move_unit": _("Move {unit} to {to}"),
        "no_unit_move": _("Do not move a neutral unit"),
        "truce": _("Play {card}: cancel the fight"),
        "fight": _.pgettext("button", "Fight"),
        "empty_tower": _("Empty the tower with a purple marker ({n} left)"),
        "empty_tower_card": _("Empty the tower with {card}"),
        "keep_tower": _("Do not empty the tower"),
        "commit": _("Commit {troops}"),
        "commit_lance": _("Commit {troops} with {card}"),
        "defend": _("Defend with {cubes}"),
        "retreat": _("Retreat to {to}"),
        "pray": _("Pray (motivation +2)"),
        "recruit": _("Recruit: {treasure} for {troops}"),
        "plunder": _("Plunder {city}"),
        "siege": _("Besiege Jerusalem"),
        "pass": _("No city action"),
        "continue_siege": _("Fight another siege round"),
        "stop_siege": _("End the siege"),
        "discard": _("Discard {card}"),
        "end_discard": _("End discarding and draw"),
        "the_city": _("the city"),
    }


def _count(n: int, what: str, lang: str) -> str:
    """``1 troop``, ``3 troops``; likewise garrison cubes and treasure."""
    _ = catalog(lang)
    if what == "troops":
        text = _.ngettext("{n} troop", "{n} troops", n)
    elif what == "cubes":
        text = _.ngettext("{n} garrison cube", "{n} garrison cubes", n)
    else:
        text = _.ngettext("{n} treasure", "{n} treasure", n)
    return text.format(n=n)


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
    words = _captions(lang)
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
        troops = _count(action.amount, "troops", lang)
        key = "commit_lance" if action.card >= 0 else "commit"
        return words[key].format(troops=troops, card=card)
    if kind == "defend":
        return words["defend"].format(cubes=_count(action.amount, "cubes", lang))
    if kind == "recruit":
        supply = _own(view).get("supply")
        got = 2 * action.amount if not isinstance(supply, int) else min(2 * action.amount, supply)
        return words["recruit"].format(
            treasure=_count(action.amount, "treasure", lang),
            troops=_count(got, "troops", lang),
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
