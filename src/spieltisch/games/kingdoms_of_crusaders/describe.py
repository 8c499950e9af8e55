"""Plain-language log lines for The Kingdoms of Crusaders, in the reader's language (the
game's message catalogs, ``words.py``).

A sentence about a seat comes in two messages, the reader's own ("You drew a card.") and
another seat's ("{who} drew a card."): German conjugates the verb by the subject ("Du hast
…" / "Spieler 2 hat …") and addresses the reader with "du"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.i18n import Catalog
from .words import catalog, player


def _about(seat: int, viewer: int | None, own: str, other: str, _: Catalog, **fields: Any) -> str:
    """The reader's own sentence or another seat's, with ``{who}`` and ``fields`` filled."""
    return (own if seat == viewer else other).format(who=player(seat, _), **fields)


def _winners(seats: Sequence[int], viewer: int | None, _: Catalog) -> str:
    names = (_.pgettext("among the winners", "You") if s == viewer else player(s, _) for s in seats)
    return ", ".join(names) or _("nobody")


def describe_event(event: dict[str, Any], viewer: int | None, lang: str = "en") -> str:
    """``event`` as ``viewer`` reads it, in ``lang`` ("en" or "de"; others read English); an
    event type this game never logs reads as the raw event."""
    _ = catalog(lang)
    kind = event.get("type")
    if kind == "start":
        return _about(
            event["first_player"], viewer, _("You will start."), _("{who} will start."), _
        )
    if kind == "draw":
        return _about(event["seat"], viewer, _("You drew a card."), _("{who} drew a card."), _)
    if kind == "pass":
        own = _("You passed: 4 cards in every open territory.")
        return _about(
            event["seat"], viewer, own, _("{who} passed: 4 cards in every open territory."), _
        )
    if kind == "play":
        own = _("You played {card} into territory {territory} (play {play}).")
        other = _("{who} played {card} into territory {territory} (play {play}).")
        fields = {k: event[k] for k in ("card", "territory", "play")}
        return _about(event["seat"], viewer, own, other, _, **fields)
    if kind == "claim":
        own, other = _("You claimed territory {t}."), _("{who} claimed territory {t}.")
        return _about(event["seat"], viewer, own, other, _, t=event["territory"])
    if kind == "end_claims":
        own, other = _("You made no further claim."), _("{who} made no further claim.")
        return _about(event["seat"], viewer, own, other, _)
    if kind == "decide":
        return _decision(event, viewer, _)
    if kind == "end":
        why = (
            _("every territory is decided")
            if event["reason"] == "all territories decided"
            else _("the winners can no longer change")
        )
        winners = event["winners"]
        sentence = _.ngettext(
            "Game over ({why}). Winner: {names}.",
            "Game over ({why}). Winners: {names}.",
            len(winners),
        )
        return sentence.format(why=why, names=_winners(winners, viewer, _))
    return str(event)


def _decision(event: dict[str, Any], viewer: int | None, _: Catalog) -> str:
    """Who won a territory, how (KC-R24) and with which victory marker (KC-R32)."""
    how = (
        _("by proof: nobody can beat that army")
        if event["method"] == "claim"
        else _("by completion")
    )
    winner = event["winner"]
    if winner == viewer:
        sentence = _("Territory {t} goes to you ({how}), with victory marker {m}.")
    else:
        sentence = _("Territory {t} goes to {player} ({how}), with victory marker {m}.")
    return sentence.format(
        t=event["territory"], player=player(winner, _), how=how, m=event["marker"]
    )
