"""The heuristic bot of Im Zeichen des Kreuzes: a route planner with tower odds.

The bot is handed a resampled state (DESIGN.md §4) and reads only what its seat may see
(ZK-H1, ZK-H2): the map, pawns, neutral units, every player's public counters, plundered
cities and revealed tiles, the tower's counts per colour, the garrison, the deck size and
its own hand. It never reads other hands, the draw pile's order, face-down tile values,
shelf positions or another seat's stored commitment.

Rules of thumb, as the code encodes them:

1. **A goal cell.** Until it holds the Jerusalem requirement of green tiles (ZK-J1: 2 with
   2-4 players, 1 with 5) the goal is the unplundered Muslim city that minimises the steps
   there plus half the steps on to Jerusalem; then Jerusalem. A detour to a red city (or
   Candia) replaces the goal when the army is too small for the next fight and treasure
   can buy troops, or when motivation is below the siege threshold (ZK-J1 ii).
2. **Card-feasible steps.** Steps follow the fewest-steps distance table of the goal
   (``Board.distances``, cached per board and goal at module level). A small memoised
   search over the hand (terrain counts, jokers, Forced march, Genoese ships) finds the
   longest run of steps that each get one cell closer and that the hand can pay for,
   avoiding cells with neutral units; a specific terrain card is spent before a joker.
3. **Keep what the route needs.** In the discard phase the bot keeps, per terrain, as many
   cards as the next steps of the route need, every joker and the useful events, and
   discards the rest (sea cards on a land route, for example) to draw fresh ones.
4. **Tower odds.** A throw is modelled as independent binomials: every thrown cube falls
   out with the calibrated rate of ZK-T9 (0.65 for one cube up to about 0.81 for twelve),
   every cube already inside with a release rate that grows with the throw. Own cubes
   inside help, greens inside hurt. This reproduces the ZK-T9 win table within a few
   points. The bot commits the fewest troops that reach about 90 % (80 % for minor fights)
   and never more than it needs; it empties the tower (Tower shaking first, then a purple
   marker) when that gains clearly before an important throw, and plays the Holy Lance
   when it adds at least 8 points or in any Jerusalem round.
5. **Jerusalem.** A small dynamic programme gives the chance that a siege with army ``a``
   against garrison ``g`` ends with the fall, when the attacker commits everything and the
   defender picks, each round, the commitment that minimises that chance. The bot
   besieges as soon as it is eligible, commits everything to a round (the fewest troops,
   5, when the siege is hopeless: the round still drains the garrison), continues while it
   has the troops, and as defender picks the minimising commitment (more when the
   attacker is strong; everything when a lost round would let him win).
   The papal reward (ZK-J2) counts only where the option still pays it: by default a lost
   round of siege 1-3 pays it, so while a loss would still bring 2+ treasure the bot does
   not stop a siege it could go on with; paid on declaring, it is spent and counts for
   nothing in the siege's decisions.
6. **Economy.** In a red city or Candia it recruits when the army is below its goal and
   it has treasure, prays when motivation is low, and plunders a Christian city only when
   destitute (no treasure, small army, motivation to spare). Muslim cities are plundered
   up to the requirement and beyond while the odds are good and the plunder limit allows.
   Tribute, Mercenaries, Relic and Crusade sermon are played when they help; Truce when
   the fight is bad; Ambush against the leader.
7. **Symbol moves** push neutral units onto a rival's pawn (the leader first) or off the
   route ahead, and are declined otherwise; they never hit the bot's own pawn.

The bot uses no randomness: ties are broken by the order of ``legal_actions``, so its
choice depends only on the information of its seat."""

from __future__ import annotations

import random
from functools import cache, lru_cache
from itertools import pairwise

from ...engine.action import Action
from ...engine.game import State
from . import actions as A
from .actions import ZkAction
from .board import CRETE, GREEN_CITY, MOUNTAIN, PLAIN, RED, SEA, Board
from .components import JOKER, MOVEMENT
from .constants import (
    ATTACK,
    CARDS,
    CITY,
    COMMIT,
    CONTINUE,
    DEFEND,
    DISCARD,
    EMPTY,
    RETREAT,
    SECOND_STEP,
    SYMBOL,
    TRUCE,
    draw_limit,
)
from .fight import AMBUSH, ENEMY_CUBES, JERUSALEM_ROUND, PLUNDER_CHRISTIAN, PLUNDER_MUSLIM
from .papal import reward_if_lost
from .state import ZkState
from .tower import GREEN

# -- distances, cached per board --------------------------------------------------------

_DIST: dict[int, tuple[Board, dict[int, list[int]]]] = {}


def distances(board: Board, goal: int) -> list[int]:
    """Fewest steps from every cell to ``goal`` (all terrains), cached per board."""
    entry = _DIST.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, {})
        _DIST[id(board)] = entry
    table = entry[1].get(goal)
    if table is None:
        table = entry[1][goal] = board.distances(goal)
    return table


# -- tower odds (ZK-T9) ----------------------------------------------------------------

_OUT_POINTS = ((1, 0.65), (3, 0.69), (5, 0.72), (8, 0.76), (12, 0.81))


def out_rate(thrown: int) -> float:
    """The chance that a thrown cube reaches the tray (ZK-T9, interpolated)."""
    pts = _OUT_POINTS
    if thrown <= pts[0][0]:
        return pts[0][1]
    for (x0, y0), (x1, y1) in pairwise(pts):
        if thrown <= x1:
            return y0 + (y1 - y0) * (thrown - x0) / (x1 - x0)
    return min(0.9, pts[-1][1] + 0.008 * (thrown - pts[-1][0]))


def old_rate(thrown: int) -> float:
    """The chance that a cube already inside is knocked out by a throw of ``thrown``."""
    passing = out_rate(thrown) * thrown
    return 0.85 * (1.0 - float(0.935**passing))


def _binom(n: int, p: float) -> list[float]:
    out = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(out) + 1)
        for k, w in enumerate(out):
            nxt[k] += w * (1 - p)
            nxt[k + 1] += w * p
        out = nxt
    return out


def _conv(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@lru_cache(maxsize=65536)
def win_prob(n: int, greens: int, own_in: int, green_in: int, bonus: int, ties: bool) -> float:
    """P(A + bonus > Gt) (``>=`` when ties win) for ``n`` own cubes against ``greens`` with
    ``own_in`` own and ``green_in`` green cubes already in the tower."""
    if n <= 0 and own_in <= 0:
        a = [1.0]
    else:
        t = n + greens
        q, r = out_rate(max(1, t)), old_rate(t)
        a = _conv(_binom(n, q), _binom(own_in, r))
    t = n + greens
    q, r = out_rate(max(1, t)), old_rate(t)
    g = _conv(_binom(greens, q), _binom(green_in, r))
    cum = [0.0] * (len(g) + 1)  # cum[k] = P(Gt < k)
    for k, w in enumerate(g):
        cum[k + 1] = cum[k] + w
    total = 0.0
    for k, w in enumerate(a):
        m = k + bonus + (1 if ties else 0)  # Gt < m wins
        total += w * cum[min(max(m, 0), len(g))]
    return total


def _after_win(a: int, d: int) -> int:
    """Army left after a won Jerusalem round that committed everything (rough)."""
    return max(0, int(0.95 * a - 0.8 * d + 0.5))


@cache
def fall_chance(g: int, a: int, ties: bool = False) -> float:
    """The chance that a siege with army ``a`` against garrison ``g`` ends with the fall
    (ZK-J9): the attacker commits everything and continues while he can; the defender
    picks the commitment that minimises this chance (ZK-J5)."""
    if a < 5:
        return 0.0
    if g <= 0:
        return win_prob(a, 0, 0, 0, 0, ties)
    lo = 3 if g >= 3 else g
    best = 1.0
    for d in range(lo, g + 1):
        p = win_prob(a, d, 0, 0, 0, ties)
        if d < g:
            p *= fall_chance(g - d, _after_win(a, d), ties)
        best = min(best, p)
    return best


@cache
def siege_odds(g: int, a: int, ties: bool = False) -> float:
    """Like ``fall_chance`` against a defender who picks his commitment uniformly from
    the legal range (an unknown or careless defender), averaged with the minimising one."""
    return 0.5 * (_uniform_fall(g, a, ties) + fall_chance(g, a, ties))


@cache
def _uniform_fall(g: int, a: int, ties: bool) -> float:
    if a < 5:
        return 0.0
    if g <= 0:
        return win_prob(a, 0, 0, 0, 0, ties)
    lo = 3 if g >= 3 else g
    total = 0.0
    for d in range(lo, g + 1):
        p = win_prob(a, d, 0, 0, 0, ties)
        if d < g:
            p *= _uniform_fall(g - d, _after_win(a, d), ties)
        total += p
    return total / (g - lo + 1)


# -- the bot ----------------------------------------------------------------------------

LAND_CODES = (PLAIN, MOUNTAIN)
# hand counts: sea, plain, mountain, joker, forced march, genoese ships
_SLOT = {SEA: 0, PLAIN: 1, MOUNTAIN: 2, JOKER: 3}
MARCH, SHIPS = 4, 5


class HeuristicBot:
    name = "heuristic"

    # tuned in seeded games against random bots. With the papal reward on declaring
    # (3 players, 200 games per setting): army_cap 14 -> 76 % wins, 12 -> 81 %, 10 -> 85 %,
    # 8 -> 91 %, 7 -> 92 %; the garrison drains in every round, won or lost, so an early
    # siege pays. With the reward for a lost siege (the default; 2 players, 800 games per
    # setting): army_cap 11 -> 89.4 %, 9 -> 91.4 %, 7 -> 93.5 %, 5 -> 95.8 %, and 97.9 %
    # with the fewest troops committed to a hopeless round (``hopeless``)
    plunder_army = 9  # troops wanted before a Muslim plunder
    siege_goal = 0.25  # siege odds wanted before heading for Jerusalem
    army_cap = 5  # ... or at least this many troops: besiege as soon as eligible
    papal_enough = 2  # papal treasure (ZK-J2) worth a further siege round
    hopeless = 0.1  # siege odds below which a round gets the fewest troops (5)

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, ZkState)
        legal: list[Action] = list(state.legal_actions(seat))
        if len(legal) == 1:
            return legal[0]
        d = state.decision_kind
        if d == CARDS:
            return self._cards(state, seat, legal)
        if d == CITY:
            return self._city(state, seat, legal)
        if d == DISCARD:
            return self._discard(state, seat, legal)
        if d == SECOND_STEP:
            return self._second_step(state, seat, legal)
        if d == SYMBOL:
            return self._symbol(state, seat, legal)
        if d == TRUCE:
            return self._truce(state, seat, legal)
        if d == EMPTY:
            return self._empty(state, seat, legal)
        if d in (COMMIT, ATTACK):
            return self._commit(state, seat, legal)
        if d == DEFEND:
            return self._defend(state, seat, legal)
        if d == RETREAT:
            return self._retreat(state, seat, legal)
        if d == CONTINUE:
            return self._continue(state, seat, legal)
        return legal[0]

    # -- planning ---------------------------------------------------------------------
    def goal(self, state: ZkState, seat: int) -> int:
        """The cell the bot heads for (rule 1)."""
        board = state.comp.board
        jer = board.jerusalem.cell
        tiles = len(state.green_tiles[seat])
        need = state.jerusalem_tiles - tiles
        army, treasure = state.army[seat], state.treasure[seat]
        if need > 0:
            if army < self.plunder_army and treasure >= 1:
                target = self._nearest_red(state, seat, 7)
                if target >= 0:
                    return target
            if army < 3 and treasure == 0:
                target = self._nearest_red(state, seat, 8, plunder=True)
                if target >= 0:
                    return target
            target = self._nearest_muslim(state, seat, 99)
            return target if target >= 0 else jer
        if state.motivation[seat] < 6:
            target = self._nearest_red(state, seat, 99)
            if target >= 0:
                return target
        if army < self.siege_army(state):
            if treasure >= 1:
                target = self._nearest_red(state, seat, 99)
                if target >= 0:
                    return target
            if tiles < state.plunder_limit and army >= 5:
                target = self._nearest_muslim(state, seat, 8)
                if target >= 0:
                    return target
            if army < 5:
                target = self._nearest_red(state, seat, 99, plunder=True)
                if target >= 0:
                    return target
        elif tiles < state.plunder_limit and army >= self.siege_army(state) + 5:
            target = self._nearest_muslim(state, seat, 2)
            if target >= 0:
                return target
        return jer

    def siege_army(self, state: ZkState) -> int:
        """Troops wanted before a siege of the current garrison."""
        g = min(state.garrison, 40)
        ties = state.options["tie_rule"] == "attacker"
        for a in range(5, 31):
            if siege_odds(g, a, ties) >= self.siege_goal:
                return min(a, self.army_cap)
        return self.army_cap

    def _nearest_red(self, state: ZkState, seat: int, limit: int, plunder: bool = False) -> int:
        """The nearest unplundered red city (or Candia, unless ``plunder``)."""
        board = state.comp.board
        here = state.pawn[seat]
        best, target = limit + 1, -1
        for city in board.cities:
            ok = city.kind == RED and state.plundered_by[city.index] < 0
            if city.kind == CRETE and not plunder:
                ok = True
            if ok:
                steps = distances(board, city.cell)[here]
                if steps < best:
                    best, target = steps, city.cell
        return target

    def _nearest_muslim(self, state: ZkState, seat: int, limit: int) -> int:
        """The unplundered Muslim city with the fewest steps there plus half the steps on
        to Jerusalem."""
        board = state.comp.board
        here = state.pawn[seat]
        dj = distances(board, board.jerusalem.cell)
        best, target = 1e9, -1
        for city in board.cities:
            if city.kind != GREEN_CITY or state.plundered_by[city.index] >= 0:
                continue
            steps = distances(board, city.cell)[here]
            if steps > limit:
                continue
            score = steps + 0.5 * dj[city.cell]
            if score < best:
                best, target = score, city.cell
        return target

    def _hand_counts(self, state: ZkState, seat: int) -> list[int]:
        counts = [0] * 6
        cards = state.comp.cards
        for c in state.hands[seat]:
            card = cards[c]
            if card.kind == MOVEMENT:
                counts[_SLOT[card.terrain]] += 1
            elif card.event == "forced_march":
                counts[MARCH] += 1
            elif card.event == "genoese_ships":
                counts[SHIPS] += 1
        return counts

    def _planner(self, state: ZkState, dist: list[int], seat: int) -> _Planner:
        """Cells with a neutral unit are avoided unless the army beats it easily."""
        if state.army[seat] >= 7:
            return _Planner(state.comp.board, dist, set())
        return _Planner(state.comp.board, dist, {c for c in state.units if c >= 0})

    # -- card phase -------------------------------------------------------------------
    def _cards(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        cards = state.comp.cards
        board = state.comp.board
        here = state.pawn[seat]
        events: dict[str, list[ZkAction]] = {}
        moves: list[ZkAction] = []
        for a in legal:
            assert isinstance(a, ZkAction)
            if a.kind == "event":
                events.setdefault(cards[a.card].event or "", []).append(a)
            elif a.kind == "move":
                moves.append(a)
        # economy first (rule 6)
        if "tribute" in events:
            return events["tribute"][0]
        if "crusade_sermon" in events and state.army[seat] < 27:
            return events["crusade_sermon"][0]
        if "mercenaries" in events and state.army[seat] < 24:
            return events["mercenaries"][0]
        if "relic" in events and state.motivation[seat] <= 17:
            return events["relic"][0]
        if "ambush" in events:
            target = self._ambush_target(state, seat, events["ambush"])
            if target is not None:
                return target
        goal = self.goal(state, seat)
        dist = distances(board, goal)
        if dist[here] == 0:
            return A.END_CARDS
        plan = self._planner(state, dist, seat)
        counts = self._hand_counts(state, seat)
        best: tuple[int, int] = plan.best(here, tuple(counts))
        if best[0] <= 0:
            return A.END_CARDS
        for a in moves:
            if dist[a.to] != dist[here] - 1 or a.to in plan.blocked:
                continue
            slot = _SLOT[cards[a.card].terrain]
            rest = list(counts)
            rest[slot] -= 1
            value = plan.best(a.to, tuple(rest))
            if (value[0] + 1, value[1]) == best:
                return a
        for name, slot in (("forced_march", MARCH), ("genoese_ships", SHIPS)):
            for a in events.get(name, []):
                if dist[a.to] != dist[here] - 1 or a.to in plan.blocked:
                    continue
                rest = list(counts)
                rest[slot] -= 1
                if plan.two_step(a.to, slot, tuple(rest)) == best:
                    return a
        return A.END_CARDS

    def _ambush_target(self, state: ZkState, seat: int, options: list[ZkAction]) -> Action | None:
        board = state.comp.board
        dj = distances(board, board.jerusalem.cell)
        best, choice = -1e9, None
        for a in options:
            y = a.target
            if state.army[y] == 0:
                score = 5.0
            else:
                score = 2.0 * len(state.green_tiles[y]) - 0.2 * dj[state.pawn[y]]
                score -= 0.1 * state.army[y]
            if score > best:
                best, choice = score, a
        return choice

    def _second_step(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        board = state.comp.board
        dist = distances(board, self.goal(state, seat))
        here = state.pawn[seat]
        plan = self._planner(state, dist, seat)
        counts = tuple(self._hand_counts(state, seat))
        stay = plan.best(here, counts)
        best, choice = stay, A.STOP_STEPS
        for a in legal:
            assert isinstance(a, ZkAction)
            if a.kind != "step" or dist[a.to] != dist[here] - 1 or a.to in plan.blocked:
                continue
            v = plan.best(a.to, counts)
            value = (v[0] + 1, v[1])
            if value > best:
                best, choice = value, a
        return choice

    # -- city phase -------------------------------------------------------------------
    def _city(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        board = state.comp.board
        city = board.cities[state.city_here(seat)]
        army, treasure = state.army[seat], state.treasure[seat]
        motivation = state.motivation[seat]
        tiles = len(state.green_tiles[seat])
        need = state.jerusalem_tiles - tiles
        ties = state.options["tie_rule"] == "attacker"
        if A.SIEGE in legal:
            return A.SIEGE if self._should_siege(state, seat) else A.PASS
        if city.kind == GREEN_CITY:
            if A.PLUNDER not in legal:
                return A.PASS
            p = self._fight_odds(state, seat, army, 3, ties)
            threshold = 0.35 if need > 0 else 0.8
            return A.PLUNDER if p >= threshold else A.PASS
        recruits = [a for a in legal if isinstance(a, ZkAction) and a.kind == "recruit"]
        if motivation < 4 or (need <= 0 and motivation < 7):
            return A.PRAY
        if recruits and army < 22:
            return max(recruits, key=lambda a: a.amount if isinstance(a, ZkAction) else 0)
        if (
            A.PLUNDER in legal
            and city.kind == RED
            and treasure == 0
            and army < (self.plunder_army if need > 0 else self.siege_army(state))
            and motivation >= 9
            and self._fight_odds(state, seat, army, 2, ties) >= 0.6
        ):
            return A.PLUNDER
        if A.PRAY in legal and motivation < 18:
            return A.PRAY
        return A.PASS

    def _should_siege(self, state: ZkState, seat: int) -> bool:
        army, g = state.army[seat], state.garrison
        ties = state.options["tie_rule"] == "attacker"
        if state.exhaustions >= 1 and len(state.draw_pile) < 6 * state.players:
            return True  # the deck is about to end the game
        if army >= g + 3 or army >= self.army_cap:
            return True
        odds = siege_odds(min(g, 40), min(army, 30), ties)
        if odds >= self.siege_goal:
            return True
        # nothing better to do: no treasure to recruit with and no plunder in reach
        return odds >= 0.1 and state.treasure[seat] == 0

    def _continue(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        army, g = state.army[seat], state.garrison
        ties = state.options["tie_rule"] == "attacker"
        odds = siege_odds(min(g, 40), min(army, 30), ties)
        if odds >= 0.2 or army >= g + 3 or state.treasure[seat] == 0:
            return A.CONTINUE_SIEGE
        # stopping forfeits the consolation a lost round would still pay (ZK-J11); on
        # declaring it was paid already and counts for nothing here
        if reward_if_lost(state.options, state.sieges) >= self.papal_enough:
            return A.CONTINUE_SIEGE
        if state.exhaustions >= 1 and len(state.draw_pile) < 6 * state.players:
            return A.CONTINUE_SIEGE
        return A.STOP_SIEGE

    # -- discard ----------------------------------------------------------------------
    def _discard(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        """Rule 3: drop cards of no use on the route; when the hand cannot make a single
        step, drop the weakest cards until a full draw fits."""
        board, cards = state.comp.board, state.comp.cards
        here = state.pawn[seat]
        dist = distances(board, self.goal(state, seat))
        counts = self._hand_counts(state, seat)
        need = self._route_needs(board, dist, here, counts, 6)
        first = self._route_needs(board, dist, here, counts, 1)
        have = [0, 0, 0]
        values: list[tuple[float, int]] = []
        events = 0
        for c in state.hands[seat]:
            card = cards[c]
            if card.kind == MOVEMENT:
                if card.terrain == JOKER:
                    value = 3.0
                else:
                    t = card.terrain
                    have[t] += 1
                    value = 0.0 if have[t] > need[t] else 2.0 + first[t]
            else:
                events += 1
                value = self._event_value(state, seat, card.event or "", need)
            values.append((value, c))
        values.sort()
        useless = [c for v, c in values if v <= 0]
        if useless:
            return A.discard(useless[0])
        plan = self._planner(state, dist, seat)
        stuck = dist[here] > 0 and plan.best(here, tuple(counts))[0] == 0
        room = 5 - draw_limit(state.motivation[seat])
        if (stuck or events >= 3) and len(values) > room:
            return A.discard(values[0][1])
        return A.END_DISCARD

    def _event_value(self, state: ZkState, seat: int, event: str, need: list[int]) -> float:
        if event == "holy_lance":
            return 3.0
        if event in ("tower_shaking", "truce"):
            return 2.0
        if event == "mercenaries":
            return 2.0 if state.treasure[seat] >= 1 and state.supply[seat] >= 1 else 0.0
        if event == "tribute":
            return 2.5 if state.green_tiles[seat] else 1.0
        if event == "relic":
            return 1.0 if state.motivation[seat] < 18 else 0.0
        if event == "crusade_sermon":
            return 1.0 if state.supply[seat] >= 1 else 0.0
        if event == "forced_march":
            return 2.0 if need[PLAIN] + need[MOUNTAIN] >= 2 else 0.0
        if event == "genoese_ships":
            return 2.0 if need[SEA] >= 2 else 0.0
        return 0.5  # ambush

    def _route_needs(
        self, board: Board, dist: list[int], here: int, counts: list[int], horizon: int
    ) -> list[int]:
        """Terrain cards needed for the next ``horizon`` steps of a route that prefers the
        terrains in hand (sea, plain, mountain)."""
        need = [0, 0, 0]
        cell = here
        held = list(counts)
        terrain = board.terrain
        for _ in range(horizon):
            if dist[cell] <= 0:
                break
            options = [n for n in board.neighbours[cell] if dist[n] == dist[cell] - 1]
            if not options:
                break

            def key(n: int) -> tuple[int, int]:
                t = terrain[n]
                return (0 if held[t] > 0 else 1, -held[t])

            nxt = min(options, key=key)
            t = terrain[nxt]
            if held[t] > 0:
                held[t] -= 1
            need[t] += 1
            cell = nxt
        return need

    # -- neutral units ----------------------------------------------------------------
    def _symbol(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        board = state.comp.board
        here = state.pawn[seat]
        dist = distances(board, self.goal(state, seat))
        leader = self._leader(state, seat)

        def in_way(cell: int) -> float:
            if cell < 0:
                return 0.0
            hx, hy = board.xy(here)
            x, y = board.xy(cell)
            cheb = max(abs(hx - x), abs(hy - y))
            if cheb > 3 or dist[cell] >= dist[here]:
                return 0.0
            return 1.0 / cheb if cheb else 2.0

        best, choice = 0.2, A.NO_UNIT_MOVE
        for a in legal:
            assert isinstance(a, ZkAction)
            if a.kind != "move_unit":
                continue
            pawns = [s for s in range(state.players) if state.pawn[s] == a.to]
            if seat in pawns:
                continue
            score = in_way(state.units[a.unit]) - in_way(a.to)
            for s in pawns:
                score += 1.0 + (1.5 if s == leader else 0.0) + 0.05 * len(state.green_tiles[s])
            if score > best:
                best, choice = score, a
        return choice

    def _leader(self, state: ZkState, seat: int) -> int:
        board = state.comp.board
        dj = distances(board, board.jerusalem.cell)
        best, who = -1e9, -1
        for s in range(state.players):
            if s == seat:
                continue
            score = 3.0 * len(state.green_tiles[s]) - 0.2 * dj[state.pawn[s]] + 0.1 * state.army[s]
            if score > best:
                best, who = score, s
        return who

    # -- fights -----------------------------------------------------------------------
    def _fight_odds(
        self, state: ZkState, seat: int, n: int, greens: int, ties: bool, bonus: int = 0
    ) -> float:
        tower = state.tower
        return win_prob(n, greens, tower.count(seat), tower.count(GREEN), bonus, ties)

    def _truce(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        truces = [a for a in legal if isinstance(a, ZkAction) and a.kind == "truce"]
        if not truces:
            return A.FIGHT
        ties = state.options["tie_rule"] == "attacker"
        army = state.army[seat]
        if army == 0:
            return truces[0]
        n = self._needed(state, seat, army, 3, ties, 0.85)
        p = self._fight_odds(state, seat, n, 3, ties)
        return truces[0] if p < 0.6 else A.FIGHT

    def _needed(
        self,
        state: ZkState,
        seat: int,
        army: int,
        greens: int,
        ties: bool,
        goal: float,
        low: int = 1,
        bonus: int = 0,
    ) -> int:
        """The fewest cubes in ``low..army`` whose odds reach ``goal`` (all of them if
        none does)."""
        for n in range(low, army + 1):
            if self._fight_odds(state, seat, n, greens, ties, bonus) >= goal:
                return n
        return army

    def _empty(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        fight = state.fight
        if fight is None or fight.fighter != seat:
            return A.KEEP_TOWER
        tower = state.tower
        greens_in, own_in = tower.count(GREEN), tower.count(seat)
        if greens_in <= own_in:
            return A.KEEP_TOWER
        ties = state.options["tie_rule"] == "attacker"
        army = state.army[seat]
        if fight.kind == JERUSALEM_ROUND:
            e = max(3, min(state.garrison, army))
            n = army
            margin = 0.05
        else:
            e = ENEMY_CUBES[fight.kind]
            n = self._needed(state, seat, army, e, ties, 0.9, low=2 if fight.kind == AMBUSH else 1)
            margin = 0.1 if fight.kind == PLUNDER_MUSLIM else 0.2
        keep = win_prob(n, e, own_in, greens_in, 0, ties)
        empty = win_prob(n, e, 0, 0, 0, ties)
        if empty - keep < margin:
            return A.KEEP_TOWER
        shaking = [
            a for a in legal if isinstance(a, ZkAction) and a.kind == "empty_tower" and a.card >= 0
        ]
        if shaking:
            return shaking[0]
        if A.empty_tower() in legal and (margin < 0.2 or state.markers[seat] >= 1):
            return A.empty_tower()
        return A.KEEP_TOWER

    def _commit(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        fight = state.fight
        assert fight is not None
        ties = state.options["tie_rule"] == "attacker"
        commits = [a for a in legal if isinstance(a, ZkAction) and a.kind == "commit"]
        amounts = sorted({a.amount for a in commits})
        lances = sorted({a.card for a in commits if a.card >= 0})
        lo, hi = amounts[0], amounts[-1]
        if fight.kind == JERUSALEM_ROUND:
            odds = siege_odds(min(state.garrison, 40), min(state.army[seat], 30), ties)
            if odds < self.hopeless:
                # the round still drains the garrison (the defender's greens leave for
                # good, ZK-J6) and a loss may bring the Pope's consolation (ZK-J11): risk
                # the fewest troops and keep the rest for the next siege
                return A.commit(lo, -1)
            return A.commit(hi, lances[0] if lances else -1)
        e = ENEMY_CUBES[fight.kind]
        goal = 0.9 if fight.kind in (PLUNDER_MUSLIM, PLUNDER_CHRISTIAN) else 0.8
        n = self._needed(state, seat, hi, e, ties, goal, low=lo)
        if lances:
            p0 = self._fight_odds(state, seat, n, e, ties)
            n1 = self._needed(state, seat, hi, e, ties, goal, low=lo, bonus=1)
            p1 = self._fight_odds(state, seat, n1, e, ties, 1)
            important = fight.kind == PLUNDER_MUSLIM
            if p0 < goal and p1 - p0 >= (0.08 if important else 0.15):
                return A.commit(n1, lances[0])
        return A.commit(n, -1)

    def _defend(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        fight = state.fight
        assert fight is not None
        ties = state.options["tie_rule"] == "attacker"
        attacker = fight.fighter
        a = state.army[attacker]  # the stored commitment is secret: assume everything
        bonus = 1 if fight.lance >= 0 else 0
        tower = state.tower
        g = state.garrison
        best, choice = 2.0, legal[0]
        for act in legal:
            assert isinstance(act, ZkAction)
            d = act.amount
            p = win_prob(a, d, tower.count(attacker), tower.count(GREEN), bonus, ties)
            if d < g:
                p *= fall_chance(min(g - d, 40), min(_after_win(a, d), 30), ties)
            if p < best - 1e-9:
                best, choice = p, act
        return choice

    def _retreat(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        board = state.comp.board
        dist = distances(board, self.goal(state, seat))
        best, choice = 1 << 30, legal[0]
        for a in legal:
            assert isinstance(a, ZkAction)
            if dist[a.to] < best:
                best, choice = dist[a.to], a
        return choice


class _Planner:
    """Memoised search over the hand: the longest run of steps that each get one cell
    closer to the goal and that the hand can pay for (rule 2). Values are
    ``(steps, jokers left)``."""

    __slots__ = ("blocked", "board", "dist", "memo")

    def __init__(self, board: Board, dist: list[int], blocked: set[int]) -> None:
        self.board, self.dist, self.blocked = board, dist, blocked
        self.memo: dict[tuple[int, tuple[int, ...]], tuple[int, int]] = {}

    def _next(self, cell: int, land: bool | None = None) -> list[int]:
        board, dist = self.board, self.dist
        out = []
        for n in board.neighbours[cell]:
            if dist[n] != dist[cell] - 1 or n in self.blocked:
                continue
            if land is not None and (board.terrain[n] != SEA) != land:
                continue
            out.append(n)
        return out

    def best(self, cell: int, counts: tuple[int, ...]) -> tuple[int, int]:
        key = (cell, counts)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        value = (0, counts[3])
        if self.dist[cell] > 0:
            terrain = self.board.terrain
            for n in self._next(cell):
                for slot in (_SLOT[terrain[n]], 3):
                    if counts[slot] <= 0:
                        continue
                    rest = list(counts)
                    rest[slot] -= 1
                    v = self.best(n, tuple(rest))
                    v = (v[0] + 1, v[1])
                    if v > value:
                        value = v
            for slot in (MARCH, SHIPS):
                if counts[slot] <= 0 or (slot == MARCH and terrain[cell] == SEA):
                    continue
                rest = list(counts)
                rest[slot] -= 1
                for n in self._next(cell, land=slot == MARCH):
                    v = self.two_step(n, slot, tuple(rest))
                    if v > value:
                        value = v
        self.memo[key] = value
        return value

    def two_step(self, first: int, slot: int, rest: tuple[int, ...]) -> tuple[int, int]:
        """Value of a two-step card whose first step enters ``first``."""
        v = self.best(first, rest)
        value = (v[0] + 1, v[1])
        if self.dist[first] > 0 and not (slot == MARCH and self.board.terrain[first] == SEA):
            for n in self._next(first, land=slot == MARCH):
                w = self.best(n, rest)
                if (w[0] + 2, w[1]) > value:
                    value = (w[0] + 2, w[1])
        return value
