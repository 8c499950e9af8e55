"""Medina moves as a player types them at the terminal.

``grey 4 5`` builds a grey building on column 4, row 5 (the coordinates the terminal board
prints), ``roof 4 5`` roofs the palace that has a building there, ``wall 3 0``, ``stable 7 2``,
``merchant 6 6``, ``tea`` (or ``pass``) discards a tea tile instead of the second piece. German
words work too (``grau 4 5``). A bare cell (``4 5``) names every move on that cell. Matching
reads only the view and the legal actions as JSON, like the menus do.

The terminal finds this module through ``spieltisch.cli.renderers.TYPED``: ``match_move``,
``move_help`` are what it calls (the reason an illegal move is refused comes from
``Game.why_illegal``)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .words import catalog, colour_forms, colour_name

MOVE_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    # word -> (action kind, building colour); both languages are always understood
    "en": {
        "grey": ("build", "grey"),
        "gray": ("build", "grey"),
        "black": ("build", "black"),
        "purple": ("build", "purple"),
        "brown": ("build", "brown"),
        "orange": ("build", "orange"),
        "build": ("build", ""),
        "roof": ("roof", ""),
        "neutral": ("neutral_roof", ""),
        "stable": ("stable", ""),
        "merchant": ("merchant", ""),
        "start": ("start_merchant", ""),
        "wall": ("wall", ""),
        "tea": ("discard_tea", ""),
        "discard": ("discard_tea", ""),
        "pass": ("discard_tea", ""),
    },
    "de": {
        "grau": ("build", "grey"),
        "schwarz": ("build", "black"),
        "lila": ("build", "purple"),
        "violett": ("build", "purple"),
        "braun": ("build", "brown"),
        "baue": ("build", ""),
        "bau": ("build", ""),
        "gebäude": ("build", ""),
        "dach": ("roof", ""),
        "neutrales": ("neutral_roof", ""),
        "stall": ("stable", ""),
        "händler": ("merchant", ""),
        "haendler": ("merchant", ""),
        "kaufmann": ("merchant", ""),
        "mauer": ("wall", ""),
        "tee": ("discard_tea", ""),
        "abwerfen": ("discard_tea", ""),
        "passen": ("discard_tea", ""),
    },
}
# words that may stand between others without changing the move ("neutral roof 4 5")
FILLER_WORDS = frozenset({"on", "at", "to", "auf", "bei", "an", "nach"})
_CELL_AT_END = re.compile(r"\(?\s*(-?\d+)(?:\s*[,/;]\s*|\s+)(-?\d+)\s*\)?\s*$")


@lru_cache(maxsize=8)
def _move_text(lg: str) -> dict[str, str]:
    _ = catalog(lg)
    return {
        "syntax": _(
            "Type a piece and a cell, column first: {examples}. A bare cell (4 5) offers every "
            "move there; list shows all {n} moves numbered, and a number plays one."
        ),
        "now": _("You may play now:"),
        "unknown": _("{word!r} is not a piece. Pieces: {words}."),
        "no_cell": _("{word} needs a cell: type e.g. {word} 4 5 (column 4, row 5)."),
        "bad_cell": _("{text!r} is not a cell: type the column, then the row, e.g. 4 5."),
        "off_board": _("({x},{y}) is off the board: columns 0-{w}, rows 0-{h}."),
        "extra": _("{text!r} has more than a piece and a cell."),
        "not_now": _("You cannot play {what} now. {options}"),
        "nothing_here": _("No move of yours goes on ({x},{y}) now."),
        "tea_what": _.pgettext("typed move", "discard a tea tile instead of a second piece"),
        "piece_at": _("{piece} on ({x},{y})"),
    }


@lru_cache(maxsize=8)
def _piece_words(lg: str) -> dict[str, str]:
    """The piece words shown in help and errors, per action kind: words the player can
    type back (``MOVE_WORDS``)."""
    _ = catalog(lg)
    return {
        "build": _.pgettext("typed move", "build"),
        "start_merchant": _.pgettext("typed move", "merchant"),
        "roof": _.pgettext("typed move", "roof"),
        "neutral_roof": _.pgettext("typed move", "neutral roof"),
        "stable": _.pgettext("typed move", "stable"),
        "merchant": _.pgettext("typed move", "merchant"),
        "wall": _.pgettext("typed move", "wall"),
        "discard_tea": _.pgettext("typed move", "tea"),
    }


class MoveMatch:
    """What a typed move names: ``matches`` (indices of legal actions), else ``wanted`` (the
    one action the words name, not legal now: the engine says why) or ``error``."""

    __slots__ = ("error", "matches", "wanted", "what")

    def __init__(
        self,
        matches: list[int] | None = None,
        wanted: dict[str, Any] | None = None,
        what: str = "",
        error: str | None = None,
    ) -> None:
        self.matches = matches or []
        self.wanted = wanted
        self.what = what
        self.error = error


def _move_lang(lang: str) -> str:
    return "de" if lang == "de" else "en"


def _lookup_word(word: str) -> tuple[str, str] | None:
    for words in MOVE_WORDS.values():
        if word in words:
            return words[word]
    # a unique prefix of two or more letters ("gr", "sta", "mau")
    hits = {v for words in MOVE_WORDS.values() for k, v in words.items() if k.startswith(word)}
    return hits.pop() if len(word) >= 2 and len(hits) == 1 else None


def _piece_name(kind: str, colour: str, lang: str) -> str:
    if kind == "build" and colour:
        return colour_name(colour, lang)
    return _piece_words(lang).get(kind, kind)


def _split_cell(words: list[str]) -> tuple[list[str], tuple[int, int] | None, str | None]:
    """The words before the cell, the cell (column, row), or the text that is not a cell."""
    text = " ".join(words)
    m = _CELL_AT_END.search(text)
    if m and re.search(r"\d", text[: m.start()]) is None:
        head = text[: m.start()].split()
        return head, (int(m.group(1)), int(m.group(2))), None
    digits = re.search(r"[\d(]", text)
    if digits is None:
        return words, None, None
    return text[: digits.start()].split(), None, text[digits.start() :].strip()


def _palace_cells(view: dict[str, Any]) -> dict[tuple[int, int], tuple[int, int]]:
    """Any building cell of a palace -> the palace's canonical cell (where its roof goes)."""
    out: dict[tuple[int, int], tuple[int, int]] = {}
    for p in view.get("palaces", []):
        canonical = (int(p["cell"][0]), int(p["cell"][1]))
        for b in p["buildings"]:
            out[(int(b[0]), int(b[1]))] = canonical
    return out


def match_move(
    text: str, actions: list[dict[str, Any]], view: dict[str, Any], lang: str = "en"
) -> MoveMatch:
    """The legal actions (as JSON, in menu order) that ``text`` names; see ``MOVE_WORDS``."""
    lg = _move_lang(lang)
    msg = _move_text(lg)
    words = [w.strip(",.") for w in text.strip().lower().split()]
    head, cell, bad = _split_cell([w for w in words if w])
    if bad is not None:
        return MoveMatch(error=msg["bad_cell"].format(text=bad))
    kinds: list[tuple[str, str]] = []
    for word in head:
        found = _lookup_word(word)
        if found is None:
            if word in FILLER_WORDS:
                continue
            return MoveMatch(error=msg["unknown"].format(word=word, words=_word_list(lg)))
        kinds.append(found)
    kind, colour = _combine(kinds)
    if kind == "discard_tea":
        if cell is not None:
            return MoveMatch(error=msg["extra"].format(text=text.strip()))
        hits = [i for i, a in enumerate(actions) if a.get("type") == "discard_tea"]
        what = msg["tea_what"]
        if hits:
            return MoveMatch(hits, what=what)
        return MoveMatch(wanted={"type": "discard_tea"}, what=what)
    if cell is None:
        if kind == "":
            return MoveMatch(error=msg["bad_cell"].format(text=text.strip()))
        word = _piece_name(kind, colour, lg)
        return MoveMatch(error=msg["no_cell"].format(word=word))
    x, y = cell
    width, height = view["board"]["width"], view["board"]["height"]
    if not (0 <= x < width and 0 <= y < height):
        return MoveMatch(error=msg["off_board"].format(x=x, y=y, w=width - 1, h=height - 1))
    return _match_cell(kind, colour, (x, y), actions, view, lg)


def _combine(kinds: list[tuple[str, str]]) -> tuple[str, str]:
    """One (kind, colour) from the words: ``neutral roof`` is a neutral roof, ``build grey``
    a grey building; an empty kind when no word named one (a bare cell)."""
    kind, colour = "", ""
    for k, c in kinds:
        if k == "build":
            kind, colour = "build", c or colour
        elif k in ("roof", "merchant") and kind in ("neutral_roof", "start_merchant"):
            continue  # "neutral roof", "start merchant"
        else:
            kind = k
    return kind, colour


def _match_cell(
    kind: str,
    colour: str,
    cell: tuple[int, int],
    actions: list[dict[str, Any]],
    view: dict[str, Any],
    lg: str,
) -> MoveMatch:
    msg = _move_text(lg)
    x, y = cell
    roof_cell = _palace_cells(view).get(cell, cell)  # a roof may name any of its buildings

    def fits(a: dict[str, Any]) -> bool:
        t = a.get("type")
        at = tuple(a.get("cell") or ())
        if kind == "":
            return at == cell or (t in ("roof", "neutral_roof") and at == roof_cell)
        if kind == "merchant" and t == "start_merchant":
            return at == cell
        if t != kind:
            return False
        if t == "build" and colour and a.get("colour") != colour:
            return False
        return at == (roof_cell if t in ("roof", "neutral_roof") else cell)

    hits = [i for i, a in enumerate(actions) if fits(a)]
    what = msg["piece_at"].format(piece=_piece_name(kind, colour, lg), x=x, y=y)
    if hits:
        return MoveMatch(hits, what=what)
    if kind == "":
        return MoveMatch(error=msg["nothing_here"].format(x=x, y=y))
    if kind == "build" and not colour:
        return MoveMatch(error=msg["nothing_here"].format(x=x, y=y))
    if not any(_kind_of(a) == kind for a in actions) and kind != "build":
        return MoveMatch(
            error=msg["not_now"].format(
                what=_piece_name(kind, colour, lg), options=_now(lg, actions)
            )
        )
    wanted: dict[str, Any] = {"type": kind, "cell": [x, y]}
    if kind in ("roof", "neutral_roof"):
        wanted["cell"] = list(roof_cell)
    if kind == "merchant" and any(a.get("type") == "start_merchant" for a in actions):
        wanted["type"] = "start_merchant"
    if kind == "build":
        wanted["colour"] = colour
    return MoveMatch(wanted=wanted, what=what)


def _kind_of(action: dict[str, Any]) -> str:
    kind = str(action.get("type"))
    return "merchant" if kind == "start_merchant" else kind


def _word_list(lg: str) -> str:
    colours = " ".join(colour_forms(lg).values())
    pieces = dict.fromkeys(v for k, v in _piece_words(lg).items() if k != "build")
    return f"{colours}, " + ", ".join(pieces)


def playable_now(actions: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """``grey (12 cells)``, ``roof (2 palaces)``, ``tea``: what may be played now, with
    counts, in menu order."""
    lg = _move_lang(lang)
    msg = _move_text(lg)
    _ = catalog(lg)
    counts: dict[tuple[str, str], int] = {}
    for a in actions:
        key = (str(a.get("type")), str(a.get("colour", "")))
        counts[key] = counts.get(key, 0) + 1
    out = []
    for (kind, colour), n in counts.items():
        word = _piece_name(kind, colour, lg)
        if kind == "discard_tea":  # tea: instead of the second piece (MD-R58)
            out.append(f"{word} ({msg['tea_what']})")
        elif kind in ("roof", "neutral_roof"):
            where = _.ngettext("{n} palace", "{n} palaces", n)
            out.append(f"{word} ({where.format(n=n)})")
        else:
            where = _.ngettext("{n} cell", "{n} cells", n)
            out.append(f"{word} ({where.format(n=n)})")
    return out


def _now(lg: str, actions: list[dict[str, Any]]) -> str:
    return _move_text(lg)["now"] + " " + ", ".join(playable_now(actions, lg)) + "."


def move_help(actions: list[dict[str, Any]], view: dict[str, Any], lang: str = "en") -> str:
    """The syntax with examples taken from the legal actions, and what may be played now."""
    lg = _move_lang(lang)
    examples: list[str] = []
    seen: set[str] = set()
    for a in actions:
        kind = str(a.get("type"))
        word = _piece_name(kind, str(a.get("colour", "")), lg)
        if kind in seen or word in seen:
            continue
        seen.update((kind, word))
        cell = a.get("cell")
        examples.append(word if cell is None else f"{word} {cell[0]} {cell[1]}")
    text = _move_text(lg)["syntax"].format(examples=", ".join(examples[:4]), n=len(actions))
    return text + "\n" + _now(lg, actions)
