"""What every decision of Im Zeichen des Kreuzes shares (``engine.decision.Phase``): the
legal actions are kept once listed (``ZkState.legal_now``), an action is
legal exactly when it is in that list, and a refused action gets the reason of the phase
whose decision is pending, with its rule.

A phase names the action kinds it takes (``accepts``), lists the legal actions
(``listed``), says why one it does not list is refused (``reason``, in the reader's
language) and plays a legal one (``act``)."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine.action import Action
from ...engine.decision import Phase
from ...engine.errors import IllegalAction
from ...engine.i18n import Catalog
from .actions import ZkAction
from .catalog import catalog
from .refusals import Found, edition_of, mismatch, not_possible

if TYPE_CHECKING:
    from .state import ZkState


class ZkPhase(Phase):
    """One kind of decision (``Decision.kind``) and its rules."""

    accepts: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def listed(self, state: ZkState) -> list[ZkAction]:
        """Every legal action of the decider, in a fixed order."""

    @abstractmethod
    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        """Play ``action``, which is legal."""

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        """Why ``action`` (of a kind this phase takes, not listed) is refused, if a check
        can name it precisely; ``None`` gives the general reason."""
        return None

    # -- the kernel's Phase ----------------------------------------------------------------
    def legal(self, state: Any, seat: int) -> list[Action]:
        # listed anew each time (a caller may have edited the position by hand) and kept
        # for the explain and apply that usually follow
        legal = state._legal = self.listed(state)
        return list(legal)

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        # the list is made at most once per position, and bots and players ask for it
        # before they act, so the membership test is the fast check, and it agrees with the
        # list by construction
        if action in state.legal_now():
            return None
        return IllegalAction(*self.why(state, seat, action, catalog("en")))

    def apply(self, state: Any, seat: int, action: Action) -> None:
        assert isinstance(action, ZkAction)
        state.forget_legal()  # the position changes: the list kept for it is stale
        self.act(state, seat, action)

    def why(self, state: ZkState, seat: int, action: Any, _: Catalog) -> tuple[str, str | None]:
        """The reason, in the catalog's language, why the decider may not take
        ``action``, which is not in the legal list, and the rule."""
        if not isinstance(action, ZkAction):
            return _("That is not a move of Im Zeichen des Kreuzes"), None
        with edition_of(state):
            if action.kind not in self.accepts:
                return mismatch(self.kind, action, _)
            found = self.reason(state, seat, action, _)
            return found if found is not None else not_possible(action, _)
