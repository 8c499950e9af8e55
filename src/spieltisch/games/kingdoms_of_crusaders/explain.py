"""Why an action is not legal now: a sentence in plain words and the rule that forbids it,
in the reader's language (the game's catalogs).

This module is the one place that says why: each decision's phase (``play.py``,
``claims.py``) explains a refusal with ``play_phase_reason`` or ``claim_phase_reason`` in
English, and ``Game.why_illegal`` gives ``why_not`` (the end, the seat and the turn first) in
the reader's language, so both come from the same catalog entry. They return ``None``
exactly when the action is legal. It reads only the state and never changes it, and it
says nothing a seat may not know: whether a card is in the asker's own hand, what is on the
table, and which unseen cards (a public set, KC-R26) would beat a claim."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.action import Action
from ...engine.i18n import Catalog
from ...engine.picture import seat_name
from .actions import CLAIM, PLAY, Move
from .army import KEY
from .deck import CARDS_PER_TERRITORY, TERRITORIES
from .svg_text import spelled
from .words import catalog

if TYPE_CHECKING:
    from .state import KingdomsState

Reason = tuple[str, str | None]


def why_not(state: KingdomsState, seat: int, action: Action, lang: str = "en") -> Reason | None:
    """Why ``seat`` may not make ``action`` in ``state``, in ``lang``, and the rule id;
    ``None`` if the action is legal (exactly when ``state.explain`` says so): the end, the
    seat, the claims mode for a claim, the turn, then the rules of the current decision."""
    _ = catalog(lang)
    if state.phase == "over":
        return _over(state, _)
    if type(seat) is not int or not 0 <= seat < state.players:
        name = seat_name(seat, lang) if type(seat) is int else repr(seat)
        return _("There is no {name} in this game.").format(name=name), "KC-R1"
    if type(action) is Move and action.kind == CLAIM:
        found = _claims_mode(state, _)
        if found is not None:
            return found
    found = _turn(state, seat, lang)
    if found is not None:
        return found
    if state.phase == "claim":
        return claim_phase_reason(state, seat, action, lang)
    return play_phase_reason(state, seat, action, lang)


def play_phase_reason(
    state: KingdomsState, seat: int, action: Action, lang: str = "en"
) -> Reason | None:
    """Why the active ``seat`` may not make ``action`` when it is to play (KC-R15)."""
    _ = catalog(lang)
    if type(action) is not Move:
        return _not_ours(action, _)
    if action.kind == PLAY:
        return _play(state, seat, action, lang)
    if action.kind == CLAIM:
        found = _claims_mode(state, _)
        if found is not None:
            return found
        return (
            _("Claims come after your play: play a card first, then claim a proven territory."),
            "KC-R29",
        )
    return (
        _(
            "There is nothing to end: End claims belongs to the claim phase after your "
            "play, when you may claim a proven territory."
        ),
        "KC-R29",
    )


def claim_phase_reason(
    state: KingdomsState, seat: int, action: Action, lang: str = "en"
) -> Reason | None:
    """Why the active ``seat`` may not make ``action`` in its claim phase (KC-R29)."""
    _ = catalog(lang)
    if type(action) is not Move:
        return _not_ours(action, _)
    if action.kind == PLAY:
        return (
            _(
                "You have already played your card this turn: claim a proven territory "
                "(⚑ Claim) or choose End claims."
            ),
            "KC-R15",
        )
    if action.kind == CLAIM:
        return _claim(state, seat, action.territory, lang)
    return None


def _not_ours(action: object, _: Catalog) -> Reason:
    return _("{action} is not an action of this game.").format(action=action), None


def _over(state: KingdomsState, _: Catalog) -> Reason:
    if all(d is not None for d in state.decided):
        return _("The game is over: all five territories are decided."), "KC-R33"
    return _("The game is over: the winners were already certain."), "KC-R34"


def _turn(state: KingdomsState, seat: int, lang: str) -> Reason | None:
    """Somebody else is to act (KC-R17), or is claiming after their play (KC-R29)."""
    if seat == state.active:
        return None
    _, name = catalog(lang), seat_name(state.active, lang)
    if state.phase == "claim":
        return _("{name} is claiming territories now; wait for your turn.").format(
            name=name
        ), "KC-R29"
    return _("It is {name}'s turn, not yours.").format(name=name), "KC-R17"


def _play(state: KingdomsState, seat: int, action: Move, lang: str) -> Reason | None:
    _ = catalog(lang)
    card = state.pool.index.get(action.card, -1) if isinstance(action.card, str) else -1
    if card < 0:
        return _("There is no card {card} in this game.").format(card=action.card), "KC-R2"
    if card not in state.hands[seat]:
        where = _table_territory(state, card)
        if where is not None:
            return (
                _(
                    "Card {card} is already on the table, in territory {t}; a played card "
                    "stays where it is."
                ).format(card=action.card, t=where),
                "KC-R8",
            )
        return _("Card {card} is not in your hand.").format(card=action.card), "KC-R15"
    t = action.territory
    found = _territory(state, seat, t, lang)
    if found is not None:
        return found
    if len(state.armies[seat][t - 1]) >= CARDS_PER_TERRITORY:
        return (
            _("You already have 4 cards in territory {t}: an army has at most 4 cards.").format(
                t=t
            ),
            "KC-R7",
        )
    return None


def _table_territory(state: KingdomsState, card: int) -> int | None:
    for row in state.armies:
        for t, army in enumerate(row):
            if card in army:
                return t + 1
    return None


def _territory(state: KingdomsState, seat: int, t: object, lang: str) -> Reason | None:
    """A territory number outside 1-5 (KC-R6), or a decided and closed one (KC-R31)."""
    _ = catalog(lang)
    if type(t) is not int or not 1 <= t <= TERRITORIES:
        return (
            _("There is no territory {t}: the territories are numbered 1 to 5.").format(t=t),
            "KC-R6",
        )
    d = state.decided[t - 1]
    if d is None:
        return None
    if d[0] == seat:
        text = _("You have already won territory {t}; it is closed: nobody may add cards there.")
    else:
        text = _(
            "Territory {t} is already decided: {name} won it, and it is closed: nobody may add "
            "cards there."
        )
    return text.format(t=t, name=seat_name(d[0], lang)), "KC-R31"


def _claims_mode(state: KingdomsState, _: Catalog) -> Reason | None:
    """Claims are made by the players only under ``claims = manual`` (KC-R28 to KC-R30)."""
    if state.manual:
        return None
    if state.auto:
        return (
            _(
                "Claims are automatic in this game: a territory is won as soon as a complete "
                "army there provably cannot be beaten."
            ),
            "KC-R28",
        )
    return (
        _(
            "Claims are off in this game: a territory is decided only when every army there is "
            "complete."
        ),
        "KC-R30",
    )


def _claim(state: KingdomsState, seat: int, t: object, lang: str) -> Reason | None:
    _ = catalog(lang)
    if type(t) is not int or not 1 <= t <= TERRITORIES:
        return _territory(state, seat, t, lang)
    d = state.decided[t - 1]
    if d is not None:
        text = (
            _("You have already won territory {t}.")
            if d[0] == seat
            else _("Territory {t} is already decided: {name} won it.")
        )
        return text.format(t=t, name=seat_name(d[0], lang)), "KC-R25"
    k = len(state.armies[seat][t - 1])
    if k < CARDS_PER_TERRITORY:
        return (
            _("You have {k} of 4 cards in territory {t}: only a complete army can claim.").format(
                k=k, t=t
            ),
            "KC-R25",
        )
    if state.claim_valid(t - 1, seat):
        return None
    return _refuted(state, seat, t, lang), "KC-R27"


def _refuted(state: KingdomsState, seat: int, t: int, lang: str) -> str:
    """Who beats the claim on ``t``: a complete army that is stronger or as strong and
    earlier (KC-R27 a), or an army that unseen cards would lift above it (KC-R27 b)."""
    _ = catalog(lang)
    i = t - 1
    mine, n = KEY[state.counts[seat][i]], state.comp[seat][i]
    for o in range(state.players):
        if o == seat or len(state.armies[o][i]) < CARDS_PER_TERRITORY:
            continue
        theirs = KEY[state.counts[o][i]]
        if theirs > mine:
            text = _(
                "Your claim on territory {t} is not proven: the complete army of {name} there "
                "is stronger."
            )
            return text.format(t=t, name=seat_name(o, lang))
        if theirs == mine and state.comp[o][i] < n:
            text = _(
                "Your claim on territory {t} is not proven: the army of {name} there is as "
                "strong and was complete earlier."
            )
            return text.format(t=t, name=seat_name(o, lang))
    found = state.refutation(i, seat)
    if found is None:  # cannot happen: an invalid claim has a refuting opponent
        return _("Your claim on territory {t} is not proven.").format(t=t)
    o, cards = found
    text = _.ngettext(
        "Your claim on territory {t} is not proven: {name} could still beat your army with a "
        "card that is not on the table, for example one with {cards}.",
        "Your claim on territory {t} is not proven: {name} could still beat your army with "
        "{n} cards that are not on the table, for example with these symbols: {cards}.",
        len(cards),
    )
    words = "; ".join(spelled(c, lang) for c in cards)
    return text.format(t=t, name=seat_name(o, lang), n=len(cards), cards=words)
