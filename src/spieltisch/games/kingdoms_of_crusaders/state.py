"""The state of a game of The Kingdoms of Crusaders: its facts, declared once
(``engine.fields``), and what follows from them.

The rules of each decision live in the modules named after it: ``play.py`` (a turn's pass,
draw and play, KC-R12 to KC-R17), ``resolution.py`` (the resolution step and the end, KC-R23,
KC-R28, KC-R32 to KC-R34) and ``claims.py`` (the claim phase, KC-R29). This module holds the
position, whose decision it is, the claim test on the public table (KC-R25 to KC-R27, with
its caches), the outcome (KC-R35) and the information a seat gets (§6)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine.decision import Decision, Phase
from ...engine.fields import LIST, LISTS, cache, config, fact
from ...engine.game import JSON, State
from . import document as doc
from . import proof
from .actions import Move, play_table
from .army import KEY, index_of_masks
from .claims import CLAIM_PHASE
from .deck import HAND_SIZE, TERRITORIES, CardPool, pool_for
from .document import Decided, Placed
from .phases import CLAIM, OVER, PLAY, decision_of
from .play import PLAY_PHASE, begin_turn
from .position import write_position
from .standing import ranking_key, winners_of
from .symbols import MASK_SYMBOLS, slots_of_mask
from .view import view_of

NEVER = ()  # cached: this opponent can never refute this claim (KC-E8)


class KingdomsState(State):
    # -- facts: the position, saved in the state document's data -------------------------
    deck: list[int] = fact(
        LIST, save=doc.save_deck, load=doc.load_deck, doc="the deck's card indices, top last"
    )
    hands: list[list[int]] = fact(
        LISTS, save=doc.save_hands, load=doc.load_hands, doc="each seat's hand, ascending"
    )
    table: list[list[tuple[Placed, ...]]] = fact(
        LISTS,
        save=doc.save_table,
        load=doc.load_table,
        key="armies",
        doc="[seat][territory 0-4]: (card, play number) in play order (KC-R16)",
    )
    decided: list[Decided | None] = fact(
        LIST,
        save=doc.save_decided,
        load=doc.load_decided,
        doc="per territory: (winner, marker, method, play) once decided (KC-R24, KC-R32)",
    )
    play_counter: int = fact(load=doc.load_counter, doc="plays made so far (KC-R16)")
    active: int = fact(load=doc.load_seat("active"), doc="the seat to act (the last, when over)")
    phase: str = fact(load=doc.load_phase, doc="play, claim (KC-R29) or over (KC-R33/R34)")
    first_player: int = fact(
        load=doc.load_seat("first_player"), doc="the seat that took the first turn (KC-R10)"
    )
    drawn: int = fact(
        save=doc.save_drawn, load=doc.load_drawn, doc="the card the active seat drew, -1 if none"
    )
    events: list[JSON] = fact(LIST, load=doc.load_events, doc="the public log (§6.1)")
    # -- config: fixed by the options ---------------------------------------------------------
    pool: CardPool = config(doc="every card of the game: ids, symbol masks (KC-R2)")
    plays: tuple[tuple[Move, ...], ...] = config(doc="interned plays: [card][territory - 1]")
    auto: bool = config(doc="claims = auto (KC-R28)")
    manual: bool = config(doc="claims = manual (KC-R29)")
    # -- caches: derived from the facts ---------------------------------------------------
    armies: list[list[tuple[int, ...]]] = cache(LISTS, doc="[seat][territory]: cards in order")
    counts: list[list[int]] = cache(LISTS, doc="[seat][territory]: counts index (army.py)")
    comp: list[list[int]] = cache(LISTS, doc="[seat][territory]: completion play, 0 if none")
    full: list[int] = cache(LIST, doc="per territory: how many players have 4 cards there")
    markers: list[list[int]] = cache(LISTS, doc="per seat: marker values won, in order")
    unseen: list[int] = cache(LIST, doc="the unseen pool U by symbol mask (KC-R26)")
    unseen_symbols: list[int] = cache(LIST, doc="per symbol: unseen cards showing it")
    open_now: list[int] = cache(doc="where the active seat may play this turn (KC-R12)")
    turn: Decision | None = cache(doc="the decision of the phase and seat (decision())")
    dealt_for: int | None = cache(doc="the seat a re-dealt world is for (resample), else None")
    _proof: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = cache(
        LIST, doc="(territory, claimant, opponent) -> (opponent's counts, refuting witness)"
    )
    _refuter: dict[int, int] = cache(LIST, doc="(territory, claimant) -> who refuted last")

    phases: ClassVar[Mapping[str, Phase]] = {PLAY: PLAY_PHASE, CLAIM: CLAIM_PHASE}

    if TYPE_CHECKING:  # generated from the declarations (engine.fields)

        def clone(self) -> KingdomsState: ...

    # -- setup ---------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> KingdomsState:
        """Setup (KC-R9 to KC-R11): shuffle, deal 5 each, choose the first player."""
        self = cls.empty(players, seed, options)
        self.deck = list(range(len(self.pool)))
        self.chance.shuffle("shuffle deck", self.deck)  # KC-R9
        self.deck.reverse()  # dealt from the end of the list: the shuffled order is top-first
        for seat in range(players):
            self.hands[seat] = sorted(self.deck.pop() for _ in range(HAND_SIZE))
        fixed = options["first_player"]
        self.first_player = (
            self.chance.below("first player", players) if fixed == "random" else int(fixed)
        )  # KC-R10
        self.events.append({"type": "start", "first_player": self.first_player})
        begin_turn(self, self.first_player)
        return self

    @classmethod
    def empty(cls, players: int, seed: int, options: dict[str, Any]) -> KingdomsState:
        """No card dealt, nothing played: the facts before setup, caches to match."""
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self.configure()
        self.deck = []
        self.hands = [[] for _ in range(players)]
        self.table = [[() for _ in range(TERRITORIES)] for _ in range(players)]
        self.decided = [None] * TERRITORIES
        self.play_counter = 0
        self.active = self.first_player = 0
        self.phase = PLAY
        self.drawn = -1
        self.events = []
        self.rebuild_caches()
        return self

    def configure(self) -> None:
        self.pool = pool_for(self.options["deck"], self.players)
        self.plays = play_table(self.pool)
        self.auto = self.options["claims"] == "auto"
        self.manual = self.options["claims"] == "manual"

    def rebuild_caches(self) -> None:
        masks, players = self.pool.masks, self.players
        self.armies = [[tuple(c for c, _ in army) for army in row] for row in self.table]
        self.counts = [[index_of_masks([masks[c] for c in a]) for a in r] for r in self.armies]
        self.comp = [[army[3][1] if len(army) == 4 else 0 for army in row] for row in self.table]
        self.full = [
            sum(len(self.armies[p][t]) == 4 for p in range(players)) for t in range(TERRITORIES)
        ]
        self.markers = [[] for _ in range(players)]
        for d in sorted((d for d in self.decided if d is not None), key=lambda d: d[1]):
            self.markers[d[0]].append(d[1])
        self.unseen = list(self.pool.mask_histogram)
        self.unseen_symbols = list(self.pool.symbol_counts)
        for row in self.armies:  # U is the pool minus the table (KC-R26)
            for army in row:
                for c in army:
                    self.unseen[masks[c]] -= 1
                    for s in MASK_SYMBOLS[masks[c]]:
                        self.unseen_symbols[s] -= 1
        self.open_now = self.available(self.active) if self.phase == PLAY else []
        self.turn = decision_of(self.phase, self.active)
        self.dealt_for = None
        self._proof = {}
        self._refuter = {}

    # -- turn structure ------------------------------------------------------------------
    def decision(self) -> Decision | None:
        return self.turn

    def available(self, seat: int) -> list[int]:
        """Territories (0-4) that ``seat`` may play into (KC-R12)."""
        decided, army = self.decided, self.armies[seat]
        return [t for t in range(TERRITORIES) if decided[t] is None and len(army[t]) < 4]

    def normalize(self) -> None:
        """Apply the automatic steps (KC-R13, KC-R14, KC-R29) a position may stop before:
        the active seat's draw, its pass when it has nowhere to play, a claim phase without
        a valid claim."""
        if self.phase == CLAIM and not self.valid_claims(self.active):
            begin_turn(self, (self.active + 1) % self.players)  # the phase is skipped
        elif self.phase == PLAY and (
            not self.open_now or (self.drawn < 0 and len(self.hands[self.active]) == HAND_SIZE)
        ):
            begin_turn(self, self.active)  # not drawn yet, or it must pass

    # -- claim proof (public facts only) -----------------------------------------------
    def claim_valid(self, t: int, claimant: int) -> bool:
        """KC-R27: no opponent can beat ``claimant``'s complete army in territory ``t``
        (0-4) with cards from the table and the unseen pool. Uses public facts only."""
        if self.decided[t] is not None or len(self.armies[claimant][t]) != 4:
            return False
        K, n = KEY[self.counts[claimant][t]], self.comp[claimant][t]
        # the opponent who refuted this claim last time usually still does: ask it first
        first = self._refuter.get(t * 4 + claimant, -1)
        if first >= 0 and self._refutes(t, claimant, first, K, n):
            return False
        for o in range(self.players):
            if o != claimant and o != first and self._refutes(t, claimant, o, K, n):
                self._refuter[t * 4 + claimant] = o
                return False
        return True

    def _refutes(self, t: int, claimant: int, o: int, K: int, n: int) -> bool:
        k = len(self.armies[o][t])
        army = self.counts[o][t]
        if k == 4:  # KC-R27 (a): a complete opponent, stronger or as strong and earlier
            ko = KEY[army]
            return ko > K or (ko == K and self.comp[o][t] < n)
        # KC-R27 (b): some 4-k unseen cards lift the opponent strictly above K
        cache_key = t * 16 + claimant * 4 + o
        cached = self._proof.get(cache_key)
        if cached is not None and cached[0] == army:
            witness = cached[1]
            if witness is NEVER:
                return False  # U only shrinks: a failed refutation stays failed (KC-E8)
            unseen = self.unseen
            for m, need in witness:
                if unseen[m] < need:
                    break  # a card of the witness has come onto the table: search again
            else:
                return True
        found = proof.find_refutation(army, 4 - k, K, self.unseen, self.unseen_symbols)
        if found is None:
            self._proof[cache_key] = (army, NEVER)
            return False
        self._proof[cache_key] = (army, tuple((m, found.count(m)) for m in sorted(set(found))))
        return True

    def valid_claims(self, seat: int) -> list[int]:
        return [
            t
            for t in range(TERRITORIES)
            if self.decided[t] is None
            and len(self.armies[seat][t]) == 4
            and self.claim_valid(t, seat)
        ]

    def refutation(self, t: int, claimant: int) -> tuple[int, tuple[str, ...]] | None:
        """For explanations: an opponent and the slot strings of unseen cards that would
        beat the claim, or ``None`` if no unseen cards are needed or the claim is valid."""
        K = KEY[self.counts[claimant][t]]
        for o in range(self.players):
            k = len(self.armies[o][t])
            if o == claimant or k == 4:
                continue
            w = proof.find_refutation(self.counts[o][t], 4 - k, K, self.unseen, self.unseen_symbols)
            if w is not None:
                return o, tuple(slots_of_mask(m) for m in w)
        return None

    # -- outcome -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(len(m)) for m in self.markers]

    def ranking_keys(self) -> list[tuple[Any, ...]]:
        """More territories, then a lower marker sum (KC-R35)."""
        return [ranking_key(m) for m in self.markers]

    def winners(self) -> list[int]:
        return winners_of(self.markers) if self.phase == OVER else []

    def ending(self) -> str | None:
        """``all-decided`` (the fifth territory, KC-R33) or ``winners-fixed`` (the early
        stop, KC-R34); ``None`` before the end."""
        if self.phase != OVER:
            return None
        return "all-decided" if all(d is not None for d in self.decided) else "winners-fixed"

    # -- information ---------------------------------------------------------------------
    def resample(self, seat: int | None, rng: random.Random) -> KingdomsState:
        """Re-deal every hand but ``seat``'s and the deck from the unseen cards (§6.2)."""
        other = self.clone()
        other._moves = None
        other.dealt_for = seat  # only this seat's hand is real in the new world (search_eval)
        hidden = [c for p in range(self.players) if p != seat for c in self.hands[p]]
        hidden.extend(self.deck)
        hidden.sort()  # the pool's order must not depend on where the cards really are
        rng.shuffle(hidden)
        pos = 0
        for p in range(self.players):
            if p == seat:
                continue
            size = len(self.hands[p])
            other.hands[p] = sorted(hidden[pos : pos + size])
            pos += size
        other.deck = hidden[pos:]
        if other.drawn >= 0 and other.active != seat:
            # that a draw happened is public; which card it was is not
            other.drawn = other.hands[other.active][rng.randrange(len(other.hands[other.active]))]
        return other

    def view(self, seat: int | None) -> JSON:
        return view_of(self, seat)

    def log(self, seat: int | None) -> list[JSON]:
        return list(self.events)  # every event of this game is public (§6.1)

    def private_facts(self, seat: int) -> set[str]:
        return {self.pool.ids[c] for c in self.hands[seat]}

    def conserved(self) -> dict[str, int]:
        on_table = sum(len(a) for row in self.armies for a in row)
        return {
            "cards": len(self.deck) + sum(len(h) for h in self.hands) + on_table,
            "markers": sum(len(m) for m in self.markers)
            + sum(1 for d in self.decided if d is None),
        }

    def to_position(self) -> str:
        """The position in the format of ``docs/positions/kingdoms-of-crusaders.md``."""
        return write_position(self)
