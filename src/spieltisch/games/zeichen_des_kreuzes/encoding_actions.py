"""The action space of the numeric encoding (``encoding``): every action any game of a
configuration can offer, numbered block by block (``ZkEncoding.blocks``). First the actions
without a parameter, then one block per parameterised kind, each card-bound block with one
slot per card id of the edition and each cell-bound block restricted to the cells that kind
can ever reach (a sea card only targets sea cells, an army unit only land outside cities).
Every action is built once per configuration, so encoding and decoding are dictionary and
list look-ups. ``max_game_length`` bounds the moves of any game."""

from __future__ import annotations

from typing import Any

from ...engine.action import Action
from ...engine.errors import IllegalAction
from ...engine.game import State
from . import actions as A
from .actions import ZkAction
from .board import SEA, Board
from .components import FLEET, HELD, IMMEDIATE, MOVEMENT, Components, card_code
from .constants import CUBES, GARRISON, HAND_LIMIT
from .refusals import refusal
from .state import ZkState

# no game of a configuration with turn_limit = none has a finite bound (ZK-W3): this stands
# for "unbounded" and still fits a C int (OpenSpiel's GameInfo)
UNBOUNDED = 2**31 - 1

# the events that are played as a card-phase "event" action, and what they target
_TO_LAND, _TO_SEA, _TARGET = "land", "sea", "seat"
_EVENT_PARAM = {
    "forced_march": _TO_LAND,  # ZK-EV05
    "genoese_ships": _TO_SEA,  # ZK-EV11
    "ambush": _TARGET,  # ZK-EV12
    "mercenaries": "",
    "relic": "",
    "tribute": "",
    "crusade_sermon": "",
}
_SINGLETONS = (
    A.END_CARDS,
    A.STOP_STEPS,
    A.NO_UNIT_MOVE,
    A.FIGHT,
    A.KEEP_TOWER,
    A.empty_tower(),
    A.PRAY,
    A.PLUNDER,
    A.SIEGE,
    A.PASS,
    A.CONTINUE_SIEGE,
    A.STOP_SIEGE,
    A.END_DISCARD,
)


def max_game_length(comp: Components, players: int, turn_limit: Any) -> int:
    """An upper bound on the moves of any game (all seats; chance is not a move).

    Every move belongs to one of three budgets:

    * per turn, at most 7 moves that need no card: end the card phase (ZK-R13), the city
      action (ZK-R25), then either a plunder fight (ZK-R28/29: emptying window, commit,
      retreat; plunder fights have no truce window, ZK-C3) or one siege round against an
      empty garrison (4 moves, and it ends the siege or the game: ZK-E32, ZK-J9), and the
      end of the discard phase (ZK-R33);
    * per card taken from the active player's hand, at most 6 + 4N moves: a discard is 1;
      a movement card is 1 play + a fight at the step (truce, emptying, commit, retreat:
      4, ZK-C3, ZK-C12) + the symbol move (1, ZK-R16) + a fight with each of the N pawns
      the unit may land on (ZK-R22); a two-step event is 1 + 4 + 1 + 4 = 10 <= 6 + 4N;
      an ambush 1 + 4. Cards played in a fight's windows (Truce, Holy Lance, Tower
      shaking) add no move. Hands never grow inside a turn (only drawing adds, ZK-R7), and
      a card enters a hand only at the deal (5 per seat, ZK-S9) or by a draw; every card is
      drawn at most twice, once per pass through the deck, since the game ends at the
      second exhaustion (ZK-R36, ZK-W2, ZK-E30) - so at most 5N + 2H cards ever leave a
      hand, H the edition's cards that can be held (immediate events never are, ZK-R35);
    * siege rounds against a garrison g >= 1: each takes at least 1 green cube away for
      good (ZK-J5, ZK-J6), and the garrison only grows by Saracen reinforcement (+2 per
      draw, ZK-EV03), so there are at most 15 + 2 * 2 * S of them (S Saracen
      reinforcement cards), 4 moves each (emptying window, attack, defence, continue or
      retreat: ZK-J4, ZK-J10).

    The number of turns is bounded only by ``turn_limit`` (ZK-W3, ZK-O10): a player with a
    full hand who plays and discards nothing draws nothing (ZK-R34), so the deck alone
    does not end a game. With ``turn_limit = none`` there is no bound; ``UNBOUNDED`` is
    returned.
    """
    if turn_limit == "none":
        return UNBOUNDED
    held = sum(1 for c in comp.cards if c.kind != IMMEDIATE)
    saracen = sum(1 for c in comp.cards if c.event == "saracen_reinforcement")
    per_card = 6 + 4 * players
    cards_through_hands = HAND_LIMIT * players + 2 * held
    positive_rounds = GARRISON + 2 * 2 * saracen
    return int(turn_limit) * 7 + per_card * cards_through_hands + 4 * positive_rounds


# one block of the action space: its kind, the actions in slot order, what the slots are
Block = tuple[str, list[ZkAction], str]


def _cells(board: Board) -> tuple[list[int], list[int], list[int]]:
    """Every cell, the sea cells and the land cells."""
    cells = list(range(len(board.terrain)))
    return (
        cells,
        [c for c in cells if board.terrain[c] == SEA],
        [c for c in cells if board.terrain[c] != SEA],
    )


def _card_phase_blocks(comp: Components, players: int) -> list[Block]:
    """Movement cards, card-phase events, second steps and unit moves (ZK-R13 to ZK-R16)."""
    board = comp.board
    cells, sea, land = _cells(board)
    # per card terrain (sea, plain, mountain, joker): the cells a step may reach (ZK-R14)
    by_terrain = [[c for c in cells if board.terrain[c] == t] for t in range(3)] + [cells]
    cards = comp.cards
    moves = [A.move(c.id, to) for c in cards if c.kind == MOVEMENT for to in by_terrain[c.terrain]]
    events: list[ZkAction] = []
    for c in cards:
        if c.kind != HELD or c.event not in _EVENT_PARAM:
            continue
        param = _EVENT_PARAM[c.event or ""]
        if param == _TO_LAND:
            events.extend(ZkAction("event", card=c.id, to=to) for to in land)
        elif param == _TO_SEA:
            events.extend(ZkAction("event", card=c.id, to=to) for to in sea)
        elif param == _TARGET:
            events.extend(ZkAction("event", card=c.id, target=s) for s in range(players))
        else:
            events.append(ZkAction("event", card=c.id))
    army_cells = [c for c in land if c not in board.city_at]
    unit_moves = [
        A.move_unit(unit.index, to)
        for unit in comp.units
        for to in (sea if unit.kind == FLEET else army_cells)
    ]
    return [
        ("singletons", list(_SINGLETONS), "one action each, in the order listed"),
        (
            "move",
            moves,
            "movement card x target cell of the card's terrain (joker: any cell), by card "
            "id then cell index (ZK-R14)",
        ),
        (
            "event",
            events,
            "card-phase event card by card id: Forced march x land cell, Genoese ships x "
            "sea cell, Ambush x target seat, others one slot (section 6)",
        ),
        (
            "step",
            [A.step(to) for to in cells],
            "second step of a two-step event to a cell (ZK-EV05, ZK-EV11)",
        ),
        (
            "move_unit",
            unit_moves,
            "neutral unit x cell (fleet: sea cells; army: land cells outside cities) (ZK-R20)",
        ),
    ]


def _later_blocks(comp: Components) -> list[Block]:
    """The fight's windows, the siege, the city and the discard phase."""
    cards = comp.cards
    lances = [c.id for c in cards if c.event == "holy_lance"]
    # see max_game_length: each Saracen reinforcement is drawn at most twice
    saracen = sum(1 for c in cards if c.event == "saracen_reinforcement")
    max_garrison = GARRISON + 2 * 2 * saracen
    recruits = (CUBES + 1) // 2
    return [
        (
            "truce",
            [A.truce(c.id) for c in cards if c.event == "truce"],
            "one per Truce card (ZK-EV09)",
        ),
        (
            "empty_tower",
            [A.empty_tower(c.id) for c in cards if c.event == "tower_shaking"],
            "empty the tower with a Tower shaking card, one per card (ZK-T5, ZK-EV10)",
        ),
        (
            "commit",
            [A.commit(k, lance) for lance in (-1, *lances) for k in range(1, CUBES + 1)],
            f"troops 1..{CUBES} without a Holy Lance, then the same with each Holy Lance "
            "card (ZK-C3, ZK-J4, ZK-EV13)",
        ),
        (
            "defend",
            [A.defend(d) for d in range(max_garrison + 1)],
            f"garrison cubes 0..{max_garrison} (ZK-J5)",
        ),
        (
            "retreat",
            [A.retreat(to) for to in range(len(comp.board.terrain))],
            "retreat to a cell (ZK-C12)",
        ),
        (
            "recruit",
            [A.recruit(k) for k in range(1, recruits + 1)],
            f"treasure paid 1..{recruits} (ZK-R27)",
        ),
        (
            "discard",
            [A.discard(c.id) for c in cards if c.kind != IMMEDIATE],
            "one per holdable card (ZK-R33)",
        ),
    ]


class EncodedActions:
    """The action half of ``ZkEncoding``: the numbered actions and their look-ups."""

    comp: Components
    players: int
    blocks: tuple[tuple[str, int, int, str], ...]
    num_actions: int
    _actions: list[ZkAction]
    _index: dict[Action, int]

    def _build_actions(self) -> None:
        actions: list[ZkAction] = []
        blocks: list[tuple[str, int, int, str]] = []  # kind, first index, size, doc
        for kind, items, doc in _card_phase_blocks(self.comp, self.players) + _later_blocks(
            self.comp
        ):
            blocks.append((kind, len(actions), len(items), doc))
            actions.extend(items)
        self.blocks = tuple(blocks)
        self._actions = actions
        self._index = {a: i for i, a in enumerate(actions)}
        assert len(self._index) == len(actions), "two slots for one action"
        self.num_actions = len(actions)

    def action_index(self, action: Any) -> int:
        index = self._index.get(action)
        if index is None:
            raise IllegalAction(f"{action} is never an action of this configuration")
        return index

    def legal_indices(self, state: State, seat: int) -> list[int]:
        index = self._index
        return sorted(index[a] for a in state.legal_actions(seat))

    def action_from_index(self, state: State, seat: int, index: int) -> ZkAction:
        if not 0 <= index < self.num_actions:
            raise IllegalAction(f"action index {index} is outside 0..{self.num_actions - 1}")
        action = self._actions[index]
        # the state's own (cached) legal list decides; most slots are the same objects the
        # rules hand out, so the membership test mostly compares by identity
        if action not in state.legal_actions(seat):
            assert isinstance(state, ZkState)
            why = refusal(state, seat, action)
            raise IllegalAction(
                f"action index {index} ({action}) is not legal for seat {seat}"
                + ("" if why is None else f": {why.reason}"),
                None if why is None else why.rule,
            )
        return action

    def describe_action(self, index: int) -> str:
        if not 0 <= index < self.num_actions:
            return f"action {index} (outside 0..{self.num_actions - 1})"
        a = self._actions[index]
        board = self.comp.board
        parts = [a.kind]
        if a.card >= 0:
            parts.append(f"{card_code(a.card)} ({self.comp.cards[a.card].label()})")
        if a.amount >= 0:
            parts.append(str(a.amount))
        if a.unit >= 0:
            parts.append(self.comp.units[a.unit].id)
        if a.target >= 0:
            parts.append(f"against seat {a.target}")
        if a.to >= 0:
            x, y = board.xy(a.to)
            city = board.city_at.get(a.to)
            parts.append(f"-> ({x},{y})" + ("" if city is None else f" {board.cities[city].name}"))
        if a.kind == "empty_tower" and a.card < 0:
            parts.append("with a purple marker")
        return " ".join(parts)
