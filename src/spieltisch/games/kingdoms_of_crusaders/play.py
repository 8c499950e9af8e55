"""A turn's play (KC-R12 to KC-R17): the active seat passes when it has nowhere to play,
otherwise draws the top card and plays one card from its hand into one of its available
territories; the resolution step follows (``resolution.py``), then the claim phase
(``claims = manual``, ``claims.py``) or the next seat's turn."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.decision import Phase
from ...engine.errors import IllegalAction
from .actions import PLAY, Move
from .army import DELTA
from .explain import play_phase_reason
from .phases import CLAIM, CLAIM_DECISIONS, PLAY_DECISIONS
from .resolution import resolve
from .symbols import MASK_SYMBOLS

if TYPE_CHECKING:
    from .state import KingdomsState


def begin_turn(state: KingdomsState, seat: int) -> None:
    """Make ``seat`` active: pass automatically while it has nowhere to play (KC-R13),
    otherwise draw (KC-R14) and wait for its play. Under ``claims = manual`` a passing seat
    with a valid claim gets its claim phase (KC-R29, KC-E19)."""
    decided = state.decided
    for _ in range(state.players + 1):
        state.active = seat
        state.drawn = -1
        army = state.armies[seat]  # available territories (KC-R12), as state.available
        state.open_now = [t for t in range(5) if decided[t] is None and len(army[t]) < 4]
        if state.open_now:
            if state.deck:  # always true in a valid configuration (KC-E1)
                card = state.deck.pop()
                insort(state.hands[seat], card)
                state.drawn = card
                state.events.append({"type": "draw", "seat": seat})
            if state.hands[seat]:
                state.phase = PLAY
                state.turn = PLAY_DECISIONS[seat]
                return
        state.events.append({"type": "pass", "seat": seat})
        if state.manual and state.valid_claims(seat):  # KC-R29, KC-E19
            state.phase = CLAIM
            state.turn = CLAIM_DECISIONS[seat]
            return
        seat = (seat + 1) % state.players
    # KC-E2 proves that somebody can always play while a territory is open
    raise AssertionError("every player passed in one round: the state is inconsistent")


def play_card(state: KingdomsState, seat: int, card: int, t: int) -> None:
    """Play ``card`` (an index, in ``seat``'s hand) into territory ``t`` (0-4, open to
    ``seat``); then resolve (KC-R28) and go on to the claim phase or the next turn."""
    state.hands[seat].remove(card)
    state.drawn = -1
    state.play_counter = n = state.play_counter + 1  # the card's play number (KC-R16)
    state.table[seat][t] = (*state.table[seat][t], (card, n))
    army = state.armies[seat][t] = (*state.armies[seat][t], card)
    mask = state.pool.masks[card]
    state.counts[seat][t] += DELTA[mask]
    state.unseen[mask] -= 1  # the card leaves the unseen pool (KC-R26)
    us = state.unseen_symbols
    for s in MASK_SYMBOLS[mask]:
        us[s] -= 1
    if len(army) == 4:
        state.comp[seat][t] = n  # completed (KC-R16)
        state.full[t] += 1
    state.events.append(
        {"type": "play", "seat": seat, "card": state.pool.ids[card], "territory": t + 1, "play": n}
    )
    resolve(state)  # KC-R28
    if state.phase != PLAY:
        return  # the game is over
    if state.manual and state.valid_claims(seat):
        state.phase = CLAIM  # KC-R29
        state.turn = CLAIM_DECISIONS[seat]
        return
    begin_turn(state, (seat + 1) % state.players)


class PlayPhase(Phase):
    """The active seat plays one card of its hand into an available territory (KC-R15)."""

    kind = PLAY

    def legal(self, state: Any, seat: int) -> list[Action]:
        terr, plays = state.open_now, state.plays
        return [plays[card][t] for card in state.hands[seat] for t in terr]

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        # the legal case, checked cheaply; anything else gets its reason with the rule
        if type(action) is Move and action.kind == PLAY:
            t = action.territory
            if (
                type(t) is int
                and t - 1 in state.open_now
                and state.pool.index.get(action.card, -1) in state.hands[seat]
            ):
                return None
        found = play_phase_reason(state, seat, action, "en")
        if found is None:  # both ways of telling agree on what is legal
            raise AssertionError(f"{action} of seat {seat} is legal but was not accepted")
        return IllegalAction(*found)

    def apply(self, state: Any, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        play_card(state, seat, state.pool.index[action.card], action.territory - 1)


PLAY_PHASE = PlayPhase()
