"""Plain-language log lines for The Kingdoms of Crusaders, in the reader's language (the
game's message catalogs, ``words.py``).

A sentence about a seat comes in two messages, the reader's own ("You drew a card.") and
another seat's ("{who} drew a card."): German conjugates the verb by the subject ("Du hast
…" / "Spieler 2 hat …") and addresses the reader with "du"."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.i18n import Catalog
from .words import catalog, player

SEAT_KEY = {"start": "first_player"}  # the field naming the seat, where it is not "seat"


@lru_cache(maxsize=16)
def _seat_sentences(lang: str) -> dict[str, tuple[str, str]]:
    """Per event type, the reader's own sentence and another seat's (``{who}``); the other
    placeholders are the event's fields. Built once per language: the log is read often."""
    _ = catalog(lang)
    return {
        "start": (_("You will start."), _("{who} will start.")),
        "draw": (_("You drew a card."), _("{who} drew a card.")),
        "pass": (
            _("You passed: 4 cards in every open territory."),
            _("{who} passed: 4 cards in every open territory."),
        ),
        "play": (
            _("You played {card} into territory {territory} (play {play})."),
            _("{who} played {card} into territory {territory} (play {play})."),
        ),
        "claim": (
            _("You claimed territory {territory}."),
            _("{who} claimed territory {territory}."),
        ),
        "end_claims": (_("You made no further claim."), _("{who} made no further claim.")),
    }


def describe_event(event: dict[str, Any], viewer: int | None, lang: str = "en") -> str:
    """``event`` as ``viewer`` reads it, in ``lang`` ("en" or "de"; others read English); an
    event type this game never logs reads as the raw event."""
    kind = str(event.get("type"))
    _ = catalog(lang)
    sentences = _seat_sentences(lang).get(kind)
    if sentences is not None:
        seat = event[SEAT_KEY.get(kind, "seat")]
        own, other = sentences
        if seat == viewer:
            return own.format(**event)
        return other.format(who=player(seat, _), **event)
    if kind == "decide":
        return _decision(event, viewer, _)
    if kind == "end":
        return _end(event, viewer, _)
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


def _end(event: dict[str, Any], viewer: int | None, _: Catalog) -> str:
    """Why the game ended (KC-R33, KC-R34) and who won (KC-R35)."""
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


def _winners(seats: Sequence[int], viewer: int | None, _: Catalog) -> str:
    names = (_.pgettext("among the winners", "You") if s == viewer else player(s, _) for s in seats)
    return ", ".join(names) or _("nobody")
