"""The state of a game of The Kingdoms of Crusaders and its rules (KC-R9 to KC-R35)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.errors import IllegalAction, StateFormatError
from ...engine.game import JSON, State, state_data_errors
from . import claims as claim_proof
from .actions import CLAIMS, END_CLAIMS, Claim, EndClaims, Play
from .army import DELTA, KEY, index_of_masks, key_json, notation
from .deck import HAND_SIZE, TERRITORIES, CardPool, pool_for
from .explain import why_not
from .standing import ranking_key, winners_fixed, winners_of
from .symbols import MASK_SYMBOLS, SLOTS, slots_of_mask

if TYPE_CHECKING:
    from .game import KingdomsOfCrusaders

PLAY, CLAIM, OVER = "play", "claim", "over"
NEVER = ()  # cached: this opponent can never refute this claim (KC-E8)

_play_tables: dict[int, tuple[tuple[Play, ...], ...]] = {}


def play_table(pool: CardPool) -> tuple[tuple[Play, ...], ...]:
    """Interned ``Play`` actions: ``table[card_index][territory - 1]``."""
    table = _play_tables.get(id(pool))
    if table is None:
        table = tuple(tuple(Play(cid, t) for t in range(1, 6)) for cid in pool.ids)
        _play_tables[id(pool)] = table
    return table


class KingdomsState(State):
    __slots__ = (
        "_proof",
        "_refuter",
        "active",
        "armies",
        "auto",
        "comp",
        "counts",
        "decided",
        "deck",
        "drawn",
        "events",
        "first_player",
        "full",
        "hands",
        "manual",
        "markers",
        "open_now",
        "phase",
        "play_counter",
        "play_no",
        "plays",
        "pool",
        "unseen",
        "unseen_symbols",
    )

    game: KingdomsOfCrusaders  # type: ignore[misc]

    pool: CardPool
    plays: tuple[tuple[Play, ...], ...]
    hands: list[list[int]]  # card indices, ascending
    deck: list[int]  # top of the deck is the last element
    armies: list[list[tuple[int, ...]]]  # [seat][territory 0-4] -> cards in play order
    counts: list[list[int]]  # [seat][territory] -> counts index of the army
    comp: list[list[int]]  # [seat][territory] -> play number of the 4th card, 0 if none
    full: list[int]  # per territory: how many players have 4 cards there
    play_no: list[int]  # per card index: its play number, 0 if not on the table
    decided: list[tuple[int, int, str, int] | None]  # per territory: winner, marker, method, play
    markers: list[list[int]]  # per seat: marker values won
    unseen: list[int]  # histogram of U by symbol mask (KC-R26)
    unseen_symbols: list[int]  # per symbol: unseen cards showing it
    play_counter: int
    active: int
    phase: str
    first_player: int
    drawn: int  # card index drawn by the active seat this turn, -1 if none
    open_now: list[int]  # territories the active seat may play into (KC-R12), this turn
    auto: bool  # options["claims"] == "auto", looked up once
    manual: bool  # options["claims"] == "manual"
    events: list[JSON]
    # caches of the claim proof (derived from public facts, never serialized):
    # (territory, claimant, opponent) -> (opponent's counts index, witness as (mask, n) pairs)
    _proof: dict[int, tuple[int, tuple[tuple[int, int], ...]]]
    _refuter: dict[int, int]  # (territory, claimant) -> the opponent who refuted last

    # -- setup ---------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> KingdomsState:
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self._init_empty(players, options)
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
        self._begin_turn(self.first_player)
        return self

    def _init_empty(self, players: int, options: dict[str, Any]) -> None:
        self.pool = pool_for(options["deck"], players)
        self.plays = play_table(self.pool)
        self.hands = [[] for _ in range(players)]
        self.deck = []
        self.armies = [[() for _ in range(TERRITORIES)] for _ in range(players)]
        self.counts = [[0] * TERRITORIES for _ in range(players)]
        self.comp = [[0] * TERRITORIES for _ in range(players)]
        self.full = [0] * TERRITORIES
        self.play_no = [0] * len(self.pool)
        self.decided = [None] * TERRITORIES
        self.markers = [[] for _ in range(players)]
        self.unseen = list(self.pool.mask_histogram)
        self.unseen_symbols = list(self.pool.symbol_counts)
        self.play_counter = 0
        self.active = 0
        self.phase = PLAY
        self.first_player = 0
        self.drawn = -1
        self.open_now = []
        self.auto = options["claims"] == "auto"
        self.manual = options["claims"] == "manual"
        self.events = []
        self._proof = {}
        self._refuter = {}

    # -- turn structure ------------------------------------------------------------------
    def available(self, seat: int) -> list[int]:
        """Territories (0-4) that ``seat`` may play into (KC-R12)."""
        decided, army = self.decided, self.armies[seat]
        return [t for t in range(TERRITORIES) if decided[t] is None and len(army[t]) < 4]

    def _begin_turn(self, seat: int) -> None:
        """Make ``seat`` active: pass automatically while it has nowhere to play (KC-R13),
        otherwise draw (KC-R14) and wait for its play."""
        for _ in range(self.players + 1):
            self.active = seat
            self.drawn = -1
            self.open_now = self.available(seat)
            if self.open_now:
                if self.deck:  # always true in a valid configuration (KC-E1)
                    card = self.deck.pop()
                    self.hands[seat].append(card)
                    self.hands[seat].sort()
                    self.drawn = card
                    self.events.append({"type": "draw", "seat": seat})
                if self.hands[seat]:
                    self.phase = PLAY
                    return
            self.events.append({"type": "pass", "seat": seat})
            if self.manual and self.valid_claims(seat):  # KC-R29, KC-E19
                self.phase = CLAIM
                return
            seat = (seat + 1) % self.players
        # KC-E2 proves that somebody can always play while a territory is open
        raise AssertionError("every player passed in one round: the state is inconsistent")

    def turn_rule(self) -> str | None:
        return "KC-R29" if self.phase == CLAIM else "KC-R17"

    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.active,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.active:
            return []
        if self.phase == PLAY:
            terr, plays = self.open_now, self.plays
            return [plays[card][t] for card in self.hands[seat] for t in terr]
        out: list[Action] = [CLAIMS[t + 1] for t in self.valid_claims(seat)]
        out.append(END_CLAIMS)
        return out

    def _apply(self, seat: int, action: Action) -> None:
        # the legal cases, checked cheaply; anything else is explained by ``why_not``
        if type(action) is Play and self.phase == PLAY:
            card = self.pool.index.get(action.card, -1)
            t = action.territory - 1 if type(action.territory) is int else -1
            if card in self.hands[seat] and t in self.open_now:
                self._play(seat, card, t, action)
                return
        elif type(action) is Claim and self.phase == CLAIM:
            t = action.territory - 1 if type(action.territory) is int else -1
            if 0 <= t < TERRITORIES and self.claim_valid(t, seat):
                self._claim(seat, t)
                return
        elif type(action) is EndClaims and self.phase == CLAIM:
            self.events.append({"type": "end_claims", "seat": seat})
            self._begin_turn((seat + 1) % self.players)
            return
        found = why_not(self, seat, action, "en")
        if found is None:  # why_not and the checks above agree on what is legal
            raise AssertionError(f"{action} of seat {seat} is legal but was not applied")
        raise IllegalAction(*found)

    def _play(self, seat: int, card: int, t: int, action: Play) -> None:
        """Play ``card`` (an index, in ``seat``'s hand) into territory ``t`` (0-4, open to
        ``seat``); then resolve (KC-R28) and go on to the claim phase or the next turn."""
        hand = self.hands[seat]
        army = self.armies[seat][t]
        hand.remove(card)
        self.drawn = -1
        self.play_counter += 1
        n = self.play_counter
        self.play_no[card] = n
        self.armies[seat][t] = (*army, card)
        mask = self.pool.masks[card]
        self.counts[seat][t] += DELTA[mask]
        self.unseen[mask] -= 1
        us = self.unseen_symbols
        for s in MASK_SYMBOLS[mask]:
            us[s] -= 1
        if len(army) == 3:
            self.comp[seat][t] = n  # KC-R16
            self.full[t] += 1
        self.events.append(
            {"type": "play", "seat": seat, "card": action.card, "territory": t + 1, "play": n}
        )
        self._resolve()  # KC-R28
        if self.phase == OVER:
            return
        if self.manual and self.valid_claims(seat):
            self.phase = CLAIM  # KC-R29
            return
        self._begin_turn((seat + 1) % self.players)

    def _claim(self, seat: int, t: int) -> None:
        """``seat``'s valid claim on territory ``t`` (0-4) in its claim phase (KC-R29)."""
        territory = t + 1
        self.events.append({"type": "claim", "seat": seat, "territory": territory})
        self._decide(t, seat, "claim")
        if self._check_end():
            return
        if not self.valid_claims(seat):
            self._begin_turn((seat + 1) % self.players)

    # -- deciding territories --------------------------------------------------------------
    def _resolve(self) -> None:
        """The resolution step after a play (KC-R28), then the end checks."""
        auto = self.auto
        decided_any = False
        full, decided, armies = self.full, self.decided, self.armies
        for t in range(TERRITORIES):
            if not full[t] or decided[t] is not None:
                continue  # nobody complete there: neither completion nor claim possible
            if full[t] == self.players:
                self._decide(t, self._completion_winner(t), "completion")  # KC-R23
                decided_any = True
            elif auto:
                for p in range(self.players):
                    if len(armies[p][t]) == 4 and self.claim_valid(t, p):
                        self._decide(t, p, "claim")
                        decided_any = True
                        break  # at most one valid claimant (KC-E9)
        if decided_any:
            self._check_end()

    def _completion_winner(self, t: int) -> int:
        counts, comp = self.counts, self.comp
        return max(range(self.players), key=lambda p: (KEY[counts[p][t]], -comp[p][t]))

    def _decide(self, t: int, winner: int, method: str) -> None:
        marker = sum(1 for d in self.decided if d is not None) + 1  # KC-R32
        self.decided[t] = (winner, marker, method, self.play_counter)
        self.markers[winner].append(marker)
        self.events.append(
            {
                "type": "decide",
                "territory": t + 1,
                "winner": winner,
                "marker": marker,
                "method": method,
                "play": self.play_counter,
            }
        )

    def _check_end(self) -> bool:
        """KC-R33 and KC-R34; returns True if the game ended."""
        reason = None
        if all(d is not None for d in self.decided):
            reason = "all territories decided"
        elif self.options["stop_when_decided"] and winners_fixed(self.markers) is not None:
            reason = "winners fixed"
        if reason is None:
            return False
        self.phase = OVER
        self.drawn = -1
        self.events.append({"type": "end", "reason": reason, "winners": self.winners()})
        return True

    # -- claim proof ---------------------------------------------------------------------
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
            if all(self.unseen[m] >= need for m, need in witness):
                return True
        found = claim_proof.find_refutation(army, 4 - k, K, self.unseen, self.unseen_symbols)
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
            w = claim_proof.find_refutation(
                self.counts[o][t], 4 - k, K, self.unseen, self.unseen_symbols
            )
            if w is not None:
                return o, tuple(slots_of_mask(m) for m in w)
        return None

    # -- outcome -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(len(m)) for m in self.markers]

    def ranking_keys(self) -> list[tuple[Any, ...]]:
        return [ranking_key(m) for m in self.markers]

    def winners(self) -> list[int]:
        return winners_of(self.markers) if self.phase == OVER else []

    def ending(self) -> str | None:
        """``all-decided`` (the fifth territory, KC-R33) or ``winners-fixed`` (the early
        stop, KC-R34); ``None`` before the end."""
        if self.phase != OVER:
            return None
        return "all-decided" if all(d is not None for d in self.decided) else "winners-fixed"

    # -- copies --------------------------------------------------------------------------
    def clone(self) -> KingdomsState:
        other = KingdomsState.__new__(KingdomsState)
        self._copy_common(other)
        other.pool = self.pool
        other.plays = self.plays
        other.hands = [h.copy() for h in self.hands]
        other.deck = self.deck.copy()
        other.armies = [row.copy() for row in self.armies]
        other.counts = [row.copy() for row in self.counts]
        other.comp = [row.copy() for row in self.comp]
        other.full = self.full.copy()
        other.play_no = self.play_no.copy()
        other.decided = self.decided.copy()
        other.markers = [m.copy() for m in self.markers]
        other.unseen = self.unseen.copy()
        other.unseen_symbols = self.unseen_symbols.copy()
        other.play_counter = self.play_counter
        other.active = self.active
        other.phase = self.phase
        other.first_player = self.first_player
        other.drawn = self.drawn
        other.open_now = self.open_now  # replaced, never mutated
        other.auto = self.auto
        other.manual = self.manual
        other.events = self.events.copy()
        other._proof = self._proof.copy()
        other._refuter = self._refuter.copy()
        return other

    def resample(self, seat: int | None, rng: random.Random) -> KingdomsState:
        """Re-deal every hand but ``seat``'s and the deck from the unseen cards (§6.2)."""
        other = self.clone()
        other._moves = None
        keep = seat
        hidden = [c for p in range(self.players) if p != keep for c in self.hands[p]]
        hidden.extend(self.deck)
        hidden.sort()  # the pool's order must not depend on where the cards really are
        rng.shuffle(hidden)
        pos = 0
        for p in range(self.players):
            if p == keep:
                continue
            size = len(self.hands[p])
            other.hands[p] = sorted(hidden[pos : pos + size])
            pos += size
        other.deck = hidden[pos:]
        if other.drawn >= 0 and other.active != keep:
            # that a draw happened is public; which card it was is not
            other.drawn = other.hands[other.active][rng.randrange(len(other.hands[other.active]))]
        return other

    # -- information ---------------------------------------------------------------------
    def _card_json(self, card: int) -> JSON:
        return {"card": self.pool.ids[card], "slots": slots_of_mask(self.pool.masks[card])}

    def view(self, seat: int | None) -> JSON:
        ids, masks, play_no = self.pool.ids, self.pool.masks, self.play_no
        manual = self.manual
        territories = []
        for t in range(TERRITORIES):
            armies = []
            for p in range(self.players):
                cards = self.armies[p][t]
                idx = self.counts[p][t]
                armies.append(
                    {
                        "seat": p,
                        "cards": [
                            {"card": ids[c], "slots": SLOTS[masks[c]], "play": play_no[c]}
                            for c in cards
                        ],
                        "army": notation(idx),
                        "key": key_json(idx),
                        "complete_at": self.comp[p][t] or None,
                    }
                )
            d = self.decided[t]
            claimable = None
            if manual and d is None and self.phase != OVER:
                claimable = [p for p in range(self.players) if self.claim_valid(t, p)]
            territories.append(
                {
                    "territory": t + 1,
                    "armies": armies,
                    "decided": None
                    if d is None
                    else {"winner": d[0], "marker": d[1], "method": d[2], "play": d[3]},
                    **({"claimable_by": claimable} if claimable is not None else {}),
                }
            )
        out: JSON = {
            "game": self.game.id,
            "seat": seat,
            "players": self.players,
            "claims": self.options["claims"],
            "stop_when_decided": self.options["stop_when_decided"],
            "phase": self.phase,
            "active": None if self.phase == OVER else self.active,
            "first_player": self.first_player,
            "play_counter": self.play_counter,
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "territories": territories,
            "markers": [list(m) for m in self.markers],
            "standing": [[len(m), sum(m)] for m in self.markers],
            "unseen": {slots_of_mask(m): self.unseen[m] for m in range(1, 32) if self.unseen[m]},
        }
        if seat is not None:
            out["hand"] = [self._card_json(c) for c in self.hands[seat]]
            if seat == self.active and self.drawn >= 0:
                out["drawn"] = ids[self.drawn]
        if self.phase == OVER:
            out["winners"] = self.winners()
        return out

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

    # -- persistence ---------------------------------------------------------------------
    def _data_json(self) -> JSON:
        ids = self.pool.ids
        return {
            "deck": [ids[c] for c in reversed(self.deck)],  # top card first
            "hands": [[ids[c] for c in h] for h in self.hands],
            "armies": [
                [[[ids[c], self.play_no[c]] for c in army] for army in row] for row in self.armies
            ],
            "decided": [
                None
                if d is None
                else {"winner": d[0], "marker": d[1], "method": d[2], "play": d[3]}
                for d in self.decided
            ],
            "play_counter": self.play_counter,
            "active": self.active,
            "phase": self.phase,
            "first_player": self.first_player,
            "drawn": None if self.drawn < 0 else ids[self.drawn],
            "events": self.events,
        }

    @classmethod
    def from_data(
        cls, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> KingdomsState:
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self._init_empty(players, options)
        with state_data_errors("kingdoms-of-crusaders state data"):
            _load_data(self, data)
        return self


def _load_data(self: KingdomsState, data: JSON) -> None:
    index, players = self.pool.index, self.players
    seen: set[int] = set()

    def card(cid: Any) -> int:
        c = index.get(cid, -1) if isinstance(cid, str) else -1
        if c < 0:
            raise StateFormatError(f"unknown card id {cid!r}")
        if c in seen:
            raise StateFormatError(f"card {cid} appears twice")
        seen.add(c)
        return c

    self.deck = [card(c) for c in data["deck"]][::-1]
    hands = data["hands"]
    if len(hands) != players:
        raise StateFormatError(f"'hands' must have {players} entries")
    self.hands = [sorted(card(c) for c in h) for h in hands]
    armies = data["armies"]
    if len(armies) != players or any(len(row) != TERRITORIES for row in armies):
        raise StateFormatError(f"'armies' must be {players} rows of {TERRITORIES} territories")
    numbers: set[int] = set()
    for p, row in enumerate(armies):
        for t, army in enumerate(row):
            if len(army) > 4:
                raise StateFormatError(f"seat {p} has more than 4 cards in territory {t + 1}")
            cards = []
            for cid, n in army:
                c = card(cid)
                if not isinstance(n, int) or n < 1 or n in numbers:
                    raise StateFormatError(f"card {cid} has a bad or repeated play number {n!r}")
                numbers.add(n)
                self.play_no[c] = n
                cards.append(c)
                mask = self.pool.masks[c]
                self.unseen[mask] -= 1
                for s in MASK_SYMBOLS[mask]:
                    self.unseen_symbols[s] -= 1
            self.armies[p][t] = tuple(cards)
            self.counts[p][t] = index_of_masks([self.pool.masks[c] for c in cards])
            self.comp[p][t] = self.play_no[cards[3]] if len(cards) == 4 else 0
            self.full[t] += len(cards) == 4
    if len(seen) != len(self.pool):
        raise StateFormatError(
            f"{len(self.pool) - len(seen)} card(s) of the pool are nowhere (deck, hands, table)"
        )
    self.play_counter = data["play_counter"]
    if sorted(numbers) != list(range(1, self.play_counter + 1)):
        raise StateFormatError("play numbers must be exactly 1..play_counter")
    decided = data["decided"]
    if len(decided) != TERRITORIES:
        raise StateFormatError(f"'decided' must have {TERRITORIES} entries")
    for t, d in enumerate(decided):
        if d is None:
            continue
        winner, marker = d["winner"], d["marker"]
        play = d["play"]
        if (
            type(winner) is not int
            or not 0 <= winner < players
            or d["method"] not in ("completion", "claim")
            or type(play) is not int
            or not 0 <= play <= self.play_counter
        ):
            raise StateFormatError(f"territory {t + 1}: bad decision {d!r}")
        self.decided[t] = (winner, marker, d["method"], d["play"])
    for d in sorted((d for d in self.decided if d is not None), key=lambda d: d[1]):
        self.markers[d[0]].append(d[1])
    awarded = sorted(v for m in self.markers for v in m)
    if awarded != list(range(1, len(awarded) + 1)):
        raise StateFormatError("markers must be exactly 1..number of decided territories")
    self.active = data["active"]
    if not 0 <= self.active < players:
        raise StateFormatError(f"'active' must be a seat 0-{players - 1}")
    self.phase = data["phase"]
    if self.phase not in (PLAY, CLAIM, OVER):
        raise StateFormatError(f"unknown phase {self.phase!r}")
    self.first_player = data["first_player"]
    if type(self.first_player) is not int or not 0 <= self.first_player < players:
        raise StateFormatError(f"'first_player' must be a seat 0-{players - 1}")
    drawn = data["drawn"]
    self.drawn = -1 if drawn is None else index[drawn]
    self.open_now = self.available(self.active) if self.phase == PLAY else []
    if self.drawn >= 0 and self.drawn not in self.hands[self.active]:
        raise StateFormatError("the drawn card must be in the active seat's hand")
    events = data["events"]
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise StateFormatError("'events' must be a list of objects")
    self.events = [dict(e) for e in events]
