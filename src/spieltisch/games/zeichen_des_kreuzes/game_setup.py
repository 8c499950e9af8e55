"""Setting up a game (section 4, ZK-S1 to ZK-S10): knights, start player, tiles, the deck
and the deal, drawing from the game's generator in the order of ZK-S10. Each random step
is a named chance event (``chance_events``), so a test can script it from the first
shuffle on."""

from __future__ import annotations

from typing import Any

from ...engine.chance import Chance
from ...engine.errors import ChanceScriptError
from .board import GREEN_CITY, RED
from .components import IMMEDIATE, Components, card_code
from .constants import CARDS, CUBES, GARRISON, HAND_LIMIT, MARKERS, MOTIVATION_START
from .eventlog import EventLog
from .state import ZkState
from .tower import make_tower

# the chance events of the setup, in the order ZK-S10 draws them
KNIGHTS, START_PLAYER, RED_TILES, GREEN_TILES = (
    "knights",
    "start player",
    "red tiles",
    "green tiles",
)
DECK, DEAL_RESHUFFLE = "deck", "deck after the deal"


def _shuffle(chance: Chance, event: str, items: list[Any]) -> None:
    """A setup shuffle; a scripted order that does not fit is the script's error."""
    try:
        chance.shuffle(event, items)
    except ValueError as exc:
        raise ChanceScriptError(f"chance event {event!r}: {exc}") from None


def _knights_and_start(state: ZkState, comp: Components, options: dict[str, Any]) -> None:
    """ZK-S2, ZK-S3."""
    chance, players = state.chance, state.players
    assignment = options["knight_assignment"]
    if assignment == "random":
        ids = list(comp.knight_ids)
        _shuffle(chance, KNIGHTS, ids)
        state.knights = ids[:players]
    else:
        state.knights = list(assignment)
    start = options["start_player"]
    if start == "random":
        try:
            start = chance.below(START_PLAYER, players)
        except ValueError as exc:
            raise ChanceScriptError(f"chance event {START_PLAYER!r}: {exc}") from None
    state.start_player = state.active = start


def _tiles(state: ZkState, comp: Components) -> None:
    """ZK-S6: each colour's values, ascending, shuffled onto its cities in map order."""
    board = comp.board
    state.tile = [-1] * len(board.cities)
    for kind, values, event in (
        (RED, comp.red_values, RED_TILES),
        (GREEN_CITY, comp.green_values, GREEN_TILES),
    ):
        vals = list(values)
        _shuffle(state.chance, event, vals)
        for city, value in zip((c for c in board.cities if c.kind == kind), vals, strict=True):
            state.tile[city.index] = value
    state.plundered_by = [-1] * len(board.cities)


def _tableaus(state: ZkState, comp: Components) -> None:
    """ZK-S4, ZK-S5, ZK-S7: the players' tableaus, pawns, the units and the board."""
    players = state.players
    knights = [comp.knight(k) for k in state.knights]
    state.army = [k.troops for k in knights]
    state.supply = [CUBES - k.troops for k in knights]
    state.treasure = [k.treasure for k in knights]
    state.motivation = [MOTIVATION_START] * players
    state.markers = [MARKERS] * players
    state.pawn = [k.start_cell for k in knights]
    state.origin = [-1] * players
    state.hands = [[] for _ in range(players)]
    state.green_tiles = [[] for _ in range(players)]
    state.red_tiles = [[] for _ in range(players)]
    state.units = [u.start_cell for u in comp.units]
    state.garrison = GARRISON
    state.sieges = state.siege_round = state.exhaustions = 0
    state.turn = 1
    state.discard = []
    state.set_aside = []


def _deal(state: ZkState, comp: Components) -> None:
    """ZK-S8, ZK-S9: shuffle the deck; deal 5 each in turn order from the start player,
    setting immediate events aside and replacing them; shuffle those back in."""
    pile = list(range(len(comp.cards)))
    _shuffle(state.chance, DECK, pile)
    state.draw_pile = pile
    cards = comp.cards
    for _ in range(HAND_LIMIT):
        for i in range(state.players):
            seat = (state.start_player + i) % state.players
            while True:
                card = pile.pop()
                if cards[card].kind == IMMEDIATE:
                    state.set_aside.append(card)
                    continue
                state.hands[seat].append(card)
                break
    for hand in state.hands:
        hand.sort()
    if state.set_aside:
        pile.extend(state.set_aside)
        _shuffle(state.chance, DEAL_RESHUFFLE, pile)


def new_state(players: int, seed: int, options: dict[str, Any]) -> ZkState:
    """A new game, set up as ZK-S10 orders it."""
    state = ZkState.blank(players, seed, options)
    comp = state.comp
    _knights_and_start(state, comp, options)
    _tiles(state, comp)
    _tableaus(state, comp)
    params = options["tower_params"]
    state.tower = make_tower(
        options["tower_model"],
        None if params == "default" else params,
        options["tower_shelf_memory"],
        state.chance,
    )
    state.decide(CARDS, state.active)
    state.fight = None
    state.secret = None
    state.two_step = -1
    state.symbol = ""
    state.winner_seats = []
    state.end_reason_code = ""
    state.events = EventLog()
    state.forget_legal()
    _deal(state, comp)
    state.log_event(
        {
            "type": "setup",
            "knights": list(state.knights),
            "start_player": state.start_player,
            "set_aside": [card_code(c) for c in state.set_aside],
        }
    )
    return state
