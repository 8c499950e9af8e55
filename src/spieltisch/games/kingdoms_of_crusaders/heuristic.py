"""The heuristic bot of The Kingdoms of Crusaders: one ply of search over a static estimate of
each territory's winning chance.

Rules of thumb, in the order the bot applies them:

1. **Always claim.** Under ``claims = manual`` a valid claim is a sure territory (KC-E10);
   claiming at once takes the lowest marker still free, and a lower marker sum is the
   tie-break of KC-R35, so waiting can only hand a lower marker to someone else.
2. **Plans, not hopes.** An army with ``r`` empty slots is judged by its *plans*: "``j`` more
   cards that all show symbol set ``S``" (``1 <= j <= r``). A plan lifts the army to a known
   key, and it succeeds with the hypergeometric chance of seeing ``j`` such cards among the
   cards the player can still direct to this territory, drawn from the pool this seat cannot
   see (the public unseen pool minus its own hand). The army is expected to reach the best
   plan that succeeds, or to stay as it is.
3. **Share the draws.** A territory with ``r`` empty slots may use ``Params.share * r``
   (``3 r``) of my future draws: a card goes wherever it fits best, so the shares overlap.
   An opponent's unknown cards (hand and future draws) are split among their empty slots in
   proportion: they are modelled as competent but not clairvoyant.
4. **Win probability per territory.** My final key is compared with every opponent's; equal
   keys go to whoever completes first (KC-R22): to me if I am already complete, to the
   opponent if only they are, a coin flip if neither is. Completing an army that no
   opponent's plan can beat scores a sure territory, which is what ``claims = auto`` decides
   at once.
5. **Play for the match, not for territories.** With two players the bot maximizes the chance
   of holding three territories, so it strengthens the pivotal battles and dumps weak cards
   where the battle is already won or lost; with three or four it maximizes a utility of its
   territory count. A small bonus for the plain sum of chances breaks ties.
6. **Cards in hand are options.** The cards kept in hand count for every territory's plans,
   each at a discount (it may be wanted elsewhere), and playing a card removes it from all
   of them: a card that several territories want is not wasted in a minor one.

The bot reads only what its seat may see: its own hand, the table, the public unseen pool and
the public hand sizes. It uses no randomness: of equally good actions it takes the first in the
order of ``legal_actions``."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ...engine.action import Action
from ...engine.game import State
from .actions import CLAIM, PLAY, Move
from .army import DELTA
from .deck import CARDS_PER_TERRITORY, TERRITORIES
from .plans import (
    SUBMASKS,
    Dist,
    Rival,
    Tail,
    at_least,
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


@dataclass(frozen=True)
class Params:
    """Tunable weights of the evaluation."""

    share: float = 3.0  # my future draws a territory may use, per empty slot
    opp_share: float = 1.0  # widening of an opponent's proportional share of unknown cards
    tie_bonus: float = 0.05  # weight of the plain sum of chances
    hand_weight: float = 0.7  # chance that a card in hand is still free for this territory
    count_utility_3: tuple[float, ...] = (0.0, 0.1, 0.5, 1.0, 1.0, 1.0)
    count_utility_4: tuple[float, ...] = (0.0, 0.15, 0.65, 1.0, 1.0, 1.0)


class HeuristicBot:
    """Claims whatever it can, otherwise plays the card and territory with the best one-ply
    evaluation (see the module docstring)."""

    name = "heuristic"
    params = Params()

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        if not isinstance(state, KingdomsState):
            raise TypeError("the heuristic bot plays The Kingdoms of Crusaders only")
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        for action in legal:
            if action.kind == CLAIM:
                return action  # rule of thumb 1
        plays = [a for a in legal if isinstance(a, Move) and a.kind == PLAY]
        if len(plays) <= 1:
            return plays[0] if plays else legal[0]
        return _Evaluation(state, seat, self.params).best(plays)


class _Evaluation:
    """One decision: the public facts of ``state`` as ``seat`` sees them, and the scoring."""

    def __init__(self, state: KingdomsState, seat: int, params: Params) -> None:
        self.state = state
        self.seat = seat
        self.params = params
        masks = state.pool.masks
        self.hand_masks = [masks[c] for c in state.hands[seat]]
        # the pool this seat cannot see: the unseen cards minus its own hand (KC-R26)
        pool = list(state.unseen)
        for m in self.hand_masks:
            pool[m] -= 1
        self.pool_size = sum(pool)
        # fits[s]: the pool's cards that show every symbol of s (none for the empty set)
        self.fits = showing_counts(pool)
        self.fits[0] = 0
        self.open = [t for t in range(TERRITORIES) if state.decided[t] is None]
        self.won = sum(1 for d in state.decided if d is not None and d[0] == seat)
        self._tails: dict[int, list[Tail]] = {}
        self._flat_tails: dict[int, list[float]] = {}
        self._success: dict[tuple[int, int], list[float]] = {}
        self._held: dict[int, list[tuple[int, int]]] = {}
        self._mixed: dict[tuple[int, int, int], Tail] = {}
        # armies with the same counts and empty slots (several empty territories, say)
        # share their distributions: (seat, counts index, r, played) -> Dist
        self._dists: dict[tuple[int, int, int, int], Dist] = {}
        self._slot_counts: dict[int, int] = {}
        # the opponents' armies do not depend on my choice: evaluate them once
        self.rivals: dict[int, list[Rival]] = {}
        for t in self.open:
            rivals = []
            for o in range(state.players):
                if o == seat:
                    continue
                n = len(state.armies[o][t])
                r = CARDS_PER_TERRITORY - n
                index = state.counts[o][t]
                dist = self._dists.get((o, index, r, 0))
                if dist is None:
                    m = self._share(o, r, params.opp_share, hand_unknown=True)
                    dist = self._dists[(o, index, r, 0)] = distribution(
                        index, r, self.flat_tails(m)
                    )
                rivals.append(Rival(dist, r == 0, state.comp[o][t]))
            self.rivals[t] = rivals

    def tails(self, m: int) -> list[Tail]:
        table = self._tails.get(m)
        if table is None:
            size, fits = self.pool_size, self.fits
            table = [
                tail_chances(fits[s], size, m) if s else (1.0, 0.0, 0.0, 0.0, 0.0)
                for s in range(32)
            ]
            self._tails[m] = table
        return table

    def flat_tails(self, m: int) -> list[float]:
        table = self._flat_tails.get(m)
        if table is None:
            table = self._flat_tails[m] = flat(self.tails(m))
        return table

    def success(self, m: int, played: int) -> list[float]:
        """My plan chances (a ``flat`` table) with ``m`` unknown cards to come, after playing
        a card with symbol mask ``played`` (rule of thumb 6: the rest of the hand counts, at
        a discount)."""
        table = self._success.get((m, played))
        if table is None:
            held = self._held.get(played)
            if held is None:
                counts = [0] * 32
                remaining = list(self.hand_masks)
                if played in remaining:  # 0: nothing played (the search's evaluation)
                    remaining.remove(played)
                for hm in remaining:
                    for s in SUBMASKS[hm]:
                        counts[s] += 1
                held = self._held[played] = [(s, h) for s, h in enumerate(counts) if h]
            weight = self.params.hand_weight
            cache = self._mixed
            rows = list(self.tails(m))
            for s, h in held:
                mixed = cache.get((m, s, h))
                if mixed is None:
                    mixed = cache[(m, s, h)] = with_hand(rows[s], hand_weights(h, weight))
                rows[s] = mixed
            table = self._success[(m, played)] = flat(rows)
        return table

    def _slots(self, seat: int) -> int:
        slots = self._slot_counts.get(seat)
        if slots is None:
            army = self.state.armies[seat]
            slots = sum(CARDS_PER_TERRITORY - len(army[t]) for t in self.open)
            self._slot_counts[seat] = slots
        return slots

    def _share(
        self, seat: int, r: int, widen: float, *, hand_unknown: bool, played: int = 0
    ) -> int:
        """How many unknown cards ``seat`` may direct to a territory with ``r`` empty slots."""
        if r == 0:
            return 0
        slots = self._slots(seat) - played
        future = slots + (len(self.state.hands[seat]) if hand_unknown else 0)
        if slots <= 0 or future <= 0:
            return 0
        return min(future, round(widen * future * r / slots))

    def _chance(self, t: int, index: int, r: int, complete_at: int, played: int) -> float:
        """My chance to win territory ``t`` with the army ``index`` and ``r`` empty slots,
        after playing a card with symbol mask ``played``."""
        mine = self._dists.get((self.seat, index, r, played))
        if mine is None:
            m = self._share(self.seat, r, self.params.share, hand_unknown=False, played=1)
            mine = distribution(index, r, self.success(m, played))
            self._dists[(self.seat, index, r, played)] = mine
        return beats_all(mine, self.rivals[t], r == 0, complete_at)

    def _value(self, chances: list[float]) -> float:
        """Rule of thumb 5: the match value of per-territory chances (open territories)."""
        players = self.state.players
        bonus = self.params.tie_bonus * sum(chances)
        if players == 2:
            return at_least(chances, 3 - self.won) + bonus
        utility = self.params.count_utility_3 if players == 3 else self.params.count_utility_4
        dist = count_distribution(chances)
        return sum(q * utility[min(k + self.won, 5)] for k, q in enumerate(dist)) + bonus

    def scores(self, plays: list[Move]) -> dict[tuple[int, int], tuple[Move, float]]:
        """The match value after each group of equivalent plays (same symbol set, same
        territory, KC-E24), keyed by (symbol mask, territory 0-4), with the group's first
        action, in the order of ``plays``."""
        state, seat = self.state, self.seat
        masks = state.pool.masks
        counts, armies, comp = state.counts[seat], state.armies[seat], state.comp[seat]
        next_play = state.play_counter + 1
        candidates: dict[tuple[int, int], Move] = {}
        card_of = state.pool.index
        for action in plays:
            mask = masks[card_of[action.card]]
            candidates.setdefault((mask, action.territory - 1), action)
        rest: dict[int, list[float]] = {}
        out: dict[tuple[int, int], tuple[Move, float]] = {}
        for (mask, t), action in candidates.items():
            if mask not in rest:
                rest[mask] = [
                    self._chance(u, counts[u], CARDS_PER_TERRITORY - len(armies[u]), comp[u], mask)
                    for u in self.open
                ]
            chances = list(rest[mask])
            r = CARDS_PER_TERRITORY - len(armies[t]) - 1
            chances[self.open.index(t)] = self._chance(
                t, counts[t] + DELTA[mask], r, next_play if r == 0 else 0, mask
            )
            out[(mask, t)] = (action, self._value(chances))
        return out

    def best(self, plays: list[Move]) -> Move:
        best_value = -math.inf
        best_action = plays[0]
        for action, value in self.scores(plays).values():
            if value > best_value + 1e-12:
                best_value = value
                best_action = action
        return best_action
