"""Shared helpers for the rule tests of The Kingdoms of Crusaders.

Positions are built from a hand-written ``data`` section of the public state JSON, so that
the tests depend on the documented schema rather than on private fields. Many rule tests
need a table that no game reaches exactly so (play numbers in any order, a defensive clause
of the rules): ``build`` loads the data as the kernel's declared loader does
(``KingdomsState.load_data``), without the consistency checks ``state_from_json`` adds;
``build(..., checked=True)`` goes through ``state_from_json`` and its checks. The reference
implementations below (army key, claim validity) are written from the rules file (§5.1,
§5.2) and do not use the engine's code."""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import spieltisch
from spieltisch.games.kingdoms_of_crusaders import Claim, EndClaims, KingdomsState, Play

GAME = spieltisch.game("kingdoms-of-crusaders")

__all__ = ["GAME", "Claim", "EndClaims", "KingdomsState", "Play"]

# §2.3, transcribed from the rules file (not from the engine's data file).
SLOTS: dict[str, str] = {
    "K01": "12345", "K02": "12345", "K03": "1234.", "K04": "123.5", "K05": "12.45",
    "K06": "1.345", "K07": ".2345", "K08": "123..", "K09": "12.4.", "K10": "12..5",
    "K11": "1.34.", "K12": "1.3.5", "K13": "1..45", "K14": ".234.", "K15": ".23.5",
    "K16": ".2.45", "K17": "..345", "K18": "12...", "K19": "12...", "K20": "1.3..",
    "K21": "1.3..", "K22": "1..4.", "K23": "1..4.", "K24": "1...5", "K25": "1...5",
    "K26": ".23..", "K27": ".23..", "K28": ".2.4.", "K29": ".2.4.", "K30": ".2..5",
    "K31": ".2..5", "K32": "..34.", "K33": "..34.", "K34": "..3.5", "K35": "..3.5",
    "K36": "...45", "K37": "...45", "K38": "1....", "K39": "1....", "K40": "1....",
    "K41": "1....", "K42": "1....", "K43": "1....", "K44": ".2...", "K45": ".2...",
    "K46": ".2...", "K47": ".2...", "K48": ".2...", "K49": "..3..", "K50": "..3..",
    "K51": "..3..", "K52": "..3..", "K53": "...4.", "K54": "...4.", "K55": "...4.",
    "K56": "....5",
}  # fmt: skip

BASE_IDS: tuple[str, ...] = tuple(SLOTS)


def pool_ids(players: int) -> list[str]:
    """KC-R2: one copy for 2 players, two suffixed copies for 3-4."""
    if players == 2:
        return list(BASE_IDS)
    return [f"{b}-{s}" for s in "AB" for b in BASE_IDS]


def slots_of(card_id: str) -> str:
    return SLOTS[card_id.split("-")[0]]


def card_counts(card_id: str) -> tuple[int, int, int, int, int]:
    s = slots_of(card_id)
    return tuple(0 if ch == "." else 1 for ch in s)  # type: ignore[return-value]


# -- reference army key (§5.1) ----------------------------------------------------------------
def ref_counts(cards: Iterable[str]) -> tuple[int, ...]:
    c = [0] * 5
    for cid in cards:
        for i, ch in enumerate(slots_of(cid)):
            if ch != ".":
                c[i] += 1
    return tuple(c)


@functools.cache
def ref_key(counts: tuple[int, ...]) -> tuple[Any, ...]:
    parts: list[Any] = []
    for size in (4, 3, 2):
        ranks = tuple(sorted((i + 1 for i in range(5) if counts[i] == size), reverse=True))
        parts.append(len(ranks))
        parts.append(ranks)
    return tuple(parts)


def ref_army_key(cards: Iterable[str]) -> tuple[Any, ...]:
    return ref_key(ref_counts(cards))


# base-5 packing used only to make the brute force fast: counts never exceed 4 for 4 cards
_POW5 = (1, 5, 25, 125, 625)


def _pack(counts: Sequence[int]) -> int:
    return sum(c * p for c, p in zip(counts, _POW5, strict=True))


@functools.cache
def _key_of_packed(index: int) -> tuple[Any, ...]:
    c = []
    for _ in range(5):
        index, r = divmod(index, 5)
        c.append(r)
    return ref_key(tuple(c))


@functools.cache
def _packed_card(card_id: str) -> int:
    return _pack(card_counts(card_id))


# -- reading a position from the public state JSON -------------------------------------------
def table_of(state: KingdomsState) -> list[list[list[tuple[str, int]]]]:
    """armies[seat][t0] -> [(card id, play number), ...] from ``to_json``."""
    data = state.to_json()["data"]
    return [[[(c, n) for c, n in army] for army in row] for row in data["armies"]]


def unseen_ids(state: KingdomsState) -> list[str]:
    """KC-R26: the card pool minus the table (hands and deck)."""
    table = {c for row in table_of(state) for army in row for c, _ in army}
    return [c for c in pool_ids(state.players) if c not in table]


def ref_claim_valid(state: KingdomsState, t: int, claimant: int) -> bool:
    """§5.2 reference definition, brute force over (4-k)-subsets of unseen card *ids*."""
    data = state.to_json()["data"]
    if data["decided"][t] is not None:
        return False
    armies = table_of(state)
    mine = armies[claimant][t]
    if len(mine) != 4:
        return False
    K = ref_army_key(c for c, _ in mine)
    n = max(p for _, p in mine)
    U = unseen_ids(state)
    packed_U = [_packed_card(c) for c in U]
    for o in range(state.players):
        if o == claimant:
            continue
        A = armies[o][t]
        if len(A) == 4:
            k_o = ref_army_key(c for c, _ in A)
            if k_o > K or (k_o == K and max(p for _, p in A) < n):
                return False
            continue
        base = _pack(ref_counts(c for c, _ in A))
        r = 4 - len(A)
        for M in itertools.combinations(packed_U, r):
            if _key_of_packed(base + sum(M)) > K:
                return False
    return True


def brute_cost(state: KingdomsState, t: int, claimant: int) -> int:
    """Number of subsets the brute force may have to look at."""
    from math import comb

    armies = table_of(state)
    u = len(unseen_ids(state))
    return sum(
        comb(u, 4 - len(armies[o][t]))
        for o in range(state.players)
        if o != claimant and len(armies[o][t]) < 4
    )


# -- building positions --------------------------------------------------------------------------
Plays = Sequence[tuple[int, str, int]]


def build(
    plays: Plays = (),
    *,
    players: int = 2,
    claims: str = "auto",
    stop: bool = False,
    first_player: int = 0,
    active: int | None = None,
    numbers: Sequence[int] | None = None,
    hands: dict[int, Sequence[str]] | None = None,
    hand_sizes: Sequence[int] | None = None,
    decided: dict[int, tuple[int, int, str, int]] | None = None,
    deck_top: Sequence[str] = (),
    phase: str = "play",
    drawn: str | None = None,
    deck: Any = None,
    events: list[dict[str, Any]] | None = None,
    checked: bool = False,
) -> KingdomsState:
    """A state built from a list of plays ``(seat, card id, territory 1-5)``.

    Play numbers are 1, 2, ... in list order unless ``numbers`` gives them. ``active`` defaults
    to the seat after the last play (strict alternation from ``first_player``); the active seat
    holds 6 cards (it has drawn), the others 5, unless ``hand_sizes`` says otherwise. Hands are
    filled with the lowest unused ids; the deck holds the rest, ``deck_top`` first (top).
    ``decided`` maps territory (1-5) to (winner, marker, method, play)."""
    options: dict[str, Any] = {
        "claims": claims,
        "stop_when_decided": stop,
        "first_player": first_player,
    }
    if deck is not None:
        options["deck"] = deck
    fresh = GAME.new_game(players, 0, options)
    obj = fresh.to_json()
    # the ids of a custom deck are K01, K02, ... (§2.4); read them from a fresh state's JSON
    ids = pool_ids(players) if deck is None else _all_ids(obj)
    plays = list(plays)
    if numbers is None:
        numbers = list(range(1, len(plays) + 1))
    assert len(numbers) == len(plays)
    armies: list[list[list[list[Any]]]] = [[[] for _ in range(5)] for _ in range(players)]
    used: list[str] = []
    for (seat, cid, t), n in sorted(zip(plays, numbers, strict=True), key=lambda x: x[1]):
        armies[seat][t - 1].append([cid, n])
        used.append(cid)
    if active is None:
        active = (first_player + len(plays)) % players
    sizes = list(hand_sizes) if hand_sizes is not None else [5] * players
    if hand_sizes is None and phase == "play":
        sizes[active] = 6
    hands_out = [list((hands or {}).get(p, ())) for p in range(players)]
    used += [c for h in hands_out for c in h] + list(deck_top)
    assert len(used) == len(set(used)), "a card is used twice in the position"
    taken = set(used)
    rest = [c for c in ids if c not in taken]
    for p in range(players):
        while len(hands_out[p]) < sizes[p]:
            hands_out[p].append(rest.pop(0))
    decided_json: list[Any] = [None] * 5
    for t1, (w, m, method, play) in (decided or {}).items():
        decided_json[t1 - 1] = {"winner": w, "marker": m, "method": method, "play": play}
    obj["data"] = {
        "deck": list(deck_top) + rest,
        "hands": hands_out,
        "armies": armies,
        "decided": decided_json,
        "play_counter": len(plays),
        "active": active,
        "phase": phase,
        "first_player": first_player,
        "drawn": drawn,
        "events": events or [],
    }
    obj["moves"] = []
    if checked:
        state = GAME.state_from_json(obj)
    else:
        state = KingdomsState.load_data(players, 0, obj["options"], obj["data"])
    assert isinstance(state, KingdomsState)
    return state


def _all_ids(obj: dict[str, Any]) -> list[str]:
    data = obj["data"]
    ids = list(data["deck"]) + [c for h in data["hands"] for c in h]
    return sorted(ids)


def snapshot(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def hand_ids(state: KingdomsState, seat: int) -> list[str]:
    return list(state.to_json()["data"]["hands"][seat])


def deck_ids(state: KingdomsState) -> list[str]:
    """The deck, top card first."""
    return list(state.to_json()["data"]["deck"])


def decided_of(state: KingdomsState, t1: int) -> dict[str, Any] | None:
    d: dict[str, Any] | None = state.to_json()["data"]["decided"][t1 - 1]
    return d


def events_of(state: KingdomsState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.log(None) if e["type"] == kind]


def steps(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    policy_seed: int | None = None,
) -> Iterator[tuple[KingdomsState, int, Any]]:
    """Play a seeded game with uniformly random legal actions, yielding ``(state, seat,
    action)`` before each action is applied (the same state object throughout)."""
    state = GAME.new_game(players, seed, options or {})
    assert isinstance(state, KingdomsState)
    rng = random.Random(seed if policy_seed is None else policy_seed)
    while not state.is_over():
        (seat,) = state.actors()
        action = rng.choice(state.legal_actions(seat))
        yield state, seat, action
        state.apply(seat, action)


def random_game(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    policy_seed: int | None = None,
    on_step: Any = None,
) -> KingdomsState:
    """The final state of ``steps``; ``on_step(state, seat, action)`` runs before each action."""
    state = None
    for state, seat, action in steps(players, seed, options, policy_seed=policy_seed):
        if on_step is not None:
            on_step(state, seat, action)
    assert state is not None and state.is_over()  # the generator applied the last action
    return state


def view_army(state: KingdomsState, t1: int, seat: int) -> dict[str, Any]:
    """The public description of ``seat``'s army in territory ``t1`` (spectator view)."""
    army: dict[str, Any] = state.view(None)["territories"][t1 - 1]["armies"][seat]
    return army


def view_key(state: KingdomsState, t1: int, seat: int) -> tuple[Any, ...]:
    """The army key shown in the public view, as a tuple ``(nR, tR, nB, tB, nC, tC)``."""
    k = view_army(state, t1, seat)["key"]
    return (k[0], tuple(k[1]), k[2], tuple(k[3]), k[4], tuple(k[5]))
