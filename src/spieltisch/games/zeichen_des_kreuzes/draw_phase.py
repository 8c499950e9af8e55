"""Phase 4, the draw phase (ZK-R34 to ZK-R36), and the end of the turn (ZK-R12): the
active player draws D cards, immediate events resolve on the way and do not count, the deck
is reshuffled at its first exhaustion and ends the game at its second; then the next seat
takes its turn, unless the game ends (ZK-W2, ZK-W3). Nothing here asks for a decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import IMMEDIATE, card_code
from .constants import CARDS, HAND_LIMIT, draw_limit
from .ending import DECK, TURN_LIMIT, end_game, exhaustion_winners
from .events import immediate

if TYPE_CHECKING:
    from .state import ZkState

RESHUFFLE = "reshuffle"  # the chance event of the first exhaustion (ZK-R36)


def _exhausted(state: ZkState) -> bool:
    """ZK-R36: the draw pile is empty when a card must be drawn. The first time the discard
    pile becomes the new pile; the second time drawing stops (True)."""
    state.exhaustions += 1
    state.log_event({"type": "exhausted", "count": state.exhaustions})
    if state.exhaustions >= 2:
        return True  # the remaining draws are forfeited (ZK-E30)
    state.draw_pile = state.discard
    state.discard = []
    state.chance.shuffle(RESHUFFLE, state.draw_pile)
    if not state.draw_pile:  # ZK-E29: nothing to reshuffle, the second exhaustion follows
        state.exhaustions += 1
        state.log_event({"type": "exhausted", "count": state.exhaustions})
        return True
    return False


def draw(state: ZkState, p: int) -> None:
    """ZK-R34, ZK-R35: draw D = min(L(m), 5 - hand) cards, D fixed now (ZK-E27);
    immediate events resolve and do not count."""
    wanted = min(draw_limit(state.motivation[p]), HAND_LIMIT - len(state.hands[p]))
    got = 0
    cards = state.comp.cards
    while got < wanted:
        if not state.draw_pile and _exhausted(state):
            break
        card = state.draw_pile.pop()
        if cards[card].kind == IMMEDIATE:
            immediate(state, p, card)
            continue
        state.hands[p] = sorted([*state.hands[p], card])  # replaced: clones share hands
        got += 1
        state.log_event({"type": "draw", "seat": p, "card": card_code(card)})


def end_turn(state: ZkState) -> None:
    """ZK-R12, ZK-W2, ZK-W3: the game ends, or the next seat's turn begins."""
    limit = state.options["turn_limit"]
    if state.exhaustions >= 2:
        end_game(state, exhaustion_winners(state), DECK)
        return
    if limit != "none" and state.turn >= limit:
        end_game(state, exhaustion_winners(state), TURN_LIMIT)
        return
    state.turn += 1
    state.active = (state.active + 1) % state.players
    state.origin = [-1] * state.players  # ZK-R10
    state.decide(CARDS, state.active)
    state.log_event({"type": "turn", "seat": state.active, "turn": state.turn})
