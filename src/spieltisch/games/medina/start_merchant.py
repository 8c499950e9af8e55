"""The start merchant of the 1st edition (MD-S1, MD-R14): before any turn, seat 0 puts
the shared start merchant on an inner square (any city square with the option
``start_merchant_anywhere``); the merchant line starts there and seat 0's first turn
follows. The 2nd edition draws it at setup instead (MD-S2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.decision import Phase
from ...engine.errors import IllegalAction
from ...engine.i18n import N_
from . import city
from .actions import MedinaAction
from .board import CITY
from .cells import MERCHANT, START
from .explain import Forbidden
from .turn import begin_turn, cell_of, not_an_action

if TYPE_CHECKING:
    from .state import MedinaState


def squares(st: MedinaState) -> tuple[int, ...]:
    """Where the start merchant may go (MD-R14), ascending."""
    board = st.board
    return board.city_cells if st.options["start_merchant_anywhere"] else board.inner_cells


class StartMerchant(Phase):
    """MD-R14: seat 0 places the start merchant."""

    kind = START

    def legal(self, state: Any, seat: int) -> list[Action]:
        st: MedinaState = state
        table = st.acts.cell_action["start_merchant"]
        return [table[c] for c in squares(st)]

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        st: MedinaState = state
        wrong = not_an_action(st, action)
        if wrong is not None:
            return wrong
        assert isinstance(action, MedinaAction)
        if action.kind != START:
            return Forbidden(
                N_("the game begins with the start merchant: place it on an inner square first"),
                "MD-R14",
            )
        c, off_board = cell_of(st, action)
        if off_board is not None:
            return off_board
        board = st.board
        if board.cls[c] == CITY and (board.inner[c] or st.options["start_merchant_anywhere"]):
            return None
        return Forbidden(
            N_(
                "the start merchant goes on an inner square, one square away from the wall; "
                "{cell} is not one"
            ),
            "MD-R14",
            cell=board.name(c),
        )

    def apply(self, state: Any, seat: int, action: Action) -> None:
        st: MedinaState = state
        assert isinstance(action, MedinaAction)
        c = st.board.cell(action.x, action.y)
        st.time += 1
        city.add_merchant(st, c)
        st.pieces.append((st.time, MERCHANT, c, 0))
        st.note("start_merchant", st.active, c)
        begin_turn(st, 0)
