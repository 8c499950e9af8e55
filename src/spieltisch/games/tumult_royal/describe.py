"""Plain-language log lines for Tumult Royal, in any language of the game's catalogs.

One function per event type in ``SENTENCES``. Every sentence is one message with named
placeholders, so a language may reorder it. German conjugates the verb by person and
addresses the reader with "du", so a sentence about the reader and one about another player
are two messages (``_by``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ...engine.i18n import Catalog
from .data import default_ruleset
from .names import (
    catalog,
    fog_tiles,
    good_name,
    payment_text,
    seat_list,
    seat_name,
    terrains_built,
    tiles_text,
)
from .text_words import field_text

JSON = dict[str, Any]
Sentence = Callable[[JSON, int | None, str], str]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _by(seat: Any, viewer: int | None, lang: str, you: str, other: str, **values: Any) -> str:
    """``you`` (a translated message) when the reader is ``seat``, else ``other`` with
    ``{who}`` the player's name."""
    if seat == viewer and viewer is not None:
        return _cap(you.format(**values))
    return _cap(other.format(who=seat_name(seat, viewer, lang), **values))


def _statues(n: int, _: Catalog) -> str:
    return _.ngettext("{n} statue", "{n} statues", n).format(n=n)


def _followers(n: int, _: Catalog) -> str:
    return _.ngettext("{n} follower", "{n} followers", n).format(n=n)


def _setup(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _("Ranks dealt, King first: {order}.").format(order=seat_list(e["ranks"], v, lang))


def _start_statue(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _by(
        e["seat"],
        v,
        lang,
        _("You placed a start statue on the meadow {field}."),
        _("{who} placed a start statue on the meadow {field}."),
        field=field_text(e["field"]),
    )


def _spin(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    if "good" in e:  # Zocker: one spin per good just before its check (TR-R8)
        sentence = _("The spinner demands {demand} {good}.")
        return sentence.format(demand=e["demand"], good=good_name(e["good"], lang))
    sentence = _("Round {round}: the people demand {demand} of every good.")
    return sentence.format(round=e["round"], demand=e["demand"])


def _zocker(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    sentence = _("Round {round}: the demand stays secret until the tumult check.")
    return sentence.format(round=e["round"])


def _grab(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    sentence = _("The tax robbery begins: {slots} tiles to grab, {set_aside} set aside.")
    return sentence.format(slots=e["slots"], set_aside=e["set_aside"])


@lru_cache(maxsize=8)
def _tick_clauses(lang: str) -> dict[str, tuple[str, str]]:
    """A tick's actions: (about the reader, about another player ``{who}``), slot ``{s}``."""
    _ = catalog(lang)
    return {
        "peek_won": (_("you peeked at slot {s}"), _("{who} peeked at slot {s}")),
        "peek_lost": (_("you missed slot {s}"), _("{who} missed slot {s}")),
        "keep": (_("you keep slot {s}"), _("{who} keeps slot {s}")),
        "put_back": (_("you put back slot {s}"), _("{who} puts back slot {s}")),
        "done_slot": (
            _("you are done and put back slot {s}"),
            _("{who} is done and puts back slot {s}"),
        ),
        "done": (_("you are done"), _("{who} is done")),
    }


def _tick(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    clauses = _tick_clauses(lang)
    parts = []
    for a in e["actions"]:
        kind = a["action"]
        if kind == "peek":
            key = "peek_won" if a["won"] else "peek_lost"
        elif kind == "done":
            key = "done_slot" if "slot" in a else "done"
        elif kind in clauses:
            key = kind
        else:  # waiting is not news
            continue
        you, other = clauses[key]
        if a["seat"] == v and v is not None:
            parts.append(you.format(s=a.get("slot")))
        else:
            parts.append(other.format(who=seat_name(a["seat"], v, lang), s=a.get("slot")))
    if not parts:
        return _("Tick {tick}: everybody waited.").format(tick=e["tick"])
    # the clauses are joined with semicolons in both languages
    return _("Tick {tick}: {actions}.").format(tick=e["tick"], actions="; ".join(parts))


def _reveal(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _("The tiles are revealed.")


def _tumult(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    values = {
        "good": good_name(e["good"], lang),
        "remaining": e["remaining"],
        "demand": e["demand"],
    }
    if e["greediest"] is None:
        sentence = _("Tumult in {good} ({remaining} < {demand}), but nobody is punished.")
        return sentence.format(**values)
    return _by(
        e["greediest"],
        v,
        lang,
        _(
            "Tumult in {good} ({remaining} < {demand}): you are the greediest and lose "
            "followers and goods."
        ),
        _(
            "Tumult in {good} ({remaining} < {demand}): {who} is the greediest and loses "
            "followers and goods."
        ),
        **values,
    )


def _build(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    surplus = int(e["surplus"])
    if surplus:
        you = _(
            "You built {terrain} on {field} with {statues}, paying {paid}; {followers} for "
            "overpaying."
        )
        other = _(
            "{who} built {terrain} on {field} with {statues}, paying {paid}; {followers} for "
            "overpaying."
        )
    else:
        you = _("You built {terrain} on {field} with {statues}, paying {paid}.")
        other = _("{who} built {terrain} on {field} with {statues}, paying {paid}.")
    terrain = str(e["terrain"])
    return _by(
        e["seat"],
        v,
        lang,
        you,
        other,
        terrain=terrains_built(lang).get(terrain, terrain),
        field=field_text(e["field"]),
        statues=_statues(int(e["statues"]), _),
        paid=payment_text(e.get("payment") or [], default_ruleset().goods, lang),
        followers=_followers(surplus, _),
    )


def _no_build(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    followers = _followers(int(e["bonus"]), _)
    if e.get("could_not"):  # TR-R21, consolation = could_not
        return _by(
            e["seat"],
            v,
            lang,
            _("You could not build anything and gain {followers} as a consolation."),
            _("{who} could not build anything and gains {followers} as a consolation."),
            followers=followers,
        )
    return _by(
        e["seat"],
        v,
        lang,
        _("You built nothing and gain {followers}."),
        _("{who} built nothing and gains {followers}."),
        followers=followers,
    )


def _end_turn(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _by(e["seat"], v, lang, _("You ended the build turn."), _("{who} ended the build turn."))


def _crown(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _by(
        e["king"],
        v,
        lang,
        _("You are King, pay the tax and add {statues} to the chronicle."),
        _("{who} is King, pays the tax and adds {statues} to the chronicle."),
        statues=_statues(int(e["chronicle"]), _),
    )


def _fog(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    tiles, columns = fog_tiles(e)
    where, plural = tiles_text(tiles, columns, lang)
    # TRANSLATORS: {Where} is {where} capitalised, for a language that starts a clause with it
    sentence = _.ngettext(
        "The fog lifts: {where} lies face up now.",
        "The fog lifts: {where} lie face up now.",
        2 if plural else 1,
    )
    return sentence.format(where=where, Where=_cap(where))


def _grace(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _("Grace for {names}.").format(names=seat_list(e["seats"], v, lang, "acc"))


@lru_cache(maxsize=8)
def _reasons(lang: str) -> dict[str, str]:
    """Why the game ended, by the rules code's reason."""
    _ = catalog(lang)
    return {
        "25th statue": _.pgettext("end reason", "25th statue"),
        "threshold": _.pgettext("end reason", "threshold"),
        "round limit": _.pgettext("end reason", "round limit"),
    }


def _end(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    reason = str(e["reason"])
    winners = e["winners"]
    sentence = _.ngettext(
        "Game over ({reason}). Winner: {names}.",
        "Game over ({reason}). Winners: {names}.",
        max(1, len(winners)),
    )
    names = seat_list(winners, v, lang)
    return sentence.format(reason=_reasons(lang).get(reason, reason), names=names)


SENTENCES: dict[str, Sentence] = {
    "setup": _setup,
    "start_statue": _start_statue,
    "spin": _spin,
    "zocker": _zocker,
    "grab": _grab,
    "tick": _tick,
    "reveal": _reveal,
    "tumult": _tumult,
    "build": _build,
    "no_build": _no_build,
    "end_turn": _end_turn,
    "crown": _crown,
    "fog": _fog,
    "grace": _grace,
    "end": _end,
}


def describe_event(event: dict[str, Any], viewer: int | None, lang: str = "en") -> str:
    """``event`` as ``viewer`` reads it in ``lang`` (English for a language without a
    catalog); an event type this game does not log reads as the raw event."""
    sentence = SENTENCES.get(str(event.get("type")))
    return str(event) if sentence is None else sentence(event, viewer, lang)
