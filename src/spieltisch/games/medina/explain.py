"""Why a move is illegal, in the reader's language ("Why can't I?", issue 15).

The rules raise ``Forbidden``: an ``IllegalAction`` that keeps its reason as a catalog
message (the English text, marked with ``N_``) and the message's arguments, so that the
English reason and every translation come from the same catalog entry. The English text
is made without the catalogs (the rules read no files); ``why_illegal`` says it in any
language (``state.explain`` finds the reason).

Arguments: ``cell`` and ``palace`` are cells written ``(x,y)`` (the same in every
language), ``colour`` a building colour's id and ``player`` a seat. A translation may name
a colour in the form its noun needs: ``{colour}`` is the bare word ("grau"), ``{colour_es}``
comes before a neuter noun ("graues Gebäude"), ``{colour_e}`` after "der" or "die"
("der graue Palast") and ``{colour_en}`` after "den", "einen" or "keine" ("keine grauen
Gebäude"); English reads the bare word in all four."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import IllegalAction
from ...engine.i18n import N_, lang_of
from ...engine.picture import seat_name
from .words import BARE, FEMININE, NEUTER, WEAK, capital, catalog, colour_name

if TYPE_CHECKING:
    from .state import MedinaState

Arg = str | int

# the grammatical forms a translation may ask for (see the module's docstring)
FORMS = {"colour": BARE, "colour_es": NEUTER, "colour_e": FEMININE, "colour_en": WEAK}


class Forbidden(IllegalAction):
    """An illegal move whose reason can be said in any language (``say``)."""

    def __init__(self, template: str, rule: str, **args: Arg) -> None:
        self.template = template
        self.fields = args
        super().__init__(_english(template, args), rule)

    def say(self, lang: str) -> IllegalAction:
        """The same reason and rule in ``lang``."""
        if lang_of(lang) == "en":
            return IllegalAction(self.reason, self.rule)
        return IllegalAction(_render(self.template, self.fields, lang), self.rule)


def _english(template: str, args: dict[str, Arg]) -> str:
    words: dict[str, Any] = dict(args)
    if "colour" in args:
        words.update(dict.fromkeys(FORMS, args["colour"]))
    if "player" in args:
        words["player"] = f"Player {int(args['player']) + 1}"
    return capital(template.format(**words))


def _render(template: str, args: dict[str, Arg], lang: str) -> str:
    _ = catalog(lang)
    words: dict[str, Any] = dict(args)
    if "colour" in args:
        for key, form in FORMS.items():
            words[key] = colour_name(str(args["colour"]), lang, form)
    if "player" in args:
        words["player"] = seat_name(int(args["player"]), lang)
    return capital(_(template).format(**words))


def why_illegal(state: MedinaState, seat: int, action: Any, lang: str) -> IllegalAction | None:
    """Why ``seat`` may not make ``action`` now, in ``lang`` with its rule; ``None`` if it
    may (``state.explain``, which never changes the state)."""
    found = _before_the_move(state, seat)
    if found is None:
        reason = state.explain(seat, action)
        if reason is None:
            return None
        if not isinstance(reason, Forbidden):
            return reason  # not an action of the game at all: the engine's own words
        found = reason
    return found.say(lang)


def _before_the_move(state: MedinaState, seat: int) -> Forbidden | None:
    """The reasons the kernel checks before the rules see the move: the game is over, or
    another player is to place (MD-R13, MD-R14)."""
    if state.is_over():
        return Forbidden(N_("the game is over: nobody can place a piece any more"), "MD-R20")
    if seat in state.actors():
        return None
    if state.phase == "start_merchant":
        return Forbidden(
            N_("it is not your turn: {player} places the start merchant first"),
            "MD-R14",
            player=state.active,
        )
    return Forbidden(
        N_("it is not your turn: {player} is placing now"), "MD-R13", player=state.active
    )
