"""Why a square refuses a piece of Medina: the plain-words reasons (with the rule) the
rules give once they know a placement is illegal. They run only for a refused move, so
they may look around the square at leisure; the legality tests themselves are the pieces'
(``buildings.py``, ``stables.py``, ``merchants.py``, ``walls.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import N_
from .board import CITY
from .cells import BUILDING, EMPTY, STABLE, TOWER_PIECE, UNCLAIMED, WALL, WELL
from .explain import Forbidden

if TYPE_CHECKING:
    from .state import MedinaState


def not_an_expansion(state: MedinaState, c: int, p: int, colour: str) -> Forbidden:
    """MD-R23 (MD-R7): why the empty city square ``c`` does not extend palace ``p``."""
    name, palace = state.board.name(c), state.board.name(state.canonical_cell(p))
    beside = any(state.cell_pal[d] == p and state.cellv[d] == BUILDING for d in state.board.n4[c])
    if beside and c in state.no_build:
        return Forbidden(
            N_("no building goes on the 8 squares around the well; {cell} is one of them"),
            "MD-R50",
            cell=name,
        )
    if beside:
        return Forbidden(
            N_(
                "{cell} is next to the {colour} palace at {palace}, but also next to another "
                "palace (diagonally counts): palaces never touch"
            ),
            "MD-R7",
            cell=name,
            colour=colour,
            palace=palace,
        )
    return Forbidden(
        N_(
            "the {colour} palace at {palace} is unfinished, so a {colour} building must "
            "extend it; {cell} is not next to one of its buildings"
        ),
        "MD-R23",
        cell=name,
        colour=colour,
        palace=palace,
    )


def not_a_start_square(state: MedinaState, c: int, colour: int) -> Forbidden:
    """MD-R24 (MD-R9): why the empty city square ``c`` cannot found a new palace."""
    name = state.board.name(c)
    if c in state.no_build:
        return Forbidden(
            N_("no building goes on the 8 squares around the well; {cell} is one of them"),
            "MD-R50",
            cell=name,
        )
    roofed = next(
        (
            state.cell_pal[d]
            for d in state.board.n4[c]
            if state.cellv[d] == BUILDING
            and state.pal_colour[state.cell_pal[d]] == colour
            and state.pal_owner[state.cell_pal[d]] != UNCLAIMED
        ),
        0,
    )
    if roofed:
        return Forbidden(
            N_(
                "the {colour} palace at {palace} has a roof and takes no more buildings; a "
                "new {colour} palace needs a square with no building or stable around it"
            ),
            "MD-R24",
            colour=state.colours[colour],
            palace=state.board.name(state.canonical_cell(roofed)),
        )
    return Forbidden(
        N_(
            "there is no unfinished {colour} palace, so this building founds a new one; it "
            "needs a square with no building or stable on any of the 8 squares around it, "
            "and {cell} has one"
        ),
        "MD-R24",
        cell=name,
        colour=state.colours[colour],
    )


def no_stable_square(state: MedinaState, c: int) -> Forbidden:
    """MD-R29 (MD-R7): why the empty city square ``c`` takes no stable."""
    name = state.board.name(c)
    beside = next((state.cell_pal[d] for d in state.board.n4[c] if state.cellv[d] == BUILDING), 0)
    if beside and c in state.no_build:
        return Forbidden(
            N_("no stable goes on the 8 squares around the well; {cell} is one of them"),
            "MD-R50",
            cell=name,
        )
    if beside:
        return Forbidden(
            N_(
                "{cell} is next to the palace at {palace}, but also next to another palace "
                "(diagonally counts): a stable never joins two palaces"
            ),
            "MD-R29",
            cell=name,
            palace=state.board.name(state.canonical_cell(beside)),
        )
    if any(state.cellv[d] == STABLE for d in state.board.n4[c]):
        return Forbidden(
            N_(
                "a stable must touch a building of its palace, not only a stable; {cell} "
                "touches no building"
            ),
            "MD-R29",
            cell=name,
        )
    return Forbidden(
        N_("a stable goes next to a building of a palace; {cell} is next to none"),
        "MD-R29",
        cell=name,
    )


def not_an_extension(state: MedinaState, c: int) -> Forbidden:
    """MD-R32 (MD-R10): why the empty city square ``c`` does not extend the line."""
    name = state.board.name(c)
    if not state.merch_adj[c]:
        return Forbidden(
            N_(
                "the merchant line can still grow, so a merchant must go next to one of its "
                "two ends; {cell} is not next to the line"
            ),
            "MD-R32",
            cell=name,
        )
    if state.merch_adj[c] > 1:
        return Forbidden(
            N_(
                "{cell} is next to two merchants: the line may not branch or close a loop, it "
                "only grows at its two ends"
            ),
            "MD-R32",
            cell=name,
        )
    return Forbidden(
        N_(
            "{cell} is next to a merchant in the middle of the line: the line only grows at "
            "its two ends"
        ),
        "MD-R32",
        cell=name,
    )


def no_wall_square(state: MedinaState, c: int) -> Forbidden:
    """MD-R34: why ``c`` takes no wall."""
    board, name = state.board, state.board.name(c)
    if board.cls[c] == CITY:
        return Forbidden(
            N_("walls go on the wall ring along the edge; {cell} is a city square"),
            "MD-R34",
            cell=name,
        )
    if state.cellv[c] == TOWER_PIECE:
        return Forbidden(N_("{cell} is a tower"), "MD-R34", cell=name)
    if state.cellv[c] == WALL:
        return Forbidden(N_("{cell} already has a wall"), "MD-R34", cell=name)
    links = sum(1 for d in board.n4[c] if state.cellv[d] in (WALL, TOWER_PIECE))
    if links:
        return Forbidden(
            N_("a wall on {cell} would join two chains: every side keeps a gate open between them"),
            "MD-R34",
            cell=name,
        )
    return Forbidden(
        N_("a wall must join a tower or a wall; {cell} is next to neither"),
        "MD-R34",
        cell=name,
    )


def square_taken(state: MedinaState, c: int, rule: str, ring: str) -> Forbidden | None:
    """Why a piece that goes on an empty city square (MD-R22, MD-R29, MD-R31) may not go on
    ``c``, if it may not: ``ring`` is the reason for a square of the wall ring."""
    name = state.board.name(c)
    if state.board.cls[c] != CITY:
        return Forbidden(ring, rule, cell=name)
    if state.cellv[c] == WELL:
        return Forbidden(N_("{cell} is the well: nothing goes on it"), "MD-R50", cell=name)
    if state.cellv[c] != EMPTY:
        return Forbidden(N_("{cell} is already taken"), rule, cell=name)
    return None
