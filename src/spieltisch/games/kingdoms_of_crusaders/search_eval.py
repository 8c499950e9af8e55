"""The measures the search's evaluation is built from (``search.py``): each seat's chance of
winning every open territory and, from those, the match.

The model is the heuristic's (``heuristic.py``, rules of thumb 2 to 5), applied to every
seat alike: a seat's army in a territory reaches the best *plan* that succeeds, its plans
drawing on its own hand (each card at a discount, it may be wanted elsewhere) and on its
share of its future draws from the pool it cannot see. In a re-dealt world every hand is
known, so each seat is judged with its own hand; the final keys of the seats' armies are
then compared as the heuristic compares them (equal keys: whoever completes first)."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from .deck import CARDS_PER_TERRITORY, HAND_SIZE, TERRITORIES
from .heuristic import Params
from .plans import (
    SUBMASKS,
    Dist,
    Rival,
    Tail,
    beats_all,
    count_distribution,
    distribution,
    flat,
    hand_weights,
    showing_counts,
    tail_chances,
    with_hand,
)
from .state import KingdomsState

# The heuristic's model with less optimism: a territory may use ``share * r`` of the future
# draws and a card in hand is free for it with chance ``hand_weight``. Chosen over a grid by
# the held-out log loss of the fitted evaluation (tools/search/fit_kingdoms_of_crusaders.py
# --grid): the heuristic's own values (3.0, 0.7) judge one seat's plays well, but overrate
# every army when all seats are judged alike.
PARAMS = Params(share=2.0, hand_weight=0.8)
_EMPTY: Tail = (1.0, 0.0, 0.0, 0.0, 0.0)


@functools.cache
def _mixed(fit: int, total: int, m: int, held: int) -> Tail:
    """Chances to get 0..4 cards of a symbol set that ``fit`` of ``total`` unseen cards
    show, when ``m`` of them will be seen and ``held`` cards in hand show it too."""
    tail = tail_chances(fit, total, m)
    if held == 0:
        return tail
    return with_hand(tail, hand_weights(held, PARAMS.hand_weight))


@functools.cache
def _unknown_hand(fit: int, total: int, m: int, hand: int) -> Tail:
    """``_mixed`` on average over the hands of ``hand`` cards a seat may hold, dealt from
    ``total`` cards of which ``fit`` show the symbol set: an opponent whose hand the judge
    cannot see, judged as it would judge itself."""
    whole = math.comb(total, hand)
    out = [0.0] * 5
    for held in range(min(hand, fit) + 1):
        chance = math.comb(fit, held) * math.comb(total - fit, hand - held) / whole
        if chance > 0.0:
            tail = _mixed(fit - held, total - hand, m, held)
            for x in range(5):
                out[x] += chance * tail[x]
    return (out[0], out[1], out[2], out[3], out[4])


class _Seat:
    """One seat's plan chances: what it holds, the pool it draws from, its future draws."""

    __slots__ = ("fits", "future", "held", "size", "slots", "tables", "unknown")

    def __init__(
        self,
        state: KingdomsState,
        seat: int,
        open_: Sequence[int],
        showing: Sequence[int],
        known: Sequence[int] | None,
    ) -> None:
        """``known``: the hand whose cards the judging seat can see (``showing`` counts the
        unseen pool per symbol set, hands included): this seat's own when it is judged with
        its hand, the judging seat's when this seat's hand is unknown to it."""
        masks = state.pool.masks
        hand = state.hands[seat]
        army = state.armies[seat]
        self.slots = sum(CARDS_PER_TERRITORY - len(army[t]) for t in open_)
        # every slot left is one more play, every play but one already drawn one draw
        self.future = max(0, self.slots - max(0, len(hand) - HAND_SIZE))
        seen = [0] * 32  # per symbol set s: the cards of ``known`` showing every symbol of s
        for c in known if known is not None else hand:
            for s in SUBMASKS[masks[c]]:
                seen[s] += 1
        # fits[s]: cards that show every symbol of s among those the judge cannot see
        self.fits = [u - h for u, h in zip(showing, seen, strict=True)]
        self.size = showing[0] - (len(known) if known is not None else len(hand))
        # its hand: known (held[s] cards show s), or ``unknown`` cards from the judge's pool
        self.held = seen if known is None else None
        self.unknown = len(hand)
        self.tables: dict[int, list[float]] = {}

    def success(self, r: int) -> list[float]:
        """Plan chances (a ``flat`` table) for a territory with ``r`` empty slots (rule of
        thumb 3: it may use ``share * r`` of the future draws, shares overlapping)."""
        slots, future = self.slots, self.future
        m = min(future, round(PARAMS.share * future * r / slots)) if slots and future else 0
        table = self.tables.get(m)
        if table is None:
            size, fits, held = self.size, self.fits, self.held
            if held is not None:
                rows = [_EMPTY] + [_mixed(fits[s], size, m, held[s]) for s in range(1, 32)]
            else:
                n = self.unknown
                rows = [_EMPTY] + [_unknown_hand(fits[s], size, m, n) for s in range(1, 32)]
            table = self.tables[m] = flat(rows)
        return table


def _win_chance(p: int, dist: Dist, rivals: Sequence[Rival]) -> float:
    """The chance that seat ``p``'s army (final keys ``dist``) beats every other one."""
    mine = rivals[p]
    others = (other for o, other in enumerate(rivals) if o != p)
    return beats_all(dist, others, mine.complete, mine.comp)


def territory_chances(
    state: KingdomsState, judge: int | None = None
) -> tuple[list[int], list[list[float]]]:
    """The open territories (0-4) and, per seat, its chance to win each of them, as
    ``judge`` sees them (its own hand and the table; the other hands unknown), or with
    every hand of the state when ``judge`` is ``None``."""
    players = state.players
    open_ = [t for t in range(TERRITORIES) if state.decided[t] is None]
    showing = showing_counts(state.unseen)
    hand = None if judge is None else state.hands[judge]
    seats = [_Seat(state, p, open_, showing, None if p == judge else hand) for p in range(players)]
    known: dict[tuple[int, int, int], Dist] = {}
    chances = [[0.0] * len(open_) for _ in range(players)]
    for i, t in enumerate(open_):
        dists: list[Dist] = []
        rivals: list[Rival] = []
        for p in range(players):
            r = CARDS_PER_TERRITORY - len(state.armies[p][t])
            index = state.counts[p][t]
            dist = known.get((p, index, r))  # empty armies in several territories, say
            if dist is None:
                dist = known[(p, index, r)] = distribution(index, r, seats[p].success(r))
            dists.append(dist)
            rivals.append(Rival(dist, r == 0, state.comp[p][t]))
        if players == 2:  # the tie rule gives every territory to exactly one of two
            win = _win_chance(0, dists[0], rivals)
            chances[0][i], chances[1][i] = win, 1.0 - win
            continue
        wins = [_win_chance(p, dists[p], rivals) for p in range(players)]
        total = sum(wins)  # ties among three or more: share what is left
        for p in range(players):
            chances[p][i] = wins[p] / total if total > 0.0 else 1.0 / players
    return open_, chances


def match_values(state: KingdomsState, chances: list[list[float]]) -> list[float]:
    """Each seat's match value from its territory chances (rule of thumb 5): with two
    players the chance of three territories, with more the expected utility of its count."""
    players = state.players
    out = []
    for p in range(players):
        won = len(state.markers[p])
        dist = count_distribution(chances[p])
        if players == 2:
            out.append(sum(dist[max(0, 3 - won) :]))
            continue
        utility = PARAMS.count_utility_3 if players == 3 else PARAMS.count_utility_4
        out.append(sum(q * utility[min(k + won, 5)] for k, q in enumerate(dist)))
    return out


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1.0 - 1e-4)  # a sure match is worth a large, finite score
    return math.log(p / (1.0 - p))


FEATURES = ("match", "territories", "to_move", "judge")


def features(state: KingdomsState, judge: int | None = None) -> list[tuple[float, ...]]:
    """Per seat, as ``judge`` sees the position (``territory_chances``): the logit of its
    match value, the territories it has won, whether it is the seat to move (it holds the
    drawn card) and whether it is the judge."""
    _, chances = territory_chances(state, judge)
    values = match_values(state, chances)
    active = state.active
    return [
        (
            _logit(values[p]),
            float(len(state.markers[p])),
            1.0 if p == active else 0.0,
            1.0 if p == judge else 0.0,
        )
        for p in range(state.players)
    ]
