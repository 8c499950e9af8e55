"""The names players use for seats, goods, terrains and payments, in English and German.

Shared by the German log sentences (``describe_de``) and the button captions (``labels``).
German words are the seed's (Brot, Marmor, Werkzeug, Gefolgsleute, Königs-Chronik) and the
terminal's (``text.LABELS["de"]``); a name a user's ruleset invents stays as it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

GOODS_DE = {"bread": "Brot", "marble": "Marmor", "tools": "Werkzeug"}
# terrain name -> German with the indefinite article, as an object ("baut ein Dorf")
TERRAINS_DE_ACC = {
    "meadow": "eine Wiese",
    "forest": "einen Wald",
    "mountain": "einen Berg",
    "village": "ein Dorf",
    "castle": "eine Burg",
}
PLAYER = {"en": "Player {n}", "de": "Spieler {n}"}
YOU = {"en": {"nom": "you", "acc": "you"}, "de": {"nom": "du", "acc": "dich"}}


def lang_of(lang: str) -> str:
    """``de`` or ``en`` (any other language reads English)."""
    return "de" if lang == "de" else "en"


def good_name(good: Any, lang: str) -> str:
    return GOODS_DE.get(str(good), str(good)) if lang_of(lang) == "de" else str(good)


def seat_name(seat: Any, viewer: int | None, lang: str, case: str = "nom") -> str:
    """``Player 2`` / ``Spieler 2`` (seat 1); the reader is ``you`` / ``du``, ``dich``."""
    lang = lang_of(lang)
    if seat is None:
        return "niemand" if lang == "de" else "nobody"
    if seat == viewer and viewer is not None:
        return YOU[lang][case]
    return PLAYER[lang].format(n=seat + 1)


def seat_list(seats: Sequence[Any], viewer: int | None, lang: str, case: str = "nom") -> str:
    """Seats joined as a sentence would: ``du, Spieler 2 und Spieler 3``."""
    names = [seat_name(s, viewer, lang, case) for s in seats]
    if not names:
        return seat_name(None, viewer, lang)
    if len(names) == 1:
        return names[0]
    last = " und " if lang_of(lang) == "de" else " and "
    return ", ".join(names[:-1]) + last + names[-1]


def payment_text(payment: Sequence[Sequence[Any]], goods: Sequence[str], lang: str) -> str:
    """Paid tiles grouped by good in the ruleset's order, each tile's value shown so that
    two payments of the same units differ: ``bread 1+1, tools 2``."""
    parts = []
    for good in goods:
        values = sorted(int(v) for g, v in payment if g == good)
        if values:
            parts.append(f"{good_name(good, lang)} {'+'.join(map(str, values))}")
    others = sorted(f"{g} {v}" for g, v in payment if g not in goods)
    return ", ".join(parts + others) or ("nichts" if lang_of(lang) == "de" else "nothing")
