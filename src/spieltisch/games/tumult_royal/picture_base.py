"""The shared state of one rendering of Tumult Royal's board picture: the view, the reader's
words, the planned moves, the geometry of the landscape and the elements drawn so far."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...engine.picture import lang_of, seat_name
from .board_words import words
from .data import Ruleset
from .icons import good_kind, tile_back, tile_face
from .names import catalog, good_name
from .picture_moves import Face, face_words, plan_moves
from .text_words import rules, terrain_grid

WIDTH = 1000
M = 16  # outer margin
LABEL_W = 22  # row numbers left of the landscape
TILE_GAP = 10  # between landscape tiles


def name_of(seat: int, view: dict[str, Any], lang: str) -> str:
    return seat_name(seat, lang, view.get("seat"))


def statues_words(n: int, lang: str) -> str:
    return catalog(lang).ngettext("{n} statue", "{n} statues", n).format(n=n)


def cost_words(cost: Sequence[int], goods: Sequence[str], lang: str) -> str:
    parts = [f"{c} {good_name(g, lang)}" for g, c in zip(goods, cost, strict=True) if c]
    return ", ".join(parts) or words(lang)["nothing"]


def fog_round(view: dict[str, Any], tr: int, tc: int) -> int | None:
    layout = rules(view).layouts.get(int(view["players"]))
    if layout is None:
        return None
    for k, tiles in sorted(layout.reveal_after_round.items()):
        if (tr, tc) in tiles:
            return k
    return None


class Look(NamedTuple):
    """Who reads the picture (language, seat) and the ruleset's goods: what the drawing of
    one piece depends on besides the piece itself, so a hashable part of the keys under
    which the pieces are memoised."""

    lang: str
    seat: int | None
    goods: tuple[str, ...]

    @property
    def w(self) -> dict[str, str]:
        return words(self.lang)

    def kind(self, good: str) -> str:
        return good_kind(good, self.goods)

    def face_tip(self, face: Face) -> str:
        return face_words(face, self.lang)

    def tile(self, face: Face | None, x: float, y: float, size: float) -> str:
        if face is None:
            return tile_back(x, y, size)
        return tile_face(self.kind(str(face[0])), int(face[1]), x, y, size)

    def name(self, seat: int) -> str:
        """``Player 2``, or ``Player 2 (you)`` for the reader's own seat."""
        return seat_name(seat, self.lang, self.seat)


class Pic:
    """One rendering: the view, the reader's words, the planned moves and the elements."""

    def __init__(self, view: dict[str, Any], lang: str, legal: Sequence[dict[str, Any]]):
        self.view = view
        self.lang = lang_of(lang)
        self.w = words(lang)
        self.rs: Ruleset = rules(view)
        self.goods = self.rs.goods
        self.seat: int | None = view.get("seat")
        self.plan = plan_moves(view, legal, lang)
        self.grid = terrain_grid(view)
        self.columns = int(view["landscape"]["columns"])
        avail = WIDTH - 2 * M - LABEL_W - (self.columns - 1) * TILE_GAP
        self.f = min(80, avail // (3 * self.columns))
        self.out: list[str] = []
        self.overlay: list[str] = []  # drawn last, over everything (the tile in hand)
        self.players = {p["seat"]: p for p in view["players_state"]}
        self.look = Look(self.lang, self.seat, tuple(self.goods))
        # the reader's ways of naming things are the look's (one definition)
        self.kind = self.look.kind
        self.face_tip = self.look.face_tip
        self.tile = self.look.tile
        self.name = self.look.name
