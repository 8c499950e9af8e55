"""The bounds of the numbers of the observation (``Encoding.observation_bounds``): every
number is >= 0, and its upper bound is the most the rules allow (one-hots and flags 1),
worked out of the rules' counts and the edition's data, never out of observed games."""

from __future__ import annotations

from typing import Any

from .board import GREEN_CITY, RED
from .components import IMMEDIATE, Components
from .constants import CUBES, GARRISON, HAND_LIMIT
from .encoding_layout import DECISIONS, DIRECTIONS, OUTCOMES, PHASES
from .fight import ENEMY_CUBES, FIGHT_TYPES
from .papal import PAPAL_REWARD


class ObservationBounds:
    """The bounds half of ``ZkEncoding`` (it reads the layout's sizes)."""

    comp: Components
    players: int
    ncells: int
    observation_size: int
    card_types: tuple[str, ...]
    knight_ids: tuple[str, ...]
    red_values: tuple[int, ...]
    green_values: tuple[int, ...]
    _card_type: list[int]

    def _bounds(self, turn_limit: Any) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
        """``observation_bounds``: every number is >= 0; the upper bound of each position is
        the most the rules allow (one-hots and flags 1), from the rules' counts and the
        edition's data, never from observed games. With ``turn_limit = none`` the turn
        counter, the siege counter and the green cubes in the tower have no bound (ZK-W3):
        ``None`` then."""
        if turn_limit == "none":
            return None
        comp, n = self.comp, self.players
        turns = int(turn_limit)  # ZK-W3: the game ends when turn number turn_limit ends
        cards = comp.cards
        held = sum(1 for c in cards if c.kind != IMMEDIATE)
        saracen = sum(1 for c in cards if c.event == "saracen_reinforcement")
        tribute = sum(1 for c in cards if c.event == "tribute")
        # ZK-S7, ZK-EV03, ZK-J6: only Saracen reinforcement (+2, each card drawn at most
        # twice, ZK-R36) adds to the garrison of 15, and greens never return to it
        garrison = GARRISON + 2 * 2 * saracen
        # greens enter the tower only by throws (ZK-T1): at most 3 per fight outside
        # Jerusalem (ZK-C1), of which there are at most one per turn (the city action,
        # ZK-R25) and 1 + N per card leaving a hand (a step fight, ZK-R15, and one per pawn
        # a symbol-moved unit lands on, ZK-R22; see max_game_length for the 5N + 2H cards);
        # a Jerusalem round throws garrison cubes only (ZK-J6). The tower models' own caps
        # are not used: one encoding serves both models and any tower (ZK-T8)
        fights = turns + (1 + n) * (HAND_LIMIT * n + 2 * held)
        tower_greens = max(ENEMY_CUBES.values()) * fights + garrison
        # ZK-R29: a seat holds at most plunder_limit green tiles (3, or 2 with 5 players)
        green_limit = 2 if n == 5 else 3
        # ZK-R4: treasure only grows by the knight's start (ZK-S4), tiles (ZK-R28, ZK-R29),
        # Tribute (+2, each card played at most twice, ZK-EV08) and the papal rewards (ZK-J2)
        treasure = (
            max(k.treasure for k in comp.knights)
            + sum(comp.red_values)
            + sum(sorted(comp.green_values)[-green_limit:])
            + 2 * 2 * tribute
            + sum(PAPAL_REWARD)
        )
        type_count = [0] * len(self.card_types)
        immediate_type = [False] * len(self.card_types)
        for card, t in zip(cards, self._card_type, strict=True):
            type_count[t] += 1
            immediate_type[t] = card.kind == IMMEDIATE

        high: list[float] = []
        high += [1.0] * (n + 1 + len(DECISIONS) + len(PHASES))  # observer, decision, phase
        high += [  # game (GAME_FIELDS)
            turns,  # ZK-W3
            len(cards),  # draw pile: the whole deck at most (rules 2.5)
            len(cards),  # discard pile (ZK-R37)
            2,  # exhaustions: the game ends at the second (ZK-R36, ZK-W2)
            garrison,
            turns,  # sieges: one city option per turn (ZK-R25, ZK-J2)
            # siege_round: every round against a garrison >= 1 removes a green for good
            # (ZK-J5, ZK-J6); a round against 0 ends the siege or the game (ZK-J9, ZK-J11)
            garrison,
            tower_greens,
            tower_greens + CUBES * n,  # tower total: greens and the players' cubes (ZK-R2)
        ]
        high += self._seat_bounds(type_count, immediate_type, treasure)
        high += self._board_bounds(garrison, green_limit)
        assert len(high) == self.observation_size
        # a number the rules keep at 0 (an immediate event in a hand, Candia's or
        # Jerusalem's plunderer and tile) gets the nominal bound 1: a Box dimension with
        # low == high makes gymnasium's check_env warn
        return (0.0,) * len(high), tuple(max(1.0, float(h)) for h in high)

    def _seat_bounds(
        self, type_count: list[int], immediate_type: list[bool], treasure: int
    ) -> list[float]:
        """The seats, the hand and the discard pile."""
        n, cards = self.players, self.comp.cards
        high: list[float] = []
        seat_high = (1, 1, CUBES, CUBES, CUBES, treasure, 20, HAND_LIMIT, 1)  # ZK-R2, R5, R7
        for value in seat_high:  # seats: field-major
            high += [value] * n
        # hand: immediate events never stay in a hand (ZK-R7, ZK-R35)
        high += [
            0 if immediate else min(HAND_LIMIT, count)
            for count, immediate in zip(type_count, immediate_type, strict=True)
        ]
        high += [0 if c.kind == IMMEDIATE else 1 for c in cards]
        high += type_count  # discard_types: the cards of that type in the deck (rules 2.5)
        return high

    def _board_bounds(self, garrison: int, green_limit: int) -> list[float]:
        """Holdings, knights, cities, tiles, units, the fight and the planes."""
        comp, board, n = self.comp, self.comp.board, self.players
        high: list[float] = []
        red_cities = sum(1 for c in board.cities if c.kind == RED)
        # seat_holdings: start player, purple markers (2, never more: ZK-S4, ZK-T5), green
        # tiles (ZK-R29), red tiles (one per red city, ZK-R28)
        for value in (1, 2, min(green_limit, len(comp.green_values)), red_cities):
            high += [value] * n
        high += [1.0] * (n * len(self.knight_ids))  # knights
        for city in board.cities:  # Candia and Jerusalem are never plundered (ZK-R31, R32)
            if city.kind == RED:
                high += [1] * n + [max(comp.red_values)]
            elif city.kind == GREEN_CITY:
                high += [1] * n + [max(comp.green_values)]
            else:
                high += [0] * (n + 1)
        high += [comp.red_values.count(v) for v in self.red_values]  # only ever revealed
        high += [comp.green_values.count(v) for v in self.green_values]
        high += [1] * (2 * len(comp.units))  # units
        high += [1] * (1 + len(FIGHT_TYPES) + n)  # fight: present, type, fighter
        high += [max(*ENEMY_CUBES.values(), garrison)]  # enemy: E, or d <= garrison (ZK-J5)
        high += [1] * (len(comp.units) + 1)  # unit, Holy Lance
        high += [CUBES]  # cubes thrown: at most the army (ZK-R2)
        high += [1] * (len(OUTCOMES) + 1)  # outcome, attacker committed
        high += [CUBES]  # own stored commitment a <= army (ZK-J5)
        high += [1] * n  # defender
        high += [1] * (4 + len(DIRECTIONS))  # context, step_origin
        # planes: own pawn; other pawns, any number per cell (ZK-R9): all N for a
        # spectator; a neutral unit
        ncells = self.ncells
        high += [1] * ncells + [n] * ncells + [1] * ncells
        return high
