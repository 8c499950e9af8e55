"""Plain-language log lines for Medina in the reader's language (the catalogs hold the
German sentences, addressed to the reader with "du", in the German edition's terms).

Each sentence is one message with named placeholders, so that a language may order it as
it needs. German conjugates the verb by the subject ("Du hast ..." / "Spieler 2 hat ..."),
so every sentence about a seat's move has a message for the reader and one for another
seat; a colour comes in the grammatical form its noun asks for (``words.colour_forms``);
a recipient carries its preposition ("an dich", "in die Schachtel")."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.i18n import Catalog
from .words import FEMININE, WEAK, WITH_ARTICLE, catalog, colour_name


def _cell(xy: Sequence[int]) -> str:
    return f"({xy[0]},{xy[1]})"


def _player(seat: int, _: Catalog) -> str:
    return _("Player {n}").format(n=seat + 1)


def _recipient(owner: Any, viewer: int | None, _: Catalog) -> str:
    """Where a tile or piece goes, as the words after "goes": "you", "Player 2", "a neutral
    palace", "the box" (German with its preposition: "an dich", "in die Schachtel")."""
    if owner == "neutral":
        return _.pgettext("goes to", "a neutral palace")
    if owner == "box":
        return _.pgettext("goes to", "the box")
    if not isinstance(owner, int):  # a palace nobody has roofed yet
        return _.pgettext("goes to", "nobody")
    if owner == viewer:
        return _.pgettext("goes to", "you")
    return _.pgettext("goes to", "Player {n}").format(n=owner + 1)


@lru_cache(maxsize=8)
def _seat_sentences(lang: str) -> dict[str, tuple[str, str]]:
    """Per move of a seat: the reader's own sentence and another seat's, with ``{who}`` for
    that seat."""
    _ = catalog(lang)
    return {
        "start_merchant": (
            _("You placed the start merchant on {cell}."),
            _("{who} placed the start merchant on {cell}."),
        ),
        "build": (
            _("You built {a_colour} building on {cell} (palace {palace})."),
            _("{who} built {a_colour} building on {cell} (palace {palace})."),
        ),
        "roof": (
            _("You roofed the palace at {cell} and now own it."),
            _("{who} roofed the palace at {cell} and now owns it."),
        ),
        "neutral_roof": (
            _("You put a neutral roof on the palace at {cell}."),
            _("{who} put a neutral roof on the palace at {cell}."),
        ),
        "stable": (
            _("You added a stable on {cell} (palace {palace})."),
            _("{who} added a stable on {cell} (palace {palace})."),
        ),
        "merchant": (
            _("You placed a merchant on {cell}."),
            _("{who} placed a merchant on {cell}."),
        ),
        "wall": (
            _("You built a wall on {cell}."),
            _("{who} built a wall on {cell}."),
        ),
        "discard_tea": (
            _("You discarded a tea tile instead of a second piece."),
            _("{who} discarded a tea tile instead of a second piece."),
        ),
        "pass": (
            _("You cannot place anything and pass."),
            _("{who} cannot place anything and passes."),
        ),
    }


def _tower_merchants(event: dict[str, Any], viewer: int | None, _: Catalog) -> str:
    n, tower = int(event["count"]), event["tower"]
    if event["to"] == "neutral":  # MD-R56: a neutral owner's merchants go to the box
        text = _.ngettext(
            "{n} merchant goes from tower {tower} to a neutral palace.",
            "{n} merchants go from tower {tower} to a neutral palace.",
            n,
        )
    else:
        text = _.ngettext(
            "{n} merchant goes from tower {tower} to {to}.",
            "{n} merchants go from tower {tower} to {to}.",
            n,
        )
    return text.format(n=n, tower=tower, to=_recipient(event["to"], viewer, _))


def _tea(event: dict[str, Any], viewer: int | None, _: Catalog) -> str:
    n = int(event["count"])
    if n == 0:
        text = _("No tea tile goes to {to}.")
    else:
        text = _.ngettext("{n} tea tile goes to {to}.", "{n} tea tiles go to {to}.", n)
    return text.format(n=n, to=_recipient(event["to"], viewer, _))


def _winners(seats: Sequence[int], viewer: int | None, _: Catalog) -> str:
    names = [_.pgettext("winner", "you") if s == viewer else _player(s, _) for s in seats]
    return ", ".join(names) or _.pgettext("winner", "nobody")


def describe_event(event: dict[str, Any], viewer: int | None, lang: str = "en") -> str:
    """``event`` as ``viewer`` reads it, in ``lang`` ("en" or "de"; others read English);
    an event Medina never logs reads as the raw event."""
    _ = catalog(lang)
    kind = str(event.get("type"))
    if "seat" in event:
        seat = event["seat"]
        sentences = _seat_sentences(_.lang).get(kind)
        if sentences is not None:
            sentence = sentences[0] if seat == viewer else sentences[1]
            colour = str(event.get("colour", ""))
            return sentence.format(
                who=_player(seat, _),
                cell=_cell(event["cell"]) if "cell" in event else "",
                palace=event.get("palace", ""),
                a_colour=colour_name(colour, lang, WITH_ARTICLE),
            )
    if kind == "setup":
        return _("The well stands at {well}; the start merchant at {merchant}.").format(
            well=_cell(event["well"]), merchant=_cell(event["start_merchant"])
        )
    if kind == "palace_tile":
        return _("The {colour} palace tile goes to {to} (palace {palace}).").format(
            colour=colour_name(event["colour"], lang, FEMININE),
            to=_recipient(event["owner"], viewer, _),
            palace=event["palace"],
        )
    if kind == "tower_tile":
        return _("Tower {tower}'s tile goes to {to} (palace {palace}).").format(
            tower=event["tower"], to=_recipient(event["owner"], viewer, _), palace=event["palace"]
        )
    if kind == "tower_merchants":
        return _tower_merchants(event, viewer, _)
    if kind == "tea":
        return _tea(event, viewer, _)
    if kind == "retire":
        return _(
            "Every player owns {colour} now: the remaining {colour} buildings leave the game."
        ).format(colour=colour_name(event["colour"], lang, WEAK))
    if kind == "end":
        return _("Nobody can place any more: the game is over. Winner: {names}.").format(
            names=_winners(event["winners"], viewer, _)
        )
    return str(event)
