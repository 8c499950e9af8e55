"""Log events as plain-language sentences, one per event, in the reader's language (the
game's catalogs; German addresses the reader with "du").

One function per event kind in ``SENTENCES``. Each sentence is a whole message with named
placeholders, so a language may order it as it needs. A sentence about the reader and one
about another seat are two messages (``_by``): English says "You won" and "Player 2 won",
German conjugates the verb by person ("Du gewinnst", "Spieler 2 gewinnt")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .catalog import catalog
from .describe_fights import (
    _committed,
    _empty_tower,
    _fight,
    _fight_result,
    _lance,
    _no_troops,
    _plundered,
    _retreat,
    _reveal,
    _throw,
    _truce,
    _unit_removed,
)
from .describe_parts import by, card_words, count_words
from .edition import shown_components
from .names import event_name, place, seat_list, seat_name, unit_name
from .upgrade import upgrade_event

JSON = dict[str, Any]
Sentence = Callable[[JSON, int | None, str], str]


def _setup(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    comp = shown_components()
    names = []
    for seat, kid in enumerate(e.get("knights", [])):
        try:
            name = comp.knight(kid).name
        except KeyError:
            name = str(kid)
        names.append(f"{name} ({seat_name(seat, v, lang)})")
    text = by(
        e.get("start_player"),
        v,
        lang,
        _("Knights: {knights}; you start."),
        _("Knights: {knights}; {who} starts."),
        knights=", ".join(names),
    )
    aside = e.get("set_aside") or []
    if aside:
        text += " " + _.ngettext(
            "{n} immediate card was set aside at the deal and shuffled back.",
            "{n} immediate cards were set aside at the deal and shuffled back.",
            len(aside),
        ).format(n=len(aside))
    return text


def _turn(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    mine, theirs = _("Turn {n}: you are active."), _("Turn {n}: {who} is active.")
    return by(e.get("seat"), v, lang, mine, theirs, n=e.get("turn"))


def _move(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You played {card} and stepped to {to}."),
        _("{who} played {card} and stepped to {to}."),
        card=card_words(e, lang),
        to=place(e.get("to"), lang),
    )


def _event(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    name = event_name(e.get("event"), lang)
    seat = e.get("seat")
    if "to" in e:
        return by(
            seat,
            v,
            lang,
            _("You played {name}, stepping to {to}."),
            _("{who} played {name}, stepping to {to}."),
            name=name,
            to=place(e["to"], lang),
        )
    if "target" in e:
        return by(
            seat,
            v,
            lang,
            _("You played {name} against {target}."),
            _("{who} played {name} against {target}."),
            name=name,
            target=seat_name(e["target"], v, lang, "acc"),
        )
    return by(seat, v, lang, _("You played {name}."), _("{who} played {name}."), name=name)


def _step(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You took a second step to {to}."),
        _("{who} took a second step to {to}."),
        to=place(e.get("to"), lang),
    )


def _move_unit(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You moved {unit} to {to}."),
        _("{who} moved {unit} to {to}."),
        unit=unit_name(e.get("unit"), lang, article=True),
        to=place(e.get("to"), lang),
    )


def _pray(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    mine, theirs = _("You prayed (motivation +2)."), _("{who} prayed (motivation +2).")
    return by(e.get("seat"), v, lang, mine, theirs)


def _recruit(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You paid {treasure} for {troops}."),
        _("{who} paid {treasure} for {troops}."),
        treasure=count_words(_, "treasure", e.get("treasure")),
        troops=count_words(_, "troops", e.get("troops")),
    )


def _pass(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    mine, theirs = _("You took no city action."), _("{who} took no city action.")
    return by(e.get("seat"), v, lang, mine, theirs)


def _siege(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    if "reward" in e:  # papal_reward = declaration
        reward = e.get("reward")
        mine = _("You besieged Jerusalem (siege no. {n}); the Pope pays {reward}.")
        theirs = _("{who} besieged Jerusalem (siege no. {n}); the Pope pays {reward}.")
    elif e.get("if_lost"):
        reward = e.get("if_lost")
        mine = _(
            "You besieged Jerusalem (siege no. {n}); should it be lost, the Pope pays {reward}."
        )
        theirs = _(
            "{who} besieged Jerusalem (siege no. {n}); should it be lost, the Pope pays {reward}."
        )
    else:
        reward = 0
        mine = _("You besieged Jerusalem (siege no. {n}).")
        theirs = _("{who} besieged Jerusalem (siege no. {n}).")
    return by(
        e.get("seat"),
        v,
        lang,
        mine,
        theirs,
        n=e.get("number"),
        reward=count_words(_, "treasure", reward),
    )


def _papal_reward(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("The Pope consoles you for the lost siege no. {n}: +{reward}."),
        _("The Pope consoles {who} for the lost siege no. {n}: +{reward}."),
        n=e.get("number"),
        reward=count_words(_, "treasure", e.get("reward")),
    )


def _siege_round(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("defender"),
        v,
        lang,
        _("Siege round {round}: you command the garrison."),
        _("Siege round {round}: {who} commands the garrison."),
        round=e.get("round"),
    )


def _siege_ends(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _("The siege ends.")


def _jerusalem_falls(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("Jerusalem falls! You win the game."),
        _("Jerusalem falls! {who} wins the game."),
    )


def _discard(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You discarded {card}."),
        _("{who} discarded {card}."),
        card=card_words(e, lang),
    )


def _draw(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    if "card" in e:
        mine, theirs = _("You drew {card}."), _("{who} drew {card}.")
    else:
        mine, theirs = _("You drew a card."), _("{who} drew a card.")
    return by(e.get("seat"), v, lang, mine, theirs, card=card_words(e, lang))


def _immediate(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    hit = e.get("hit") or []
    if hit:
        mine = _("You drew {name}, resolved at once (it hits {hit}).")
        theirs = _("{who} drew {name}, resolved at once (it hits {hit}).")
    else:
        mine = _("You drew {name}, resolved at once.")
        theirs = _("{who} drew {name}, resolved at once.")
    return by(
        e.get("seat"),
        v,
        lang,
        mine,
        theirs,
        name=event_name(e.get("event"), lang),
        hit=seat_list(hit, v, lang, "acc"),
    )


def _exhausted(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    if e.get("count") == 1:
        return _("The draw pile is exhausted: the discards are shuffled into a new pile.")
    return _("The draw pile is exhausted a second time: the game ends after this turn.")


def _end_cards(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    mine, theirs = _("You ended the card phase."), _("{who} ended the card phase.")
    return by(e.get("seat"), v, lang, mine, theirs)


def _game_over(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    reasons = {
        "jerusalem": _("Jerusalem has fallen"),
        "deck": _("the deck ran out twice"),
        "turn_limit": _("turn limit"),
    }
    reason = str(e.get("reason") or "")
    why = reasons.get(reason, reason)
    winners = e.get("winners") or []
    names = seat_list(winners, v, lang)
    if not why:
        if not winners:
            return _("Game over: no winner.")
        return _.ngettext(
            "Game over. Winner: {names}.", "Game over. Winners (shared): {names}.", len(winners)
        ).format(names=names)
    if not winners:
        return _("Game over ({reason}): no winner.").format(reason=why)
    return _.ngettext(
        "Game over ({reason}). Winner: {names}.",
        "Game over ({reason}). Winners (shared): {names}.",
        len(winners),
    ).format(reason=why, names=names)


SENTENCES: dict[str, Sentence] = {
    "setup": _setup,
    "turn": _turn,
    "move": _move,
    "event": _event,
    "step": _step,
    "move_unit": _move_unit,
    "fight": _fight,
    "truce": _truce,
    "no_troops": _no_troops,
    "empty_tower": _empty_tower,
    "lance": _lance,
    "committed": _committed,
    "reveal": _reveal,
    "throw": _throw,
    "fight_result": _fight_result,
    "unit_removed": _unit_removed,
    "plundered": _plundered,
    "retreat": _retreat,
    "pray": _pray,
    "recruit": _recruit,
    "pass": _pass,
    "siege": _siege,
    "papal_reward": _papal_reward,
    "siege_round": _siege_round,
    "siege_ends": _siege_ends,
    "jerusalem_falls": _jerusalem_falls,
    "discard": _discard,
    "draw": _draw,
    "immediate": _immediate,
    "exhausted": _exhausted,
    "end_cards": _end_cards,
    "game_over": _game_over,
}


def describe_event(event: JSON, seat: int | None, lang: str = "en") -> str:
    """``event`` as ``seat`` reads it, in ``lang`` (``de``, else English); the raw event
    for a kind this game does not log. An event of an older log (named by ``kind``, rules
    versions 1 and 2) reads as its upgrade (``upgrade``)."""
    event = upgrade_event(event)
    sentence = SENTENCES.get(str(event.get("type")))
    return str(event) if sentence is None else sentence(event, seat, lang)
