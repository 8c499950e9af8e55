"""What a seat sees of a game of The Kingdoms of Crusaders (§6.1, KC-R37): the whole table
and every public count; its own hand and the card it drew; nobody else's hand, no deck order.
The unseen pool is shown as counts per slot string, never as ids, so that a hand's card ids
never appear in another seat's view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .army import key_json, notation
from .deck import TERRITORIES
from .phases import OVER
from .symbols import SLOTS

if TYPE_CHECKING:
    from .state import KingdomsState

JSON = dict[str, Any]


def _territory(state: KingdomsState, t: int) -> JSON:
    """Territory ``t`` (0-4): every seat's army there, its decision, and (``claims =
    manual``) who could claim it now."""
    ids, masks = state.pool.ids, state.pool.masks
    armies = []
    for p in range(state.players):
        idx = state.counts[p][t]
        armies.append(
            {
                "seat": p,
                "cards": [
                    {"card": ids[c], "slots": SLOTS[masks[c]], "play": n}
                    for c, n in state.table[p][t]
                ],
                "army": notation(idx),
                "key": key_json(idx),
                "complete_at": state.comp[p][t] or None,
            }
        )
    d = state.decided[t]
    out: JSON = {
        "territory": t + 1,
        "armies": armies,
        "decided": None
        if d is None
        else {"winner": d[0], "marker": d[1], "method": d[2], "play": d[3]},
    }
    if state.manual and d is None and state.phase != OVER:
        out["claimable_by"] = [p for p in range(state.players) if state.claim_valid(t, p)]
    return out


def view_of(state: KingdomsState, seat: int | None) -> JSON:
    """The view of ``seat`` (``None``: a spectator)."""
    markers = state.markers
    out: JSON = {
        "game": state.game.id,
        "seat": seat,
        "players": state.players,
        "claims": state.options["claims"],
        "stop_when_decided": state.options["stop_when_decided"],
        "phase": state.phase,
        "active": None if state.phase == OVER else state.active,
        "first_player": state.first_player,
        "play_counter": state.play_counter,
        "deck_size": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "territories": [_territory(state, t) for t in range(TERRITORIES)],
        "markers": [list(m) for m in markers],
        "standing": [[len(m), sum(m)] for m in markers],
        "unseen": {SLOTS[m]: n for m, n in enumerate(state.unseen) if n and m},
    }
    if seat is not None:
        ids, masks = state.pool.ids, state.pool.masks
        out["hand"] = [{"card": ids[c], "slots": SLOTS[masks[c]]} for c in state.hands[seat]]
        if seat == state.active and state.drawn >= 0:
            out["drawn"] = ids[state.drawn]
    if state.phase == OVER:
        out["winners"] = state.winners()
    return out
