""" "Why can't I?": a player clicked a piece or a place that no legal move uses now; the
game's picture module says which move the click means (``attempt``) and the game says why
the rules forbid it (``Game.why_illegal``), in the reader's language with the rule id."""

from __future__ import annotations

from typing import Any

from ..engine.errors import MalformedAction
from ..engine.i18n import lang_of, translator
from . import board
from .live import LiveTable


def _key(value: Any) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= 200 else None


def explain(
    table: LiveTable, seat: int | None, pick: Any, place: Any, lang: str = "en"
) -> dict[str, Any]:
    """``{"text", "rule", "legal"}``: why ``seat`` cannot make the move its click means.
    Changes nothing."""
    lang = lang_of(lang)
    _ = translator(__package__, lang).gettext
    game, state = table.game, table.state
    if seat is None:
        return {"text": _("Spectators watch; they make no moves."), "rule": None, "legal": False}
    attempt = getattr(board.picture_module(game.id), "attempt", None)
    meant = None if attempt is None else attempt(state.view(seat), _key(pick), _key(place))
    # a click that means a move gets the game's own reason (it knows the turn and the end of
    # the game best, e.g. "you have already chosen for this tick"); others a general one
    if meant is None:
        if table.is_over():
            return {"text": _("The game is over."), "rule": None, "legal": False}
        actors = state.actors()
        if seat not in actors:
            waiting = ", ".join(game.seat_name(s, lang) for s in actors)
            return {
                "text": _("It is not your turn: waiting for {seats}.").format(seats=waiting),
                "rule": state.turn_rule(),
                "legal": False,
            }
        return {
            "text": _(
                "Nothing can be done there now; the highlighted pieces and places show your moves."
            ),
            "rule": None,
            "legal": False,
        }
    try:
        action = game.action_from_json(meant)
    except MalformedAction:
        return {"text": _("That is not a move of this game."), "rule": None, "legal": False}
    if table.ended is not None:  # ended on time: the rules know nothing of it
        return {"text": _("The game is over."), "rule": None, "legal": False}
    refusal = game.why_illegal(state, seat, action, lang)
    if refusal is None:
        return {
            "text": _("That move is allowed: make it on the board."),
            "rule": None,
            "legal": True,
        }
    return {"text": refusal.reason, "rule": refusal.rule, "legal": False}
