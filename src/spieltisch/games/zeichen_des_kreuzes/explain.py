"""Why an action is illegal: a sentence naming the problem and the rule (bad input gets a
clear error; the state is never changed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ZkAction
from .board import CRETE, GREEN_CITY, JERUSALEM, RED, TERRAIN_NAMES
from .components import HELD, JOKER, MOVEMENT, card_code
from .fight import MIN_COMMIT

if TYPE_CHECKING:
    from .state import ZkState

# the action kinds each decision accepts
ACCEPTS = {
    "cards": ("move", "event", "end_cards"),
    "city": ("pray", "recruit", "plunder", "siege", "pass"),
    "discard": ("discard", "end_discard"),
    "second_step": ("step", "stop_steps"),
    "symbol": ("move_unit", "no_unit_move"),
    "truce": ("truce", "fight"),
    "empty": ("empty_tower", "keep_tower"),
    "commit": ("commit",),
    "attack": ("commit",),
    "defend": ("defend",),
    "retreat": ("retreat",),
    "continue": ("continue_siege", "stop_siege"),
}
DECISION_NAMES = {
    "cards": "card phase",
    "city": "city phase",
    "discard": "discard phase",
    "second_step": "second step of a two-step card",
    "symbol": "symbol move",
    "truce": "Truce window",
    "empty": "tower emptying window",
    "commit": "troop commitment",
    "attack": "secret siege commitment",
    "defend": "garrison commitment",
    "retreat": "retreat",
    "continue": "continue-or-stop decision of the siege",
}
KIND_RULES = {
    "move": "ZK-R13",
    "event": "ZK-R38",
    "end_cards": "ZK-R13",
    "pray": "ZK-R25",
    "recruit": "ZK-R25",
    "plunder": "ZK-R25",
    "siege": "ZK-J1",
    "pass": "ZK-R25",
    "discard": "ZK-R33",
    "end_discard": "ZK-R33",
    "step": "ZK-EV05",
    "stop_steps": "ZK-EV05",
    "move_unit": "ZK-R16",
    "no_unit_move": "ZK-R16",
    "truce": "ZK-EV09",
    "fight": "ZK-C3",
    "empty_tower": "ZK-T5",
    "keep_tower": "ZK-T5",
    "commit": "ZK-C3",
    "defend": "ZK-J5",
    "retreat": "ZK-C12",
    "continue_siege": "ZK-J10",
    "stop_siege": "ZK-J10",
}


def why_illegal(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str | None]:
    decision = state.decision
    if action.kind not in ACCEPTS.get(decision, ()):
        return (
            f"'{action.kind}' is not possible now: this is the "
            f"{DECISION_NAMES.get(decision, decision)} of seat {state.decider}",
            KIND_RULES.get(action.kind),
        )
    check = _CHECKS.get(action.kind)
    if check is not None:
        found = check(state, seat, action)
        if found is not None:
            return found
    return f"{action} is not legal now", KIND_RULES.get(action.kind)


def _hand(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    if action.card not in state.hands[seat]:
        return f"card {card_code(action.card)} is not in your hand", "ZK-H2"
    return None


def _adjacent(state: ZkState, seat: int, to: int, rule: str) -> tuple[str, str] | None:
    board = state.comp.board
    if to not in board.neighbours[state.pawn[seat]]:
        return (
            f"{board.cell_str(to)} is not adjacent to your pawn on "
            f"{board.cell_str(state.pawn[seat])} (8 neighbours)",
            rule,
        )
    return None


def _move(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    found = _hand(state, seat, action)
    if found:
        return found
    card = state.comp.cards[action.card]
    if card.kind != MOVEMENT:
        return f"card {card_code(action.card)} is not a movement card", "ZK-R14"
    found = _adjacent(state, seat, action.to, "ZK-R14")
    if found:
        return found
    board = state.comp.board
    terrain = board.terrain[action.to]
    if card.terrain != JOKER and terrain != card.terrain:
        return (
            f"card {card_code(action.card)} moves onto {TERRAIN_NAMES[card.terrain]} only; "
            f"{board.cell_str(action.to)} is {TERRAIN_NAMES[terrain]}",
            "ZK-R14",
        )
    return None


def _event(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    from .components import EVENT_RULES

    found = _hand(state, seat, action)
    if found:
        return found
    card = state.comp.cards[action.card]
    if card.kind != HELD:
        return f"card {card_code(action.card)} is not a held event card", "ZK-R38"
    event = card.event or ""
    rule = EVENT_RULES[event]
    if event in ("truce", "tower_shaking", "holy_lance"):
        return f"{card.label()} is played only in its window during a fight", "ZK-R38"
    if event in ("forced_march", "genoese_ships") and action.to >= 0:
        found = _adjacent(state, seat, action.to, rule)
        if found:
            return found
    return f"the condition of {card.label()} does not hold now", rule


def _city_action(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    board = state.comp.board
    city = state.city_here(seat)
    if city < 0:
        return "your pawn is not on a city", "ZK-R24"
    info = board.cities[city]
    kind = action.kind
    plundered = state.plundered_by[city] >= 0
    if kind == "plunder":
        if info.kind == CRETE:
            return "Candia (Crete) can never be plundered", "ZK-R31"
        if info.kind == JERUSALEM:
            return "Jerusalem is not plundered; it is besieged", "ZK-R32"
        if plundered:
            return f"{info.name} has already been plundered", "ZK-R28"
        if state.army[seat] < 1:
            return "plundering needs at least 1 troop", "ZK-R28"
        if info.kind == GREEN_CITY:
            return (
                f"you already hold {len(state.green_tiles[seat])} green tiles, the Muslim "
                f"plunder limit with {state.players} players",
                "ZK-R29",
            )
    if kind in ("pray", "recruit"):
        if info.kind in (GREEN_CITY, JERUSALEM):
            return f"{info.name} is a Muslim city: you cannot pray or recruit there", "ZK-R25"
        if plundered:
            return (
                f"{info.name} has been plundered: it is closed to praying and recruiting",
                "ZK-R28",
            )
        if kind == "recruit":
            t, s = state.treasure[seat], state.supply[seat]
            top = min(t, (s + 1) // 2)
            return (
                f"you may recruit for 1..{top} treasure (treasure {t}, supply {s}), "
                f"not {action.amount}",
                "ZK-R27",
            )
    if kind == "siege":
        if info.kind != JERUSALEM:
            return "only Jerusalem can be besieged", "ZK-R32"
        if len(state.green_tiles[seat]) < state.jerusalem_tiles:
            return (
                f"a siege needs {state.jerusalem_tiles} Muslim plunders; you have "
                f"{len(state.green_tiles[seat])}",
                "ZK-J1",
            )
        if state.motivation[seat] < 6:
            return f"a siege needs motivation 6; yours is {state.motivation[seat]}", "ZK-J1"
        if state.army[seat] < 5:
            return f"a siege needs an army of 5; yours is {state.army[seat]}", "ZK-J1"
    if info.kind == RED and plundered:
        return f"{info.name} has been plundered: only PASS is left", "ZK-R25"
    return None


def _commit(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    fight = state.fight
    if fight is None:
        return None
    army = state.army[fight.fighter]
    if state.decision == "attack":
        if action.amount < 5:
            return f"a siege round needs at least 5 troops, not {action.amount}", "ZK-J5"
        if action.amount > army:
            return f"you have only {army} troops", "ZK-J5"
    else:
        low = min(MIN_COMMIT[fight.kind], army)
        if action.amount < low:
            return (
                f"this fight needs a commitment of at least {low}, not {action.amount}",
                "ZK-C3",
            )
        if action.amount > army:
            return f"you have only {army} troops", "ZK-C3"
    if action.card >= 0:
        found = _hand(state, seat, action)
        if found:
            return found
        if state.comp.cards[action.card].event != "holy_lance":
            return f"card {card_code(action.card)} is not a Holy Lance", "ZK-EV13"
        if fight.lance >= 0:
            return "a Holy Lance has already been played in this fight", "ZK-EV13"
    return None


def _defend(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    lo, hi = state.defend_range()
    return (
        f"with a garrison of {state.garrison} the commitment must be {lo}..{hi}, "
        f"not {action.amount}",
        "ZK-J5",
    )


def _empty(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    if state.tower.total() == 0:
        return "the tower is empty", "ZK-E40"
    if action.card < 0:
        return "you have no purple marker left", "ZK-T5"
    found = _hand(state, seat, action)
    if found:
        return found
    return f"card {card_code(action.card)} is not a Tower shaking", "ZK-EV10"


def _retreat(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    board = state.comp.board
    return (
        f"{board.cell_str(action.to)} is not an allowed retreat: choose an adjacent cell "
        "without a neutral unit, land if there is one",
        "ZK-C12",
    )


def _move_unit(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    units = state.comp.units
    if not 0 <= action.unit < len(units):
        return f"there is no neutral unit {action.unit}", "ZK-R16"
    unit = units[action.unit]
    if unit.kind != state.symbol:
        return f"the card's symbol moves a {state.symbol}, not {unit.id}", "ZK-R16"
    if state.units[action.unit] < 0:
        return f"{unit.id} has been removed from the game", "ZK-R18"
    return (
        f"{unit.id} cannot move to {state.comp.board.cell_str(action.to)}: one field, "
        + ("sea only" if unit.kind == "fleet" else "land outside cities only")
        + ", not onto another unit or another unit's start cell",
        "ZK-R20",
    )


def _discard(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    return _hand(state, seat, action)


def _step(state: ZkState, seat: int, action: ZkAction) -> tuple[str, str] | None:
    board = state.comp.board
    event = state.comp.cards[state.two_step].event if state.two_step >= 0 else ""
    rule = "ZK-EV05" if event == "forced_march" else "ZK-EV11"
    found = _adjacent(state, seat, action.to, rule)
    if found:
        return found
    wanted = "land" if event == "forced_march" else "sea"
    return (
        f"the second step must go to an adjacent {wanted} cell, not "
        f"{TERRAIN_NAMES[board.terrain[action.to]]}",
        rule,
    )


_CHECKS = {
    "move": _move,
    "event": _event,
    "pray": _city_action,
    "recruit": _city_action,
    "plunder": _city_action,
    "siege": _city_action,
    "commit": _commit,
    "defend": _defend,
    "empty_tower": _empty,
    "retreat": _retreat,
    "move_unit": _move_unit,
    "discard": _discard,
    "step": _step,
    "truce": _hand,
}
