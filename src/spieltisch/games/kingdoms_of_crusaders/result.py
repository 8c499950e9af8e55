"""The end of a game of The Kingdoms of Crusaders as the result screen shows it: each seat's
territories and victory markers (KC-R32, KC-R35), the tie-break spelled out and which one
decided, how the game ended (the fifth territory, KC-R33, or the early stop, KC-R34) and how
each territory was won; and the standing over the game for the chart (territories won so
far, public) with the round a position belongs to."""

from __future__ import annotations

from typing import Any

from ...engine.i18n import Catalog
from ...engine.picture import seat_name
from ...engine.result import ResultSheet
from .standing import ranking_key
from .state import KingdomsState
from .words import catalog


def result_sheet(state: KingdomsState, lang: str = "en") -> ResultSheet:
    """Per seat: the territories won, their victory markers, the marker sum and the number
    of territories won (``scores()``), in seat order."""
    _ = catalog(lang)
    won: list[list[int]] = [[] for _ in range(state.players)]
    for t, d in enumerate(state.decided):
        if d is not None:
            won[d[0]].append(t + 1)
    rows: list[list[Any]] = []
    scores = state.scores()
    for seat in range(state.players):
        markers = sorted(state.markers[seat])
        rows.append(
            [
                ", ".join(str(t) for t in won[seat]) or "–",
                ", ".join(str(m) for m in markers) or "–",
                sum(markers),
                int(scores[seat]),
            ]
        )
    columns = [_("Territories"), _("Victory markers"), _("Marker sum"), _("Territories won")]
    return ResultSheet(
        columns=columns,
        rows=rows,
        tie_breaks=_tie_breaks(state, lang),
        ending=_ending(state, _),
        notes=_decisions(state, lang),
    )


def _tie_breaks(state: KingdomsState, lang: str) -> str:
    """KC-R35 in words, then which step of it decided this game."""
    _ = catalog(lang)
    rule = _(
        "More territories win; with as many territories the lower sum of victory markers wins; "
        "if that is equal too, the players share the win (KC-R35)."
    )
    winners = state.winners()
    if not winners:
        return rule
    keys = [ranking_key(m) for m in state.markers]
    best = keys[winners[0]]
    names = ", ".join(seat_name(w, lang) for w in winners)
    if len(winners) > 1:
        this = _(
            "In this game {names} won as many territories with the same marker sum and share "
            "the win."
        ).format(names=names)
        return f"{rule} {this}"
    level = [p for p in range(state.players) if keys[p][0] == best[0] and p not in winners]
    if not level:
        return rule
    other = min(level, key=lambda p: sum(state.markers[p]))
    this = _(
        "In this game the marker sum decided: {name} won {n} territories like {other}, with "
        "the lower marker sum ({mine} against {theirs})."
    ).format(
        name=names,
        n=best[0],
        other=seat_name(other, lang),
        mine=-best[1],
        theirs=sum(state.markers[other]),
    )
    return f"{rule} {this}"


def _ending(state: KingdomsState, _: Catalog) -> str | None:
    ending = state.ending()
    if ending == "all-decided":
        return _("All five territories were decided; the last one at play #{n}.").format(
            n=state.play_counter
        )
    if ending == "winners-fixed":
        left = sum(1 for d in state.decided if d is None)
        return _.ngettext(
            "The game stopped early at play #{n}: the victory marker still to take could no "
            "longer change the winners (KC-R34).",
            "The game stopped early at play #{n}: the {k} victory markers still to take could "
            "no longer change the winners (KC-R34).",
            left,
        ).format(n=state.play_counter, k=left)
    return None


def _decisions(state: KingdomsState, lang: str) -> list[str]:
    """How each territory was won, in the order of the markers; the ones left open."""
    _ = catalog(lang)
    out = []
    decided = sorted((d[1], t, d) for t, d in enumerate(state.decided) if d is not None)
    for marker, t, (winner, _m, method, play) in decided:
        line = (
            _("Territory {t}: {name}, by claim at play #{play}, victory marker {m}.")
            if method == "claim"
            else _("Territory {t}: {name}, by completion at play #{play}, victory marker {m}.")
        )
        out.append(line.format(t=t + 1, name=seat_name(winner, lang), play=play, m=marker))
    for t, d in enumerate(state.decided):
        if d is None:
            out.append(_("Territory {t} stayed open.").format(t=t + 1))
    return out


def progress(state: KingdomsState) -> list[float]:
    """Per seat, the territories won so far: public, and the measure the game is won by."""
    return [float(len(m)) for m in state.markers]


def progress_label(lang: str = "en") -> str:
    return catalog(lang)("Territories won")


def round_of(state: KingdomsState) -> int:
    """The round (1-based): every player's turn once, from the first player on. A turn
    starts with a draw or a pass, so the first player's turns count the rounds."""
    first = state.first_player
    turns = sum(
        1 for e in state.events if e.get("type") in ("draw", "pass") and e.get("seat") == first
    )
    return max(1, turns)
