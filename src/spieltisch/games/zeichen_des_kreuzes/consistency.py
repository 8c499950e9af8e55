"""Whether a position can be a position of the game: every card, tile and cube accounted
for once, every count within the rules, a turn order and a pending decision that play can
reach. Hand-written positions (``Game.from_position``) and state documents
(``Game.state_from_json``) go through the same checks; the first problem found raises
``PositionError`` naming it in the players' terms (card codes, city names, cells as
``(x,y)``)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine.errors import PositionError
from .board import CRETE, GREEN_CITY, JERUSALEM, RED, SEA
from .components import ARMY, FLEET, IMMEDIATE, card_code
from .constants import (
    ACTIVE_DECISIONS,
    ATTACK,
    CONTINUE,
    CUBES,
    DECISIONS,
    DEFEND,
    EXHAUSTIONS_MAX,
    FIGHT_DECISIONS,
    HAND_LIMIT,
    MARKERS,
    MOTIVATION_MAX,
    OVER,
    SECOND_STEP,
    SIEGE_ARMY,
    SYMBOL,
)
from .ending import ENDINGS
from .ending import JERUSALEM as FALL
from .fight import (
    FIGHT_TYPES,
    JERUSALEM_ROUND,
    PLUNDER_CHRISTIAN,
    PLUNDER_MUSLIM,
    UNIT_ARMY,
    UNIT_FLEET,
)
from .movement import TWO_STEP_EVENTS
from .tower import GREEN

if TYPE_CHECKING:
    from .state import ZkState


def _fail(problem: str) -> None:
    raise PositionError(problem)


def check(state: ZkState) -> None:
    """Raise ``PositionError`` naming the first inconsistency of ``state``."""
    _turn(state)
    _seats(state)
    _cards(state)
    _tiles(state)
    _units(state)
    _decision(state)
    _fight(state)


def _turn(state: ZkState) -> None:
    """ZK-R1, ZK-R12, ZK-S3: seats take turns in order from the start player."""
    n = state.players
    if len(set(state.knights)) != n:
        _fail("'knights': every seat leads a different knight (ZK-S2)")
    for name in ("start_player", "active"):
        if not 0 <= getattr(state, name) < n:
            _fail(f"'{name}' is not a seat of a {n}-player game")
    if state.turn < 1:
        _fail("'turn' counts from 1 (ZK-S7)")
    limit = state.options["turn_limit"]
    if limit != "none" and state.turn > limit:
        _fail(f"turn {state.turn} is past the turn limit {limit} (ZK-W3)")
    if state.active != (state.start_player + state.turn - 1) % n:
        _fail(
            f"in turn {state.turn} of a game that seat {state.start_player} began, seat "
            f"{(state.start_player + state.turn - 1) % n} is active, not seat {state.active} "
            "(ZK-R1, ZK-R12)"
        )
    if not 0 <= state.exhaustions <= EXHAUSTIONS_MAX:
        _fail("the deck runs out at most twice (ZK-R36)")
    if state.exhaustions == EXHAUSTIONS_MAX and not state.is_over():
        _fail("the deck has run out twice, so the game is over (ZK-W2)")
    if min(state.garrison, state.sieges, state.siege_round) < 0:
        _fail("the garrison, the siege counter and the siege round cannot be negative")


def _seats(state: ZkState) -> None:
    """ZK-R2, ZK-R4, ZK-R5, ZK-T5, ZK-R10: each seat's counters, pawn and cubes."""
    board = state.comp.board
    ncells = len(board.terrain)
    for p in range(state.players):
        if min(state.army[p], state.supply[p], state.treasure[p], state.markers[p]) < 0:
            _fail(f"seat {p} has a negative army, supply, treasure or marker count")
        if state.markers[p] > MARKERS:
            _fail(f"seat {p} has more than {MARKERS} purple markers (ZK-T5)")
        if not 0 <= state.motivation[p] <= MOTIVATION_MAX:
            _fail(f"seat {p}'s motivation must be 0..{MOTIVATION_MAX} (ZK-R5)")
        pawn, origin = state.pawn[p], state.origin[p]
        if not 0 <= pawn < ncells or not -1 <= origin < ncells:
            _fail(f"seat {p}'s pawn or step origin is off the board")
        if origin >= 0 and (p != state.active or origin not in board.neighbours[pawn]):
            _fail(
                f"seat {p}'s step origin {board.cell_str(origin)} is not the cell its pawn "
                "just left: only the active player steps, one cell at a time (ZK-R10)"
            )
        if state.army[p] + state.supply[p] + state.tower.count(p) != CUBES:
            _fail(f"seat {p}'s cubes do not add up to {CUBES} (ZK-R2)")
    for colour in range(state.players, GREEN):
        if state.tower.count(colour):
            _fail(f"the tower holds cubes of P{colour}, who does not play")


def _cards(state: ZkState) -> None:
    """ZK-S8, ZK-R7, ZK-R35, ZK-R37: every card once, in a hand, the pile or the discard."""
    cards = state.comp.cards
    seen = Counter(state.draw_pile) + Counter(state.discard)
    for p, hand in enumerate(state.hands):
        if len(hand) > HAND_LIMIT:
            _fail(f"'hands': seat {p} holds {len(hand)}; hands hold at most 5 cards (ZK-R7)")
        for c in hand:
            if cards[c].kind == IMMEDIATE:
                _fail(f"seat {p} holds {card_code(c)}, an immediate event (ZK-R7, ZK-R35)")
        seen += Counter(hand)
    twice = sorted(c for c, k in seen.items() if k > 1)
    if twice:
        _fail(f"card {card_code(twice[0])} appears twice")
    if len(seen) != len(cards):
        missing = sorted(set(range(len(cards))) - set(seen))
        _fail(
            f"the cards must be all {len(cards)} cards exactly once; "
            f"{card_code(missing[0])} is nowhere"
        )
    if len(set(state.set_aside)) != len(state.set_aside) or any(
        cards[c].kind != IMMEDIATE for c in state.set_aside
    ):
        _fail("'set_aside' lists immediate events, each once (ZK-S9)")


def _tiles(state: ZkState) -> None:
    """ZK-S6, ZK-R28 to ZK-R30: each tile on its city or in its plunderer's hands."""
    comp = state.comp
    n = state.players
    held: dict[str, list[Counter[int]]] = {
        RED: [Counter(t) for t in state.red_tiles],
        GREEN_CITY: [Counter(t) for t in state.green_tiles],
    }
    values: dict[str, list[int]] = {RED: [], GREEN_CITY: []}
    taken: dict[str, list[Counter[int]]] = {RED: [Counter() for _ in range(n)]}
    taken[GREEN_CITY] = [Counter() for _ in range(n)]
    for city in comp.board.cities:
        tile, by = state.tile[city.index], state.plundered_by[city.index]
        if city.kind in (CRETE, JERUSALEM):
            if tile != -1 or by != -1:
                _fail(f"{city.name} has no tile and is never plundered (ZK-R31, ZK-R32)")
            continue
        values[city.kind].append(tile)
        if not -1 <= by < n:
            _fail(f"{city.name} is plundered by seat {by}, who does not play")
        if by >= 0:
            taken[city.kind][by][tile] += 1
    for kind, colour, dealt in (
        (RED, "red", comp.red_values),
        (GREEN_CITY, "green", comp.green_values),
    ):
        if sorted(values[kind]) != sorted(dealt):
            _fail(f"the {colour} tiles on the cities must be the values {sorted(dealt)} (ZK-S6)")
        for p in range(n):
            if held[kind][p] != taken[kind][p]:
                _fail(
                    f"seat {p}'s {colour} tiles must be those of the {colour} cities it "
                    "plundered (ZK-R28, ZK-R29)"
                )
    for p in range(n):
        if len(state.green_tiles[p]) > state.plunder_limit:
            _fail(f"seat {p} holds more green tiles than the limit {state.plunder_limit} (ZK-R29)")


def _units(state: ZkState) -> None:
    """ZK-R18, ZK-R20: units in play on their terrain, one to a cell, none on another's
    start cell."""
    comp = state.comp
    board = comp.board
    cells = [c for c in state.units if c >= 0]
    if len(set(cells)) != len(cells):
        _fail("two neutral units stand on one cell (ZK-R20)")
    for unit in comp.units:
        here = state.units[unit.index]
        if here == -1:
            continue
        if not 0 <= here < len(board.terrain):
            _fail(f"'units': {unit.id} is off the board")
        at_sea = board.terrain[here] == SEA
        if (unit.kind == FLEET) != at_sea or (unit.kind == ARMY and here in board.city_at):
            _fail(
                f"{unit.id} stands on {board.cell_str(here)}: a fleet stays at sea, an army on "
                "land outside the cities (ZK-R20)"
            )
        for other in comp.units:
            in_play = other.index != unit.index and state.units[other.index] >= 0
            if in_play and here == other.start_cell:
                _fail(f"{unit.id} stands on {other.id}'s start cell (ZK-R20)")


def _decision(state: ZkState) -> None:
    """The pending decision, its decider and what it needs (ZK-R11, ZK-C3, ZK-J4)."""
    kind = state.decision_kind
    if kind not in DECISIONS:
        _fail(f"unknown decision {kind!r}; the decisions are {', '.join(DECISIONS)}")
    if kind == OVER:
        _over(state)
        return
    if state.winner_seats or state.end_reason_code:
        _fail("winners and an ending belong to a finished game")
    fight = state.fight
    if (fight is not None) != (kind in FIGHT_DECISIONS):
        _fail(f"a fight is being resolved exactly in the decisions {sorted(FIGHT_DECISIONS)}")
    if kind in ACTIVE_DECISIONS:
        expected = state.active
    elif kind == DEFEND:
        expected = state.defender()  # ZK-J3
    else:
        assert fight is not None
        expected = fight.fighter
    if state.decider != expected:
        _fail(f"seat {expected} decides in the {kind} decision, not seat {state.decider}")
    if (state.two_step >= 0) != (kind == SECOND_STEP):
        _fail("'two_step' names the two-step card exactly while its second step is pending")
    if state.two_step >= 0 and (
        not 0 <= state.two_step < len(state.comp.cards)
        or state.comp.cards[state.two_step].event not in TWO_STEP_EVENTS
        or state.two_step not in state.discard
    ):
        _fail("'two_step' must be a played Forced march or Genoese ships (ZK-EV05, ZK-EV11)")
    if (state.symbol != "") != (kind == SYMBOL) or state.symbol not in ("", FLEET, ARMY):
        _fail("'symbol' is 'fleet' or 'army' exactly while a symbol move is pending (ZK-R16)")
    _secret(state)


def _over(state: ZkState) -> None:
    if state.decider != -1 or state.fight is not None or state.secret is not None:
        _fail("nobody decides and nothing is being fought once the game is over")
    if state.end_reason_code not in ENDINGS:
        _fail(f"a finished game ended in one of the ways {', '.join(ENDINGS)}")
    winners = state.winner_seats
    if len(set(winners)) != len(winners) or any(not 0 <= s < state.players for s in winners):
        _fail("the winners are distinct seats")
    if state.end_reason_code == FALL and len(winners) != 1:
        _fail("the conqueror of Jerusalem wins alone (ZK-W1)")


def _secret(state: ZkState) -> None:
    """ZK-H4: the attacker's secret commitment is stored between his choice and the
    defender's."""
    kind, secret, fight = state.decision_kind, state.secret, state.fight
    if (secret is not None) != (kind in (ATTACK, DEFEND)):
        _fail("a secret commitment is pending exactly in a siege round's commitments (ZK-H4)")
    if secret is None or fight is None:
        return
    if set(secret.expected) != {fight.fighter, state.defender()}:
        _fail("the siege round's secret commitments are the attacker's and the defender's")
    chosen = secret.own_choice(fight.fighter)
    if (chosen is not None) != (kind == DEFEND) or secret.own_choice(state.defender()):
        _fail("the attacker has committed (secretly) exactly when the defender decides (ZK-H4)")
    if (
        chosen is not None
        and not SIEGE_ARMY <= getattr(chosen, "amount", -1) <= state.army[fight.fighter]
    ):
        _fail("the attacker's commitment is 5 up to his army (ZK-J5)")


def _fight(state: ZkState) -> None:
    """ZK-C1: the fight being resolved, its fighter, enemy and stakes."""
    fight = state.fight
    in_siege = state.siege_round > 0
    if fight is None:
        if in_siege and not state.is_over():
            _fail("a siege round is under way only while its fight is resolved (ZK-J4)")
        return
    comp, n = state.comp, state.players
    if fight.kind not in FIGHT_TYPES or not 0 <= fight.fighter < n:
        _fail("the fight's type or fighter is unknown")
    if not 0 <= fight.cell < len(comp.board.terrain):
        _fail("the fight's cell is off the board")
    if (fight.kind == JERUSALEM_ROUND) != in_siege or (in_siege and state.sieges < 1):
        _fail("a Jerusalem round is fought exactly while a declared siege is under way (ZK-J2)")
    if fight.kind in (UNIT_FLEET, UNIT_ARMY):
        if not 0 <= fight.unit < len(comp.units) or state.units[fight.unit] < 0:
            _fail("a unit fight is fought against a neutral unit in play (ZK-R21)")
    elif fight.kind in (PLUNDER_MUSLIM, PLUNDER_CHRISTIAN):
        wanted = GREEN_CITY if fight.kind == PLUNDER_MUSLIM else RED
        cities = comp.board.cities
        if not 0 <= fight.city < len(cities) or cities[fight.city].kind != wanted:
            _fail("a plunder is fought for a city of its kind (ZK-R28, ZK-R29)")
    elif fight.kind == JERUSALEM_ROUND and fight.fighter != state.active:
        _fail("only the active player besieges Jerusalem (ZK-J1)")
    if fight.lance >= 0 and (
        not 0 <= fight.lance < len(comp.cards)
        or comp.cards[fight.lance].event != "holy_lance"
        or fight.lance not in state.discard
    ):
        _fail("the fight's lance must be a played Holy Lance (ZK-EV13)")
    army = state.army[fight.fighter]
    if state.decision_kind in (ATTACK, CONTINUE) and army < SIEGE_ARMY:
        _fail("a siege round takes an army of 5 or more (ZK-J5, ZK-J10)")
    if state.decision_kind == CONTINUE and fight.outcome != "won":
        _fail("the siege goes on only after a won round (ZK-J10)")
