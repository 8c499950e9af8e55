"""The numeric encoding of The Kingdoms of Crusaders (``spieltisch.engine.encoding``).

Actions (``C`` = cards in the pool: 56 for 2 players, 112 for 3-4 with the default deck):

* ``5 * c + (t - 1)`` for ``c < C``: play card ``c`` (its position in the pool, ``K01`` first,
  then ``-A`` before ``-B``) into territory ``t`` (KC-R15);
* ``claims = manual`` only: ``5 * C + (t - 1)`` claim territory ``t`` (KC-R29) and
  ``5 * C + 5`` end claims. Under ``auto`` and ``off`` nobody ever claims, so the space stops
  at ``5 * C``.

Cards with the same symbols keep distinct indices because legal actions are listed per card
id (KC-E24) and one hand may hold two of them.

The observation is built from the state's own fields, never from ``view()``: the table, the
public counts (hand sizes, deck, unseen pool by symbol set, KC-R26) and, for a seat, its own
hand (§6.1). Other hands and the deck order never enter it,
so a state re-dealt by ``resample(seat)`` gives the same vector. Seats are *relative*: row
``k`` of every per-seat block is seat ``(viewer + k) % N`` (the spectator counts from seat 0),
so every seat sees itself first. Every number is scaled into ``[0, 1]``; the divisor is in
each slice's doc."""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import Any, TypeVar

from ...engine.action import Action
from ...engine.encoding import Encoding, Slice
from ...engine.errors import IllegalAction, OptionError
from ...engine.game import State
from .actions import CLAIM, CLAIMS, END_CLAIMS, END_CLAIMS_KIND, PLAY, Move, play_table
from .army import COUNTS_SPACE, KEY, counts_of_index
from .deck import CARDS_PER_TERRITORY, HAND_SIZE, TERRITORIES, CardPool, pool_for
from .phases import OVER
from .state import KingdomsState
from .symbols import SLOTS

MASKS = 31  # non-empty symbol sets; mask m (1..31) sits at offset m - 1
ARMY_WIDTH = 8  # numbers per (seat, territory) army block, see _army_blocks
HAND_MAX = HAND_SIZE + 1  # between the draw and the play (KC-E1)
MARKERS = 5  # values 1..5 (KC-R32)


def max_game_length(players: int, manual: bool) -> int:
    """A true bound on the moves of one game (chance is not a move; passes and draws are
    automatic, KC-R13/KC-R14, and take no move).

    * Plays: a player has at most 4 cards in each of 5 territories (KC-R7), so at most
      ``P = 20 N`` plays. Under ``auto`` and ``off`` plays are the only moves, and ``off`` with
      a late-decided last territory reaches ``20 N`` exactly.
    * ``manual`` adds claims and ``end_claims``. Each claim decides a territory: at most 5.
      A turn (a play turn or a pass turn) has at most one claim phase, which ends with at most
      one ``end_claims``; so ``end_claims`` <= turns = P + passes.
    * Passes: a seat passes only when it has 4 cards in every undecided territory (KC-E2);
      territories only close, so from its first pass a seat passes on every later turn. N
      consecutive passes are impossible: each open territory would then have all N armies
      complete, and the resolution step after the play that completed it decides it (KC-R28
      (i)). So among seat p's pass turns, each but the last is followed, before p's next turn,
      by a play of another seat made after p's last play. Ordering seats by their last play,
      the j-th has at most ``20 (N - j)`` such plays after it: passes <= ``N + 10 N (N - 1)``.

    Total under ``manual``: ``2 P + 5 + N + 10 N (N - 1)``; ``stop_when_decided`` only ends
    games earlier. The deck never runs out (KC-E1, KC-R5), so no game stalls."""
    plays = 4 * TERRITORIES * players
    if not manual:
        return plays
    passes = players + 10 * players * (players - 1)
    return plays + TERRITORIES + plays + passes


# -- per-army features (KC-R18 to KC-R21) ----------------------------------------------------
_DISTINCT_KEYS = sorted(set(KEY))
_PHASE = {PLAY: (1.0, 0.0, 0.0), CLAIM: (0.0, 1.0, 0.0), OVER: (0.0, 0.0, 1.0)}
_EMPTY_ARMY = (0.0,) * ARMY_WIDTH
# a seat's row of armies as last encoded: armies, completions, the row's numbers, its blocks
_Row = tuple[list[tuple[int, ...]], list[int], tuple[float, ...], tuple[tuple[float, ...], ...]]
_Part = TypeVar("_Part", tuple[float, ...], list[float])  # a memoised part of the vector
_CODES = 5 * COUNTS_SPACE  # army memo keys: counts index x cards, times completion
_MEMO_LIMIT = 20_000  # entries per memo (a few MB); a 4-player game adds about 100 rows


def _fractions(n: int) -> tuple[float, ...]:
    """``k / n`` for ``k`` = 0..n (just 0 when ``n`` is 0)."""
    return tuple(k / n for k in range(n + 1)) if n else (0.0,)


@functools.cache
def _army_blocks() -> tuple[tuple[float, ...], ...]:
    """``blocks[5 * counts_index + cards]``: the first 7 numbers of an army's block (counts
    c[s] / 4, key strength rank, cards / 4); only the completion number is left to add. Built
    on first use (about 15,000 tuples) so that importing the game stays cheap."""
    rank = {k: i / (len(_DISTINCT_KEYS) - 1) for i, k in enumerate(_DISTINCT_KEYS)}
    out: list[tuple[float, ...]] = []
    for i in range(COUNTS_SPACE):
        features = (*(c / 4 for c in counts_of_index(i)), rank[KEY[i]])
        out.extend((*features, size / CARDS_PER_TERRITORY) for size in range(5))
    return tuple(out)


class KingdomsEncoding(Encoding):
    """One configuration: ``players`` and the resolved options that shape the tensors."""

    observation_bounds = (0.0, 1.0)  # every number is scaled into [0, 1] (module doc)

    def __init__(self, players: int, manual: bool, pool: CardPool) -> None:
        self.players = players
        self.manual = manual
        self.pool = pool
        self.plays = play_table(pool)
        n = len(pool)
        self.cards = n
        self.claim_base = TERRITORIES * n
        self.end_claims = self.claim_base + TERRITORIES
        self.num_actions = self.claim_base + (TERRITORIES + 1 if manual else 0)
        self.max_game_length = max_game_length(players, manual)
        self._most_plays = 4 * TERRITORIES * players  # KC-R7: 4 cards x 5 territories each
        # rotations: _order[v] lists absolute seats in the relative order of viewer v
        self._order = tuple(
            tuple((v + k) % players for k in range(players)) for v in range(players)
        )
        self._rel = tuple(tuple((p - v) % players for p in range(players)) for v in range(players))
        self._layout = self._build_layout()
        self.observation_size = sum(part.size for part in self._layout)
        self._at = {part.name: part.start for part in self._layout}
        self._onehot = tuple(
            tuple(1.0 if i == k else 0.0 for i in range(players)) for k in range(players)
        )
        self._zeros = (0.0,) * players
        self._zeros_territory = (0.0,) * (3 + players)
        # memos of observation parts (see ``observation``); per instance, so per configuration
        self._heads: dict[tuple[Any, ...], list[float]] = {}
        self._decisions: dict[tuple[Any, ...], tuple[float, ...]] = {}
        self._army_memo: dict[int, tuple[float, ...]] = {}
        # per absolute seat, the row of armies last encoded (see ``observation``)
        empty: _Row = ([()] * TERRITORIES, [0] * TERRITORIES, _EMPTY_ARMY * TERRITORIES,
                       (_EMPTY_ARMY,) * TERRITORIES)  # fmt: skip
        self._last_rows = [empty] * players
        # unseen count k -> k / (the pool's cards with that symbol set, or that symbol); a
        # set no card has stays 0
        self._unseen_values = tuple(_fractions(n) for n in pool.mask_histogram[1:])
        self._symbol_values = tuple(_fractions(n) for n in pool.symbol_counts)
        # offsets used by ``observation``, fixed per configuration
        self._counter_at = self._at["play_counter"]
        self._zeros_private = (0.0,) * n

    # -- layout ---------------------------------------------------------------------------
    def _build_layout(self) -> list[Slice]:
        N, C = self.players, self.cards
        parts: list[tuple[str, int, str]] = [
            ("viewer", N, "one-hot absolute seat of the viewer; all 0 for the spectator"),
            ("phase", 3, "one-hot: play, claim (claims=manual, KC-R29), over (KC-R33/R34)"),
            ("active", N, "one-hot relative seat to act (KC-R17); all 0 when over"),
            ("first_player", N, "one-hot relative seat of the first player (KC-R10)"),
            ("play_counter", 1, f"play counter / {4 * TERRITORIES * N} (KC-R16)"),
            ("deck_size", 1, f"cards in the deck / {C} (KC-R14)"),
            ("hand_sizes", N, f"per relative seat: hand size / {HAND_MAX}"),
            ("markers", N * MARKERS, "per relative seat, values 1-5: 1 if that seat holds "
             "that victory marker (KC-R32, KC-R35)"),
            ("territories", TERRITORIES * (3 + N), "per territory 1-5: [decided, winner "
             f"(one-hot relative seat, {N}), marker value / 5, 1 if by claim] (KC-R24, KC-R32)"),
            ("armies", N * TERRITORIES * ARMY_WIDTH, "per relative seat, per territory 1-5: "
             "[count of Lance, Bow, Sword, Helmet, Banner / 4 (KC-R18), strength rank of the "
             f"army key among all {len(_DISTINCT_KEYS)} keys, 0 = no formation, 1 = the "
             "strongest (KC-R20/R21), cards / 4 (KC-R7), completion play number / "
             f"{4 * TERRITORIES * N}, 0 if incomplete (KC-R16, KC-R22)]"),
            ("unseen", MASKS, "per symbol set m = 1..31 (bit s = symbol of rank s+1): unseen "
             "cards with that set / the pool's cards with it, 0 if none (KC-R26)"),
            ("unseen_symbols", 5, "per symbol Lance..Banner: unseen cards showing it / the "
             "pool's cards showing it (KC-R26)"),
            ("hand", C, "own hand, 1 per card id in pool order (KC-R9); 0 for the spectator"),
        ]  # fmt: skip
        out, at = [], 0
        for name, size, doc in parts:
            out.append(Slice(name, at, size, doc))
            at += size
        return out

    def observation_layout(self) -> Sequence[Slice]:
        return tuple(self._layout)

    def offset(self, name: str) -> int:
        """Start of the slice ``name`` (``KeyError`` for an unknown name)."""
        return self._at[name]

    # -- actions --------------------------------------------------------------------------
    def action_index(self, action: Action) -> int:
        if not isinstance(action, Move):
            raise IllegalAction(f"{action} is not an action of this game")
        kind = action.kind
        if kind == PLAY:
            card = self.pool.index.get(action.card, -1)
            t = action.territory
            if card < 0 or type(t) is not int or not 1 <= t <= TERRITORIES:
                raise IllegalAction(f"{action} is not an action of this game", "KC-R2")
            return card * TERRITORIES + t - 1
        if kind == CLAIM and self.manual:
            t = action.territory
            if type(t) is not int or not 1 <= t <= TERRITORIES:
                raise IllegalAction(f"there is no territory {t!r}; they are 1-5", "KC-R6")
            return self.claim_base + t - 1
        if kind == END_CLAIMS_KIND and self.manual:
            return self.end_claims
        # players claim only under manual (KC-R29)
        raise IllegalAction(f"{action} has no index in this configuration", "KC-R29")

    def legal_indices(self, state: State, seat: int) -> list[int]:
        st = self._state(state)
        if st.phase == OVER or seat != st.active:
            return []
        if st.phase == PLAY:
            # hand and open territories are both ascending, so the indices are too
            terr = st.open_now
            return [c * TERRITORIES + t for c in st.hands[seat] for t in terr]
        base = self.claim_base
        return [*(base + t for t in st.valid_claims(seat)), self.end_claims]

    def action_from_index(self, state: State, seat: int, index: int) -> Action:
        st = self._state(state)
        try:
            i = operator.index(index)
        except TypeError:
            raise IllegalAction(f"action index {index!r} is not an integer") from None
        action: Action
        if 0 <= i < self.claim_base:
            card, t = divmod(i, TERRITORIES)
            action = st.plays[card][t]
        elif self.manual and self.claim_base <= i < self.end_claims:
            action = CLAIMS[i - self.claim_base + 1]
        elif self.manual and i == self.end_claims:
            action = END_CLAIMS
        else:
            raise IllegalAction(f"action index {i} is outside 0-{self.num_actions - 1}")
        reason = st.explain(seat, action)  # the same reasons as State.apply gives
        if reason is not None:
            raise reason
        return action

    def describe_action(self, index: int) -> str:
        if 0 <= index < self.claim_base:
            card, t = divmod(index, TERRITORIES)
            mask = self.pool.masks[card]
            return f"play {self.pool.ids[card]} ({SLOTS[mask]}) -> {t + 1}"
        if self.manual and self.claim_base <= index < self.end_claims:
            return f"claim {index - self.claim_base + 1}"
        if self.manual and index == self.end_claims:
            return "end claims"
        return f"action {index} (none in this configuration)"

    # -- observation ----------------------------------------------------------------------
    def _state(self, state: State) -> KingdomsState:
        # the memos of ``observation`` read cards through this pool: insist on the same cards
        if not isinstance(state, KingdomsState) or (
            state.pool is not self.pool and state.pool.masks != self.pool.masks
        ):
            raise ValueError("the state is not of this encoding's configuration")
        return state

    def observation(self, state: State, seat: int | None) -> list[float]:
        # Built by copying one memoised list and extending it with tuples. The parts that
        # change rarely (the turn header with the hand sizes, the decided territories) are
        # memoised per configuration, keyed on exactly the facts they are computed from, and
        # each seat's row of armies is cached by content, so a call mostly costs a few
        # lookups (the 2x target). Only the counters, the unseen pool and the own
        # hand are computed each time.
        st = self._state(state)
        v = seat or 0
        phase, hands = st.phase, st.hands
        key: tuple[Any, ...] = (seat, phase, st.active, st.first_player, *map(len, hands))
        head = self._heads.get(key)
        if head is None:
            head = self._remember(self._heads, key, self._head(seat, phase, st))
        obs = head[:]  # slices viewer to hand_sizes, the two counters still 0
        at = self._counter_at
        obs[at] = st.play_counter / self._most_plays
        obs[at + 1] = len(st.deck) / self.cards
        key = (v, *st.decided)  # the markers follow from the decisions (KC-R32)
        block = self._decisions.get(key)
        if block is None:
            block = self._remember(self._decisions, key, self._decided_block(v, st))
        obs += block
        # Each seat's row of five army blocks: a one-entry cache per seat, checked by
        # equality with the row's armies and completions (the armies are tuples, so mostly
        # an identity check); a play changes one army of one seat, so the other rows are
        # reused and a changed row recomputes one block (see _army_row).
        last, armies, comp = self._last_rows, st.armies, st.comp
        for p in self._order[v]:
            entry = last[p]
            if entry[0] != armies[p] or entry[1] != comp[p]:
                entry = last[p] = self._army_row(entry, armies[p], comp[p], st.counts[p])
            obs += entry[2]
        # unseen cards per symbol set and per symbol, looked up rather than divided
        obs += map(operator.getitem, self._unseen_values, st.unseen[1:])
        obs += map(operator.getitem, self._symbol_values, st.unseen_symbols)
        at = len(obs)  # slice hand
        obs += self._zeros_private
        if seat is None:
            return obs
        # own hand: one 1.0 per card id (its symbol set is a fixed function of the id, so the
        # hand by symbol set is left to the learner: one linear map)
        for c in hands[seat]:
            obs[at + c] = 1.0
        return obs

    @staticmethod
    def _remember(memo: dict[Any, _Part], key: Any, block: _Part) -> _Part:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()  # bounded memory; it refills within a few games
        memo[key] = block
        return block

    def _head(self, seat: int | None, phase: str, st: KingdomsState) -> list[float]:
        """Slices viewer, phase, active, first_player, hand_sizes, with play_counter and
        deck_size left at 0."""
        onehot, zeros, rel = self._onehot, self._zeros, self._rel[seat or 0]
        return [
            *(zeros if seat is None else onehot[seat]),
            *_PHASE[phase],
            *(zeros if phase == OVER else onehot[rel[st.active]]),
            *onehot[rel[st.first_player]],
            0.0,
            0.0,
            *(len(st.hands[p]) / HAND_MAX for p in self._order[seat or 0]),
        ]

    def _decided_block(self, v: int, st: KingdomsState) -> tuple[float, ...]:
        """Slices markers and territories, seats relative to viewer ``v``."""
        rel, N = self._rel[v], self.players
        markers = [0.0] * (N * MARKERS)
        territories: list[float] = []
        for d in st.decided:
            if d is None:
                territories += self._zeros_territory
                continue
            winner, marker, method, _ = d
            markers[rel[winner] * MARKERS + marker - 1] = 1.0
            territories.append(1.0)
            territories += self._onehot[rel[winner]]
            territories.append(marker / MARKERS)
            territories.append(1.0 if method == "claim" else 0.0)
        return (*markers, *territories)

    def _army_row(
        self, old: _Row, armies: list[tuple[int, ...]], comp: list[int], counts: list[int]
    ) -> _Row:
        """A seat's row of five army blocks (slice armies), reusing the blocks of ``old``
        whose army (the same tuple) and completion are unchanged."""
        old_armies, old_comp, _, blocks = old
        b = list(blocks)
        memo = self._army_memo
        for t, army in enumerate(armies):
            if army is not old_armies[t] or comp[t] != old_comp[t]:
                key = counts[t] * 5 + len(army) + _CODES * comp[t]
                block = memo.get(key)
                b[t] = self._army_block(key) if block is None else block
        return armies[:], comp[:], (*b[0], *b[1], *b[2], *b[3], *b[4]), tuple(b)

    def _army_block(self, key: int) -> tuple[float, ...]:
        """The block of one army for its memo key ``index * 5 + cards + _CODES *
        completion``: counts c[s] / 4, key strength rank, cards / 4 (KC-R18 to KC-R21),
        completion play number / the most plays (KC-R16, KC-R22); all 0 for an empty army."""
        completed, code = divmod(key, _CODES)
        if code % 5 == 0:
            return _EMPTY_ARMY
        block = (*_army_blocks()[code], completed / self._most_plays)
        return self._remember(self._army_memo, key, block)


@functools.lru_cache(maxsize=32)
def _encoding(players: int, manual: bool, deck: Any) -> KingdomsEncoding:
    return KingdomsEncoding(players, manual, pool_for(deck, players))


def encoding_for(players: int, options: dict[str, Any]) -> KingdomsEncoding:
    """The encoding of a configuration; ``options`` resolved as ``new_game`` resolves them.
    ``stop_when_decided`` and ``first_player`` change neither the spaces nor the bound."""
    if type(players) is not int or not 2 <= players <= 4:
        raise OptionError(f"The Kingdoms of Crusaders is played by 2 to 4 players, not {players}")
    deck = options["deck"]
    key = deck if isinstance(deck, str) else tuple(deck)
    return _encoding(players, options["claims"] == "manual", key)
