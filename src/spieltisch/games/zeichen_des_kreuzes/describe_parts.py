"""The pieces the log's sentences share (``describe``): who did it - the reader or another
seat, two messages so that a language conjugates by person - and how cards, counts, cubes
and cities read."""

from __future__ import annotations

from typing import Any

from ...engine.i18n import Catalog
from .catalog import catalog
from .edition import shown_components
from .names import card_text, city_name, seat_name

JSON = dict[str, Any]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def by(seat: Any, viewer: int | None, lang: str, mine: str, theirs: str, **values: Any) -> str:
    """``mine`` when the reader is ``seat``, else ``theirs`` with ``{who}`` the seat's
    name (both already translated)."""
    if seat == viewer and viewer is not None:
        return cap(mine.format(**values))
    return cap(theirs.format(who=seat_name(seat, viewer, lang), **values))


def card_words(e: JSON, lang: str) -> str:
    """``Plain + army (ZK002)``: the card as players call it, and its code."""
    code = e.get("card")
    _ = catalog(lang)
    return card_text(code, lang) if isinstance(code, str) else _("a card")


def count_words(_: Catalog, what: str, n: Any) -> str:
    """``1 troop``, ``4 troops``; likewise treasure and the garrison's cubes."""
    count = n if isinstance(n, int) else 0
    if what == "troops":
        text = _.ngettext("{n} troop", "{n} troops", count)
    elif what == "cubes":
        text = _.npgettext("garrison", "{n} cube", "{n} cubes", count)
    else:
        text = _.ngettext("{n} treasure", "{n} treasure", count)
    return text.format(n=n)


def cubes_words(counts: Any, viewer: int | None, lang: str) -> str:
    """Cubes by colour: ``3 green, 2 yours, 1 of Player 2``."""
    _ = catalog(lang)
    if not counts:
        return _("nothing")
    parts = []
    for colour, n in sorted(counts.items()):
        if colour == "G":
            parts.append(_("{n} green").format(n=n))
        elif colour[1:].isdigit() and int(colour[1:]) == viewer:
            parts.append(_("{n} yours").format(n=n))
        elif colour[1:].isdigit():
            name = seat_name(int(colour[1:]), None, lang)
            parts.append(_("{n} of {name}").format(n=n, name=name))
        else:
            parts.append(f"{n} {colour}")
    return ", ".join(parts)


def city_words(index: Any, lang: str) -> str:
    cities = shown_components().board.cities
    if isinstance(index, int) and 0 <= index < len(cities):
        return city_name(cities[index].name, lang)
    _ = catalog(lang)
    return _("a city")
