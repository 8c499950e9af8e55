"""A turn of Medina (MD-R13, MD-R15 to MD-R21, MD-R52, MD-R58, MD-R59): the active seat
places up to two pieces of its supply, each where its rules allow; then the next seat
that can place takes its turn, and the game ends when nobody can.

``Turn`` is the phase of the decision ``"turn"``: its legal list in MD-R21 order, why an
action is refused (the piece's own rules say it), and applying a placement."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.decision import Decision, Phase
from ...engine.errors import IllegalAction
from ...engine.i18n import N_
from . import buildings, merchants, roofs, stables, tea, walls
from .actions import DISCARD_TEA, KINDS, MedinaAction
from .cells import MERCHANTS, NEUTRAL_ROOFS, OVER, ROOF_PIECE, ROOFS, STABLES, START, TURN, WALLS
from .explain import Forbidden

if TYPE_CHECKING:
    from .state import MedinaState

DECISION_RULES = {START: "MD-R14", TURN: "MD-R13"}
# the decisions there are, made once: (phase, seat) -> Decision (they are immutable)
_DECISIONS = {
    (phase, seat): Decision(phase, (seat,), rule)
    for phase, rule in DECISION_RULES.items()
    for seat in range(4)
}


def decide(st: MedinaState) -> None:
    """Note whose decision it is now (the state's ``decision()`` reads it)."""
    st.decided = None if st.phase == OVER else _DECISIONS[(st.phase, st.active)]


def must_roof(st: MedinaState, seat: int) -> bool:
    """MD-R59 (option ``last_player_must_roof``), checked before the second placement of a
    quota-2 turn: (a) the first placement was no own-colour roof, (b) nobody else can place
    any more, (c) a roof of the seat can go somewhere."""
    if not st.options["last_player_must_roof"] or st.quota != 2:
        return False
    if st.turn_placements != 1 or st.pieces[-1][1] == ROOF_PIECE:
        return False  # (a)
    if not (st.supply[seat][ROOFS] and roofs.targets(st, seat)):
        return False  # (c)
    return not any(st.has_placement(o) for o in range(st.players) if o != seat)  # (b)


def cell_of(st: MedinaState, action: MedinaAction) -> tuple[int, Forbidden | None]:
    """The cell an action names, or why it names none (MD-R1)."""
    x, y = action.x, action.y
    if type(x) is int and type(y) is int and st.board.on_board(x, y):
        return st.board.cell(x, y), None
    return -1, Forbidden(N_("{cell} is not a square of the board"), "MD-R1", cell=f"({x},{y})")


def not_an_action(st: MedinaState, action: Any) -> IllegalAction | None:
    """An object that is no Medina action at all (the engine's own words)."""
    if type(action) is not MedinaAction:
        return IllegalAction(f"{action!r} is not an action of {st.game.name}")
    if action.kind not in KINDS:
        kinds = ", ".join(KINDS)
        return IllegalAction(f"unknown action kind {action.kind!r}; the kinds are {kinds}")
    return None


class Turn(Phase):
    """MD-R16: one placement of the active seat's turn (or MD-R58's tea discard)."""

    kind = TURN

    def legal(self, state: Any, seat: int) -> list[Action]:
        """Every placement of ``seat`` in MD-R21 order: kind, colour, then cell."""
        st: MedinaState = state
        cell_action = st.acts.cell_action
        if must_roof(st, seat):
            table = cell_action["roof"]
            return [table[c] for c in sorted(map(st.canonical_cell, roofs.targets(st, seat)))]
        s = st.supply[seat]
        out: list[Action] = []
        for colour in range(4):
            if s[colour]:
                table = st.acts.build[colour]
                out.extend([table[c] for c in buildings.cells(st, colour)])
        if s[ROOFS]:
            table = cell_action["roof"]
            out.extend([table[c] for c in sorted(map(st.canonical_cell, roofs.targets(st, seat)))])
        if s[NEUTRAL_ROOFS]:
            table = cell_action["neutral_roof"]
            out.extend([table[c] for c in sorted(map(st.canonical_cell, st.unclaimed))])
        if s[STABLES] and st.exp_cells:
            table = cell_action["stable"]
            out.extend([table[c] for c in st.exp_cells])
        if s[MERCHANTS]:
            table = cell_action["merchant"]
            out.extend([table[c] for c in merchants.cells(st)])
        if s[WALLS] and st.wall_legal:
            table = cell_action["wall"]
            out.extend([table[c] for c in sorted(st.wall_legal)])
        if tea.discard_legal(st, seat, bool(out)):
            out.append(DISCARD_TEA)
        return out

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        """Why ``seat`` may not make ``action`` in this turn, by the rules of its piece."""
        st: MedinaState = state
        wrong = not_an_action(st, action)
        if wrong is not None:
            return wrong
        assert isinstance(action, MedinaAction)
        kind = action.kind
        if kind == "discard_tea":
            return tea.refuse_discard(st, seat, must_roof(st, seat))
        c, off_board = cell_of(st, action)
        if off_board is not None:
            return off_board
        if kind == "start_merchant":
            return Forbidden(N_("the start merchant is already on the board"), "MD-R14")
        if kind != "roof" and must_roof(st, seat):
            return Forbidden(tea.MUST_ROOF, "MD-R59")
        if kind == "build":
            return buildings.refuse(st, seat, c, action)
        if kind == "roof" or kind == "neutral_roof":
            return roofs.refuse(st, seat, c, kind == "neutral_roof")
        if kind == "stable":
            return stables.refuse(st, seat, c)
        if kind == "merchant":
            return merchants.refuse(st, seat, c)
        return walls.refuse(st, seat, c)

    def apply(self, state: Any, seat: int, action: Action) -> None:
        st: MedinaState = state
        assert isinstance(action, MedinaAction)
        kind = action.kind
        if kind == "discard_tea":
            tea.discard(st, seat)
            end_turn(st)
            return
        c = st.board.cell(action.x, action.y)
        if kind == "build":
            buildings.place(st, seat, c, action)
        elif kind == "roof" or kind == "neutral_roof":
            roofs.place(st, seat, c, kind == "neutral_roof")
        elif kind == "stable":
            stables.place(st, seat, c)
        elif kind == "merchant":
            merchants.place(st, seat, c)
        else:
            walls.place(st, seat, c)
        st.turn_placements += 1
        if st.turn_placements >= st.quota or not st.has_placement(seat):
            end_turn(st)  # MD-R18


def end_turn(st: MedinaState) -> None:
    st.first_turn_done[st.active] = True
    begin_turn(st, (st.active + 1) % st.players)


def begin_turn(st: MedinaState, seat: int) -> None:
    """MD-R20 end check, then MD-R19 automatic passes, then the turn with its quota."""
    if not any(st.has_placement(s) for s in range(st.players)):
        st.phase = OVER
        decide(st)
        st.events.append({"type": "end", "winners": st.winners()})
        return
    while not st.has_placement(seat):
        st.events.append({"type": "pass", "seat": seat})
        seat = (seat + 1) % st.players
    st.active = seat
    st.phase = TURN
    st.turn_placements = 0
    st.quota = opening_quota(st, seat)
    decide(st)


def opening_quota(st: MedinaState, seat: int) -> int:
    """MD-R15, MD-R52: two pieces a turn, but one in the 2nd edition's opening turns of
    seat 0 (and of seat 1 with 3 or 4 players)."""
    opening = (0,) if st.players == 2 else (0, 1)
    if st.edition == 2 and not st.first_turn_done[seat] and seat in opening:
        return 1
    return 2
