"""The layout and palette every part of the Kingdoms of Crusaders picture lines up on, and
the context one picture is drawn from: the view, the reader's words and the moves the
picture offers (``svg.py`` draws it; the ``picture_*`` modules draw its parts)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import picture as pic
from ...engine.i18n import Catalog
from ...engine.picture import seat_name
from .words import catalog

# One grid for the whole picture: the parts are drawn in different modules but line up
# on the same margins, columns and card sizes, and share the palette.
WIDTH = 1000
MARGIN = 8
COL_W, COL_GAP = 192, 6
TERR_HEAD = 72
CARD_W, CARD_H, CARD_GAP = 88, 60, 4
ARMY_H = 182
HAND_W, HAND_H, HAND_GAP = 100, 130, 10
HAND_PER_ROW = 6
INFO_X = 676  # the deck and table facts, right of the hand
CARD_FILL = "#fffdf5"
OPEN_FILL, OPEN_HEAD = "#f4efe2", "#e4d8bd"
WON_FILL, WON_HEAD = "#fbf1d2", "#f0dc9a"
GOLD, GOLD_EDGE = "#e3b842", "#8a6a10"
PLACE_GREEN = "#2e7d32"


@dataclass
class Ctx:
    """What every part of one picture reads: the view, the reader's words, the moves."""

    view: dict[str, Any]
    lang: str
    words: Catalog  # the reader's messages: each part takes it as ``_``
    seat: int | None
    plays: dict[int, set[str]] = field(default_factory=dict)  # territory -> cards
    claims: set[int] = field(default_factory=set)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.seat)

    @property
    def over(self) -> bool:
        return bool(self.view["phase"] == "over")


def context(view: dict[str, Any], lang: str, legal: Sequence[dict[str, Any]] | None) -> Ctx:
    """The context of one picture: the legal plays by territory and the claimable
    territories are gathered once, so that every part asks them by territory."""
    lang = pic.lang_of(lang)
    ctx = Ctx(view, lang, catalog(lang), view.get("seat"))
    for action in legal or ():
        kind, t = action.get("type"), action.get("territory")
        if kind == "play" and isinstance(t, int):
            ctx.plays.setdefault(t, set()).add(str(action.get("card")))
        elif kind == "claim" and isinstance(t, int):
            ctx.claims.add(t)
    return ctx
