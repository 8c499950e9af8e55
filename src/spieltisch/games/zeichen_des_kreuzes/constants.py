"""The numbers of the rules (section 2.1) and the decisions a turn asks for (ZK-R11, ZK-C3,
ZK-J4): the bottom of the rules modules, imported by all of them."""

from __future__ import annotations

from ...engine.decision import Decision

CUBES = 30  # ZK-R2: cubes per player
HAND_LIMIT = 5  # ZK-R7
MOTIVATION_START, MOTIVATION_MAX = 10, 20  # ZK-R5
MARKERS = 2  # ZK-T5: purple markers per player
GARRISON = 15  # ZK-S7
JERUSALEM_MOTIVATION = 6  # ZK-J1 (ii)
SIEGE_ARMY = 5  # ZK-J1 (iii), ZK-J5, ZK-J10: the fewest troops a siege round takes
EXHAUSTIONS_MAX = 2  # ZK-R36: the deck runs out twice at most; the second ends the game
MAX_SEATS = 5  # ZK-S1

# the decisions: the phase whose rules apply to the one pending decision
CARDS, CITY, DISCARD = "cards", "city", "discard"  # ZK-R11 phases 1 to 3
SECOND_STEP, SYMBOL = "second_step", "symbol"  # ZK-EV05/ZK-EV11, ZK-R16
TRUCE, EMPTY, COMMIT, RETREAT = "truce", "empty", "commit", "retreat"  # ZK-C3, ZK-C12
ATTACK, DEFEND, CONTINUE = "attack", "defend", "continue"  # ZK-J4, ZK-J10
OVER = "over"  # the game has ended: nobody decides

# the rule that says who decides, per decision (cited when another seat tries to act)
DECISION_RULES = {
    CARDS: "ZK-R13",
    CITY: "ZK-R25",
    DISCARD: "ZK-R33",
    SECOND_STEP: "ZK-EV05",
    SYMBOL: "ZK-R16",
    TRUCE: "ZK-C3",
    EMPTY: "ZK-T5",
    COMMIT: "ZK-C3",
    ATTACK: "ZK-H4",
    DEFEND: "ZK-J3",
    RETREAT: "ZK-C12",
    CONTINUE: "ZK-J10",
}
DECISIONS = (*DECISION_RULES, OVER)
# decisions taken inside a fight (a fight is being resolved exactly then)
FIGHT_DECISIONS = frozenset((TRUCE, EMPTY, COMMIT, ATTACK, DEFEND, RETREAT, CONTINUE))
# decisions of the active player himself (the others: the fighter or the defender)
ACTIVE_DECISIONS = frozenset((CARDS, CITY, DISCARD, SECOND_STEP, SYMBOL, EMPTY, CONTINUE))

# every pending decision as the kernel's Decision, made once (decision() is called at
# every step: a table look-up instead of a new object)
DECISION_TABLE: dict[str, tuple[Decision, ...]] = {
    kind: tuple(Decision(kind, (seat,), rule) for seat in range(MAX_SEATS))
    for kind, rule in DECISION_RULES.items()
}


def draw_limit(motivation: int) -> int:
    """ZK-R6: L(m) = 3 from motivation 4, 2 at 2 or 3, 1 below."""
    if motivation >= 4:
        return 3
    return 2 if motivation >= 2 else 1


def plunder_limit(players: int) -> int:
    """ZK-R29: Muslim plunders allowed per player."""
    return 2 if players == 5 else 3


def jerusalem_tiles(players: int) -> int:
    """ZK-J1 (i): own Muslim plunders needed to besiege Jerusalem."""
    return 1 if players == 5 else 2
