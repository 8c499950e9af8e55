"""The search bot's judgement of an unfinished position: each seat's chance of taking
Jerusalem first (ZK-W1), from a few measures of the race to it.

Per seat (``features``):

- **way**: the steps its pawn still has to walk, through the Muslim cities it still needs
  (ZK-J1 i) to Jerusalem, plus three steps for every two points of motivation it lacks for a
  siege (ZK-J1 ii: a prayer, ZK-R26, costs about a city visit);
- **near**, **near x odds**, **ready**: how close that is (``exp(-way / 4)``), times its siege
  odds with the army it has against the garrison now (the heuristic's ``siege_odds``), and
  the same once it holds the tiles it needs;
- **troops**: its army plus what its treasure can recruit (ZK-R27);
- **besieging**: in its own siege round, the chance the siege ends with the fall (the
  heuristic's ``fall_chance``);
- **this turn**: how many steps of the way its hand pays for now (the heuristic's planner);
- **hand**, **need**, **wait**: cards held, tiles still needed, and how long until its turn.

Everything but **this turn** and **hand** is public (ZK-H1); those two read the seat's hand,
which in the re-dealt worlds the search plays in is the seat's own or a re-dealt one. The
scores go through a softmax; the weights were fitted offline on positions of
heuristic-against-heuristic games (``tools/search/fit_zeichen_des_kreuzes.py``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .board import GREEN_CITY, Board
from .bot_odds import fall_chance, siege_odds
from .bot_route import distances
from .constants import JERUSALEM_MOTIVATION, OVER
from .fight import JERUSALEM_ROUND
from .heuristic import HeuristicBot

if TYPE_CHECKING:
    from .state import ZkState

FEATURES = (
    "way",
    "near",
    "near x odds",
    "ready",
    "troops",
    "besieging",
    "this turn",
    "hand",
    "need",
    "wait",
)

# per player count, fitted by tools/search/fit_zeichen_des_kreuzes.py: softmax regression of
# the winner on FEATURES over every second step of 3000 / 1500 / 600 / 400 seeded games of
# the heuristic against itself (2 / 3 / 4 / 5 players, default options, half of the games
# with one move in ten random). Held-out log loss 0.542 at 2 players (even split 0.693),
# 0.898 at 3 (1.099); the predicted chances match the observed shares within 0.03 at 2
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (-0.698, 0.592, 0.737, 1.271, 0.805, 1.307, 0.462, -0.094, -0.080, -0.117),
    3: (-0.993, 0.335, 0.880, 1.375, 0.764, 1.162, 0.608, -0.184, -0.122, -0.150),
    4: (-0.962, 0.088, 0.957, 1.288, 0.648, 1.132, 0.503, -0.168, -0.177, -0.151),
    5: (-0.705, 0.018, 0.846, 1.539, 0.603, 1.157, 0.340, 0.032, -0.217, -0.146),
}

_PLANNER = HeuristicBot()  # its goal and route planner; it keeps no state between calls
_MUSLIM: dict[int, tuple[Board, tuple[int, ...], tuple[int, ...]]] = {}


def _muslim_cities(board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The Muslim cities' indexes and cells, cached per board."""
    entry = _MUSLIM.get(id(board))
    if entry is None or entry[0] is not board:
        cities = [c for c in board.cities if c.kind == GREEN_CITY]
        entry = (board, tuple(c.index for c in cities), tuple(c.cell for c in cities))
        _MUSLIM[id(board)] = entry
    return entry[1], entry[2]


def route_steps(state: ZkState, seat: int, need: int) -> int:
    """The fewest steps from the pawn through ``need`` (0, 1 or 2; more counts as 2)
    unplundered Muslim cities to Jerusalem: the way still to walk before a siege."""
    board = state.comp.board
    jer = distances(board, board.jerusalem.cell)
    here = state.pawn[seat]
    if need <= 0:
        return jer[here]
    indexes, cells = _muslim_cities(board)
    plundered = state.plundered_by
    open_cells = [cell for i, cell in zip(indexes, cells, strict=True) if plundered[i] < 0]
    if len(open_cells) < need:
        return jer[here] + 40  # too few cities left: this seat can never besiege
    if need == 1:
        return min(distances(board, c)[here] + jer[c] for c in open_cells)
    best = 1 << 30
    for first in open_cells:
        d_first = distances(board, first)
        on = min(d_first[c] + jer[c] for c in open_cells if c != first)
        best = min(best, d_first[here] + on)
    return best


def steps_in_hand(state: ZkState, seat: int) -> int:
    """The steps towards the heuristic's goal that the seat's hand pays for now."""
    bot = _PLANNER
    dist = distances(state.comp.board, bot.goal(state, seat))
    here = state.pawn[seat]
    if dist[here] == 0:
        return 0
    return bot._planner(state, dist, seat).best(here, tuple(bot._hand_counts(state, seat)))[0]


def features(state: ZkState, seat: int) -> tuple[float, ...]:
    """The measures of ``seat``'s standing in the race, scaled to about 0..1 (``FEATURES``)."""
    need = max(0, state.jerusalem_tiles - len(state.green_tiles[seat]))
    army = state.army[seat]
    garrison = min(state.garrison, 40)
    ties = state.options["tie_rule"] == "attacker"
    odds = siege_odds(garrison, min(army, 30), ties)
    short = max(0, JERUSALEM_MOTIVATION - state.motivation[seat])
    way = route_steps(state, seat, need) + 3 * ((short + 1) // 2)
    near = math.exp(-way / 4.0)
    recruits = 2 * min(state.treasure[seat], (state.supply[seat] + 1) // 2)
    fight = state.fight
    besieging = 0.0
    if fight is not None and fight.kind == JERUSALEM_ROUND and fight.fighter == seat:
        besieging = fall_chance(garrison, min(army, 30), ties)
    return (
        way / 10.0,
        near,
        near * odds,
        near * odds if need == 0 else 0.0,
        min(army + recruits, 30) / 10.0,
        besieging,
        steps_in_hand(state, seat) / 5.0,
        len(state.hands[seat]) / 5.0,
        float(need),
        (seat - state.active) % state.players / state.players,
    )


def scores(state: ZkState, weights: tuple[float, ...] | None = None) -> list[float]:
    """Each seat's linear score, the softmax's input."""
    if weights is None:
        weights = WEIGHTS[state.players]
    return [
        sum(w * f for w, f in zip(weights, features(state, seat), strict=True))
        for seat in range(state.players)
    ]


def win_chances(state: ZkState, weights: tuple[float, ...] | None = None) -> list[float]:
    """Each seat's chance of winning, in [0, 1] and summing to 1 (softmax of ``scores``)."""
    assert state.decision_kind != OVER
    s = scores(state, weights)
    top = max(s)
    e = [math.exp(x - top) for x in s]
    total = sum(e)
    return [x / total for x in e]
