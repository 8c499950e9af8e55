"""Hidden information (section 8): what each seat may read of the log (ZK-H2), the cards
only one seat knows, and the determinization a bot plays on (ZK-H6): unseen cards, face-down
tiles, another seat's stored commitment and the tower's shelves re-dealt, with fresh
chance."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from ...engine.chance import Chance
from ...engine.simultaneous import SimultaneousChoices
from .actions import ZkAction
from .board import GREEN_CITY, RED
from .components import IMMEDIATE, card_code
from .constants import SIEGE_ARMY

if TYPE_CHECKING:
    from .state import ZkState

JSON = dict[str, Any]


def log_for(state: ZkState, seat: int | None) -> list[JSON]:
    """The log as ``seat`` may read it: a drawn card only for its drawer (ZK-H2)."""
    out = []
    for e in state.events:
        if e["type"] == "draw" and e["seat"] != seat:
            e = {"type": "draw", "seat": e["seat"]}
        out.append(e)
    return out


def private_facts(state: ZkState, seat: int) -> set[str]:
    """The seat's hand cards whose ids were never public. A card that went through the
    discard pile and a reshuffle has a public id (its holder stays private, which the
    resample check covers)."""
    public: set[str] = set()
    for e in state.events:
        if e["type"] == "setup":
            public.update(e["set_aside"])
        elif e["type"] != "draw" and isinstance(e.get("card"), str):
            public.add(e["card"])
    return {card_code(c) for c in state.hands[seat]} - public


def _redeal_cards(state: ZkState, other: ZkState, seat: int | None, rng: random.Random) -> None:
    """ZK-H6 step 1: the cards ``seat`` has not seen, into the other hands (never an
    immediate event) and the draw pile."""
    cards = state.comp.cards
    # one sorted list: the re-deal depends on which cards are unseen, never on where they
    # lie (two worlds the seat cannot tell apart give the same re-deal for the same rng)
    unseen = sorted(
        [c for p in range(state.players) if p != seat for c in state.hands[p]] + state.draw_pile
    )
    immediates = [c for c in unseen if cards[c].kind == IMMEDIATE]
    others = [c for c in unseen if cards[c].kind != IMMEDIATE]
    rng.shuffle(others)
    pos = 0
    for p in range(state.players):
        if p == seat:
            continue
        size = len(state.hands[p])
        other.hands[p] = sorted(others[pos : pos + size])
        pos += size
    pile = immediates + others[pos:]
    rng.shuffle(pile)
    other.draw_pile = pile


def resample(state: ZkState, seat: int | None, rng: random.Random) -> ZkState:
    """ZK-H6: a state consistent with what ``seat`` sees; the hidden facts re-dealt."""
    other = cast("ZkState", state.clone())
    other._moves = None
    other.forget_legal()
    other.chance = Chance(rng.getrandbits(63))
    other.tower = other.tower.clone(other.chance)
    _redeal_cards(state, other, seat, rng)
    board = state.comp.board
    for kind in (RED, GREEN_CITY):  # step 2: face-down tiles
        cities = [
            c.index for c in board.cities if c.kind == kind and state.plundered_by[c.index] < 0
        ]
        values = sorted(state.tile[c] for c in cities)  # the values, not where they lie
        rng.shuffle(values)
        for c, v in zip(cities, values, strict=True):
            other.tile[c] = v
    if state.secret is not None and state.fight is not None:  # step 3
        attacker = state.fight.fighter
        if attacker != seat and state.secret.own_choice(attacker) is not None:
            amount = rng.randint(SIEGE_ARMY, state.army[attacker])
            secret = SimultaneousChoices(state.secret.expected)
            secret.submit(attacker, ZkAction("commit", amount=amount))
            other.secret = secret
    other.tower.resample_hidden(rng)  # step 4
    return other
