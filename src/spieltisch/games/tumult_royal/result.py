"""The result of a game of Tumult Royal for the result screen (``engine.result``): each
seat's statues placed, on the landscape and on the chronicle, beside the tie-breaks
(followers, rank), the tie-breaks spelled out (TR-V4, TR-V5), how the game ended (TR-V1 to
TR-V3) and the tumults and crowns of the game; and the standing over the game: the statues
placed so far, public at every moment."""

from __future__ import annotations

from itertools import pairwise

from ...engine.i18n import Catalog
from ...engine.result import ResultSheet
from .names import catalog
from .table import Table


def _player(seat: int, _: Catalog) -> str:
    return _("Player {n}").format(n=seat + 1)


def landscape_statues(state: Table) -> list[int]:
    out = [0] * state.players
    for owner, n in zip(state.owner, state.statues, strict=True):
        if owner >= 0:
            out[owner] += n
    return out


def chronicle_statues(state: Table) -> list[int]:
    out = [0] * state.players
    for king, n in state.chronicle:
        out[king] += n
    return out


def result_sheet(state: Table, lang: str = "en") -> ResultSheet:
    """The breakdown of a finished game in ``lang``: per seat (seat order) the statues on
    the landscape and on the chronicle, the followers and the rank (the tie-breaks), and
    the statues placed, the score (``scores()``)."""
    _ = catalog(lang)
    land, chron = landscape_statues(state), chronicle_statues(state)
    rank = {seat: i + 1 for i, seat in enumerate(state.rank)}
    scores = state.scores()
    rows: list[list[object]] = [
        [land[s], chron[s], state.followers[s], rank[s], int(scores[s])]
        for s in range(state.players)
    ]
    return ResultSheet(
        columns=[
            _("On the landscape"),
            _("On the chronicle"),
            _("Followers"),
            _("Rank"),
            _("Statues placed"),
        ],
        rows=rows,
        tie_breaks=tie_breaks(state, lang),
        ending=ending(state, lang),
        notes=notes(state, lang),
    )


def standing(state: Table) -> list[int]:
    """The seats in their final order (TR-V5): the instant winner first, then by statues
    placed, followers and rank."""
    keys = state.ranking_keys()
    return sorted(range(state.players), key=lambda s: keys[s], reverse=True)


def tie_breaks(state: Table, lang: str) -> str:
    """TR-V4 in a sentence, then each place of this game that a tie-break decided."""
    _ = catalog(lang)
    out = [
        _(
            "Most statues placed (landscape and chronicle) wins; a tie goes to the player "
            "with more followers, then to the better rank."
        )
    ]
    if state.winner >= 0:  # TR-V1
        out.append(_("Placing the last statue wins at once, whatever the others have."))
    order = standing(state)
    rank = {seat: i + 1 for i, seat in enumerate(state.rank)}
    for ahead, behind in pairwise(order):
        if ahead == state.winner or state.placed(ahead) != state.placed(behind):
            continue
        values = {
            "ahead": _player(ahead, _),
            "behind": _player(behind, _),
            "n": state.placed(ahead),
        }
        if state.followers[ahead] != state.followers[behind]:
            out.append(
                _(
                    "{ahead} and {behind} both placed {n} statues; {ahead} is ahead with more "
                    "followers ({f} against {g})."
                ).format(f=state.followers[ahead], g=state.followers[behind], **values)
            )
        else:
            out.append(
                _(
                    "{ahead} and {behind} both placed {n} statues and have {f} followers "
                    "each; {ahead} is ahead by the better rank ({r} against {q})."
                ).format(f=state.followers[ahead], r=rank[ahead], q=rank[behind], **values)
            )
    return " ".join(out)


def ending(state: Table, lang: str) -> str | None:
    """How the game ended: the 25th statue (on the landscape or the chronicle, TR-V1), the
    chronicle's end check (TR-V2) or the last round (TR-V3); ``None`` while it runs."""
    if not state.is_over():
        return None
    _ = catalog(lang)
    n = state.round
    if state.end_reason == "25th statue":
        who = _player(state.winner, _)
        last = next(
            (e["type"] for e in reversed(state.events) if e["type"] in ("build", "crown")), ""
        )
        if last == "crown":
            return _(
                "{player}, as King, placed their last statue on the chronicle in round {n} and "
                "won at once."
            ).format(player=who, n=n)
        return _(
            "{player} built with their last statue on the landscape in round {n} and won at once."
        ).format(player=who, n=n)
    if state.end_reason == "threshold":
        placed = [state.placed(s) for s in range(state.players)]
        return _(
            "The chronicle's end check in round {n}: the most and the fewest statues placed "
            "differed by {d}, more than {t}."
        ).format(n=n, d=max(placed) - min(placed), t=state.rules.end_threshold[n - 1])
    return _("Round {n}, the last round, was played to its end.").format(n=n)


def notes(state: Table, lang: str) -> list[str]:
    """The tumults that punished somebody and the Kings of the chronicle, per seat."""
    _ = catalog(lang)
    punished = [0] * state.players
    for event in state.events:
        if event["type"] == "tumult" and event.get("greediest") is not None:
            punished[int(event["greediest"])] += 1
    kings = [0] * state.players
    for king, _n in state.chronicle:
        kings[king] += 1
    out = []
    if any(punished):
        parts = [f"{_player(s, _)} ×{k}" for s, k in enumerate(punished) if k]
        out.append(
            _("Punished as the greediest in a tumult: {list}.").format(list=", ".join(parts))
        )
    if any(kings):
        parts = [f"{_player(s, _)} ×{k}" for s, k in enumerate(kings) if k]
        out.append(_("Crowned King: {list}.").format(list=", ".join(parts)))
    return out


def progress(state: Table) -> list[float]:
    """Per seat the statues placed so far, landscape and chronicle: the score, public at
    every moment."""
    return [float(state.placed(s)) for s in range(state.players)]


def progress_label(lang: str) -> str:
    return catalog(lang)("Statues placed")


def round_of(state: Table) -> int:
    """The round (1 to 10); the start statues count to round 1."""
    return max(1, state.round)
