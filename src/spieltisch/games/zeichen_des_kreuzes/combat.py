"""A fight from its start to its end (ZK-C3): the windows it asks for, the throw, the count,
the cubes, motivation and stakes, and the retreat after a loss; a step onto a neutral unit
starts one (ZK-R15). A Jerusalem round is a fight too (ZK-C1): what its outcome means for
the siege (ZK-J8 to ZK-J11) ends here; the siege's own decisions are in ``jerusalem``.

The decisions inside a fight (truce, emptying, commitment, retreat) are the phases of
``fight_windows``; these functions move the fight on between them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.simultaneous import SimultaneousChoices
from .components import FLEET, card_code
from .constants import ATTACK, COMMIT, CONTINUE, EMPTY, RETREAT, SIEGE_ARMY, TRUCE
from .ending import JERUSALEM, end_game
from .fight import (
    JERUSALEM_ROUND,
    MOTIVATION,
    PLUNDER_CHRISTIAN,
    PLUNDER_MUSLIM,
    UNIT_ARMY,
    UNIT_FLEET,
    Fight,
    fighter_wins,
)
from .movement import retreat_cells
from .papal import reward_if_lost
from .tower import GREEN, ThrowRecord, tally

if TYPE_CHECKING:
    from .state import ZkState

UNIT_FIGHTS = (UNIT_FLEET, UNIT_ARMY)
PLUNDERS = (PLUNDER_MUSLIM, PLUNDER_CHRISTIAN)


def step(state: ZkState, seat: int, to: int, then: tuple[Any, ...]) -> None:
    """ZK-R10, ZK-R15: a step; entering a neutral unit's cell starts a fight. ``then``
    says where play goes on afterwards (``Fight.then``)."""
    state.origin[seat] = state.pawn[seat]
    state.pawn[seat] = to
    unit = state.unit_at(to)
    if unit >= 0:
        start_unit_fight(state, seat, unit, then)
    else:
        state.resume(then, "")


def start_unit_fight(state: ZkState, seat: int, unit: int, then: tuple[Any, ...]) -> None:
    """ZK-R21: ``seat`` fights the neutral unit ``unit`` on its cell (3 greens, ZK-C1)."""
    kind = UNIT_FLEET if state.comp.units[unit].kind == FLEET else UNIT_ARMY
    start_fight(state, Fight(kind, seat, 3, state.units[unit], unit=unit, then=then))


def start_fight(state: ZkState, fight: Fight) -> None:
    """ZK-C3 steps 1 and 2: announce the fight; a unit fight opens the truce window."""
    state.fight = fight
    state.log_event(
        {
            "type": "fight",
            "fight": fight.kind,
            "fighter": fight.fighter,
            "enemy": fight.enemy,
            "cell": state.xy(fight.cell),
            "unit": fight.unit,
            "city": fight.city,
        }
    )
    # the truce window is asked whenever the fighter holds a card, so that skipping it
    # never reveals a hand
    if fight.kind in UNIT_FIGHTS and state.hands[fight.fighter]:
        state.decide(TRUCE, fight.fighter)
        return
    after_truce_window(state)


def after_truce_window(state: ZkState) -> None:
    """ZK-C3 step 3: without troops the fight is lost at once (ZK-C4)."""
    fight = state.fight
    assert fight is not None
    if state.army[fight.fighter] == 0:
        state.log_event({"type": "no_troops", "seat": fight.fighter})
        resolve_fight(state, False, [], automatic=True)
        return
    emptying_window(state)


def emptying_window(state: ZkState) -> None:
    """ZK-T5: before every throw of his turn the active player may empty a non-empty
    tower (asked whenever he could hold the means, so a skip reveals no card)."""
    p = state.active
    if state.tower.total() > 0 and (state.markers[p] > 0 or state.hands[p]):
        state.decide(EMPTY, p)
        return
    after_emptying_window(state)


def after_emptying_window(state: ZkState) -> None:
    """ZK-C3 steps 5 and 6, ZK-J4 steps 2 to 4: the fighter commits (in a siege round
    secretly, then the defender)."""
    fight = state.fight
    assert fight is not None
    if fight.kind == JERUSALEM_ROUND:
        state.secret = SimultaneousChoices((fight.fighter, state.defender()))
        state.decide(ATTACK, fight.fighter)
    else:
        state.decide(COMMIT, fight.fighter)


def holy_lances(state: ZkState, x: int) -> list[int]:
    """ZK-EV13: the Holy Lances ``x`` may play in the current fight (one per fight)."""
    fight = state.fight
    if fight is None or fight.lance >= 0:
        return []
    cards = state.comp.cards
    return [c for c in state.hands[x] if cards[c].event == "holy_lance"]


def take_lance(state: ZkState, seat: int, card: int) -> None:
    """ZK-EV13: the fighter plays a Holy Lance with his commitment."""
    fight = state.fight
    assert fight is not None
    state.play_card(seat, card)
    fight.lance = card
    state.log_event({"type": "lance", "seat": seat, "card": card_code(card)})


def throw(state: ZkState, fight: Fight, n: int, greens: int) -> None:
    """ZK-C3 step 7 / ZK-J4 step 6: throw, count (ZK-C7), compare (ZK-C8), resolve."""
    x = fight.fighter
    fight.committed = n
    state.army[x] -= n
    thrown = [x] * n + [GREEN] * greens
    tray = state.throw(thrown)
    counts = tally(tray)
    # ZK-T6: every throw is logged (cubes in, tray and contents after, by colour)
    record = ThrowRecord.of(thrown, tray, state.tower)
    state.log_event({"type": "throw", "seat": x, **record.to_json()})
    won = fighter_wins(counts[x], counts[GREEN], fight.lance >= 0, state.options["tie_rule"])
    resolve_fight(state, won, counts)


def _move_cubes(state: ZkState, x: int, won: bool, counts: list[int]) -> None:
    """ZK-C9 (a win) and ZK-C10 (a loss): the tray's cubes go home."""
    own, greens = counts[x], counts[GREEN]
    prisoners = 0
    for colour in range(state.players):
        if colour != x:
            state.supply[colour] += counts[colour]
            prisoners += counts[colour]
    if won:
        lost = min(greens, own)
        state.supply[x] += lost
        state.army[x] += own - lost
        state.supply_to_army(x, prisoners)  # liberation, capped by the supply (ZK-E8)
    else:
        state.supply[x] += own


def resolve_fight(state: ZkState, won: bool, counts: list[int], automatic: bool = False) -> None:
    """ZK-C3 step 9: cubes, motivation, stakes (ZK-C13), then the retreat on a loss."""
    fight = state.fight
    assert fight is not None
    x = fight.fighter
    if counts:
        _move_cubes(state, x, won, counts)
    win_delta, loss_delta = MOTIVATION[fight.kind]
    state.motivate(x, win_delta if won else loss_delta)
    fight.outcome = "won" if won else "lost"
    state.log_event({"type": "fight_result", "seat": x, "won": won, "automatic": automatic})
    if fight.kind == JERUSALEM_ROUND and not won:
        _console_lost_siege(state, x)  # ZK-J11: before the retreat
    if won and fight.kind in UNIT_FIGHTS:
        _unit_beaten(state, fight)
    elif won and fight.kind in PLUNDERS:
        _plundered(state, fight)
    elif won and fight.kind == JERUSALEM_ROUND and state.garrison == 0:
        state.log_event({"type": "jerusalem_falls", "seat": x})  # ZK-J9, ZK-W1
        end_game(state, [x], JERUSALEM)
        return
    if not won and retreat(state, x):
        return  # the fighter chooses where to retreat first
    finish_fight(state)


def _unit_beaten(state: ZkState, fight: Fight) -> None:
    """ZK-R23: a beaten unit returns to its start cell; beaten there, it is removed."""
    unit = state.comp.units[fight.unit]
    if state.units[fight.unit] == unit.start_cell:
        state.units[fight.unit] = -1
        state.log_event({"type": "unit_removed", "unit": fight.unit})
    else:
        state.units[fight.unit] = unit.start_cell


def _plundered(state: ZkState, fight: Fight) -> None:
    """ZK-R28, ZK-R29: the tile face up to the plunderer, its value in treasure."""
    x, city = fight.fighter, fight.city
    value = state.tile[city]
    state.plundered_by[city] = x
    state.treasure[x] += value
    held = state.green_tiles if fight.kind == PLUNDER_MUSLIM else state.red_tiles
    held[x] = [*held[x], value]  # replaced, never changed in place: clones share it
    state.log_event({"type": "plundered", "seat": x, "city": city, "value": value})


def _console_lost_siege(state: ZkState, seat: int) -> None:
    """ZK-J2, ZK-J11, ZK-E36: the Pope's consolation for a lost siege no. 1-3."""
    reward = reward_if_lost(state.options, state.sieges)
    if reward:
        state.treasure[seat] += reward
        state.log_event(
            {"type": "papal_reward", "seat": seat, "number": state.sieges, "reward": reward}
        )


def retreat(state: ZkState, x: int) -> bool:
    """ZK-C12: back to the step origin if it holds no unit, else a choice (True when the
    fighter has to make it)."""
    origin = state.origin[x]
    if origin >= 0 and state.unit_at(origin) < 0:
        move_retreat(state, x, origin)
        return False
    cells = retreat_cells(state, x)
    if len(cells) > 1:
        state.decide(RETREAT, x)
        return True
    if cells:
        move_retreat(state, x, cells[0])
    else:
        state.origin[x] = -1  # (c): nowhere to go, the pawn stays
    return False


def move_retreat(state: ZkState, x: int, cell: int) -> None:
    """The retreat itself: not a step, so no fight, and no step origin (ZK-C12)."""
    state.pawn[x] = cell
    state.origin[x] = -1
    state.log_event({"type": "retreat", "seat": x, "to": state.xy(cell)})


def finish_fight(state: ZkState) -> None:
    """After the fight: a won siege round may go on (ZK-J10); otherwise play resumes where
    the fight began (``Fight.then``)."""
    fight = state.fight
    assert fight is not None
    if fight.kind == JERUSALEM_ROUND:
        p = fight.fighter
        if fight.outcome == "won" and state.army[p] >= SIEGE_ARMY:
            state.decide(CONTINUE, p)
            return
        end_siege(state)
        return
    state.fight = None
    state.resume(fight.then, fight.outcome)


def end_siege(state: ZkState) -> None:
    """ZK-J10, ZK-J12: the siege is over; the active player goes on with the discard
    phase."""
    state.log_event({"type": "siege_ends", "seat": state.active})
    state.siege_round = 0
    state.enter_discard_phase()
