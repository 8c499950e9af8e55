"""Why an action is illegal, in the reader's language ("Why can't I?").

The rules raise a ``Refusal``: an ``IllegalAction`` whose reason is a catalog message (the
English text, marked with ``N_`` where it is raised) with the values to fill in, and the
rule that forbids the action. The English reason it carries and every translation
(``Refusal.text(lang)``) come from the same catalog entry. The values are numbers, plain
text (a field's coordinates) or the words below, which each language names its own way: a
good or a terrain (``Term``), a seat (``SeatRef``), amounts of goods (``Units``) and goods
tiles (``Tiles``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import IllegalAction
from ...engine.i18n import lang_of
from .names import catalog, good_name, payment_text, terrain_name, terrains_built


@dataclass(frozen=True)
class Term:
    """A good (``kind="good"``), a terrain (``"terrain"``) or a terrain with its article
    as the object of a build (``"terrain built"``: ``a meadow`` / ``eine Wiese``), by its
    English name; a name a user's ruleset invents stays as it is."""

    kind: str
    name: str


@dataclass(frozen=True)
class SeatRef:
    seat: int


@dataclass(frozen=True)
class Units:
    """Amounts of goods in the ruleset's order: ``1 bread, 2 tools``; ``nothing`` if
    empty."""

    items: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Tiles:
    """Goods tiles as ``(good, value)`` faces, named as payments are: ``bread 1+2, tools 1``."""

    faces: tuple[tuple[str, int], ...]
    goods: tuple[str, ...]


Value = int | str | Term | SeatRef | Units | Tiles


def words(value: Value, lang: str) -> str:
    """A value of a reason in ``lang``."""
    if isinstance(value, Term):
        if value.kind == "good":
            return good_name(value.name, lang)
        if value.kind == "terrain built":
            return terrains_built(lang).get(value.name, value.name)
        return terrain_name(value.name, lang)
    if isinstance(value, SeatRef):
        return catalog(lang)("Player {n}").format(n=value.seat + 1)
    if isinstance(value, Units):
        parts = [f"{n} {good_name(g, lang)}" for n, g in value.items if n]
        return ", ".join(parts) if parts else catalog(lang)("nothing")
    if isinstance(value, Tiles):
        return payment_text(value.faces, value.goods, lang)
    return str(value)


class Refusal(IllegalAction):
    """An illegal action: the reason as a catalog message with its values, and the rule."""

    def __init__(self, message: str, rule: str, **values: Value) -> None:
        self.message = message
        self.values = values
        super().__init__(self.text("en"), rule)

    def text(self, lang: str) -> str:
        """The reason in ``lang`` (English for a language without a catalog), without the
        rule id."""
        lang = lang_of(lang)
        template = self.message if lang == "en" else catalog(lang)(self.message)
        out = template.format(**{k: words(v, lang) for k, v in self.values.items()})
        return out[:1].upper() + out[1:]
