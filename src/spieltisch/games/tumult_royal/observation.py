"""The flat observation of one seat (TR-H2, TR-H3), written into the slices of a
``Layout`` from the table's own fields (not ``view()``, which is far slower).

Most steps are grab ticks, which change neither the landscape nor the public table, so those
two parts are kept per table object and reused while their inputs compare equal; a tick then
costs one list concatenation and the writes of the tick part."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .encoding_layout import CHOICE_KINDS, LAST_TICK_KINDS, Layout
from .table import BUILD, GRAB, POOL, START, Table

_MEMO_LIMIT = 256  # tables whose cached parts are kept
LAST_TICK_COL = {a: i for i, a in enumerate(LAST_TICK_KINDS)}
CHOICE_COL = {a: i for i, a in enumerate(CHOICE_KINDS)}


def observe(enc: Layout, st: Table, seat: int | None) -> list[float]:
    """The observation vector of ``seat`` (``None``: a spectator)."""
    memo = _memo(enc, st)
    cached_plane: list[float] = memo[2]
    cached_rest: list[float] = memo[10]
    obs = cached_plane + cached_rest
    obs[enc.o_observer + (enc.players if seat is None else seat)] = 1.0
    _turn(enc, st, obs)
    held = _slots(enc, st, obs)
    _faces(enc, st, seat, obs, held)
    if st.phase == GRAB:
        _tick(enc, st, seat, obs)
    return obs


def _memo(enc: Layout, st: Table) -> list[Any]:
    """The landscape plane and the rest of the vector with its public table part filled in
    and the tick part zero, memoised per table object (found by id, valid only while its
    inputs compare equal: list ==, no hashing)."""
    memo = enc._memo.get(id(st))
    if memo is None:
        if len(enc._memo) >= _MEMO_LIMIT:
            enc._memo.clear()
        memo = enc._memo[id(st)] = [[], [], [], (), [], [], [], [], [], [], []]
    codes, owner = st.codes, st.owner
    if memo[1] != owner or memo[0] != codes:
        if memo[0] == codes:  # statues were placed: patch the fields that changed
            plane = memo[2].copy()
            w, k1 = enc.field_width, len(enc.code_col)
            for f, (old, new) in enumerate(zip(memo[1], owner, strict=True)):
                if old != new:
                    if old >= 0:
                        plane[f * w + k1 + old] = 0.0
                    if new >= 0:
                        plane[f * w + k1 + new] = 1.0
        else:
            plane = fields_plane(enc, codes, owner)
        memo[0:3] = [codes.copy(), owner.copy(), plane]
    head = (st.phase, st.round, st.built, len(st.aside))
    if (
        memo[3] != head
        or memo[4] != st.followers
        or memo[5] != st.reserve
        or memo[6] != st.grace
        or memo[7] != st.rank
        or memo[8] != st.chronicle
        or memo[9] != st.demand
    ):
        memo[3:] = [
            head,
            st.followers.copy(),
            st.reserve.copy(),
            st.grace.copy(),
            st.rank.copy(),
            st.chronicle.copy(),
            st.demand.copy(),
            public_table(enc, st),
        ]
    return memo


def _turn(enc: Layout, st: Table, obs: list[float]) -> None:
    """Whose turn (TR-S7, TR-G6, TR-R15) and each seat's grab state (TR-G5, TR-G11)."""
    phase = st.phase
    if phase == GRAB:
        obs[enc.o_tick + st.tick] = 1.0
        for s in st.actors():
            obs[enc.o_actors + s] = 1.0
    elif phase in (START, BUILD):
        obs[enc.o_actors + st.actor()] = 1.0
    hand, done = st.hand, st.done
    o_done, o_hand = enc.o_done, enc.o_hand
    for s in range(enc.players):
        if done[s]:
            obs[o_done + s] = 1.0
        if hand[s] >= 0:
            obs[o_hand + s] = 1.0


def _slots(enc: Layout, st: Table, obs: list[float]) -> list[int]:
    """TR-G4, TR-G11: the slots written one by one (a Python loop over the 27 slots is
    cheaper here than any list-level trick); returns the tiles each seat kept."""
    P = enc.players
    o, sw = enc.o_slots, enc.slot_width
    held = [0] * P
    for s, p in enumerate(st.slot_taker):
        if p >= 0:
            obs[o + s * sw + 1 + P + p] = 1.0
            held[p] += 1
        else:
            obs[o + s * sw] = 1.0
    for p, s in enumerate(st.hand):
        if s >= 0:
            obs[o + s * sw] = 0.0
            obs[o + s * sw + 1 + p] = 1.0
    return held


def _faces(enc: Layout, st: Table, seat: int | None, obs: list[float], held: list[int]) -> None:
    """What the observer knows of the faces (TR-G12, TR-R7, TR-R29), what it cannot place,
    and the tiles each seat holds."""
    kind, fk, loc = enc.tile_kind, enc.nfaces, st.loc
    o_faces, o_hold = enc.o_slot_faces, enc.o_holdings
    if st.revealed or st.phase == START:
        # every face but the set-aside ones is public (TR-R7; the whole set at setup)
        for s, t in enumerate(st.slot_tile):
            obs[o_faces + s * fk + kind[t]] = 1.0
        o_pool = enc.o_pool
        held = [0] * enc.players
        for t, where in enumerate(loc):
            if where >= 0:
                obs[o_hold + where * fk + kind[t]] += 1.0
                held[where] += 1
            elif where == POOL:
                obs[o_pool + kind[t]] += 1.0
        unseen = [0] * fk  # only the set-aside faces stay unseen
        for t in st.aside:
            unseen[kind[t]] += 1
    else:
        # before the reveal: the observer's memory and carried tiles (keep_goods) only
        unseen = enc.kind_totals.copy()
        taker, slot_tile = st.slot_taker, st.slot_tile
        if seat is not None:
            for s in st.memory[seat]:
                k = kind[slot_tile[s]]
                obs[o_faces + s * fk + k] = 1.0
                unseen[k] -= 1
                if taker[s] >= 0:
                    obs[o_hold + taker[s] * fk + k] += 1.0
        if enc.keep_goods:
            for t, c in enumerate(st.carried):
                if c:
                    k = kind[t]
                    obs[o_hold + loc[t] * fk + k] += 1.0
                    unseen[k] -= 1
                    held[loc[t]] += 1
    o = enc.o_held
    obs[o : o + enc.players] = map(float, held)
    o = enc.o_unseen
    obs[o : o + fk] = map(float, unseen)


def _tick(enc: Layout, st: Table, seat: int | None, obs: list[float]) -> None:
    """The last tick's resolved choices (TR-G8, TR-G11) and the observer's own pending
    choice (TR-G6)."""
    o, lw = enc.o_last_tick, len(LAST_TICK_KINDS)
    for e in st.last_tick:
        a = e["action"]
        col = (0 if e.get("won") else 1) if a == "peek" else LAST_TICK_COL[a]
        obs[o + e["seat"] * lw + col] = 1.0
    if seat is not None:
        mine = st.pending.get(seat)
        if mine is not None:
            o = enc.o_choice
            obs[o + CHOICE_COL[mine.kind]] = 1.0
            if mine.kind == "peek":
                obs[o + len(CHOICE_KINDS) + mine.slot] = 1.0


def public_table(enc: Layout, st: Table) -> list[float]:
    """Everything after ``fields``: the public table (``options`` to ``set_aside``,
    TR-H2) filled in, ``observer`` and the tick part left 0."""
    P, r0 = enc.players, enc.o_observer  # r0: where this part starts in the vector
    obs = [0.0] * (enc.observation_size - r0)
    o = enc.o_options - r0
    obs[o : o + 3] = enc.options_part
    obs[enc.o_phase - r0 + enc.phase_col[st.phase]] = 1.0
    obs[enc.o_round - r0 + st.round] = 1.0
    o, cols, nv = enc.o_demand - r0, enc.demand_col, len(enc.demand_col) + 1
    for g, d in enumerate(st.demand):
        obs[o + g * nv + (cols[d] if d else 0)] = 1.0
    o = enc.o_chronicle - r0
    for i, (king, n) in enumerate(st.chronicle):
        obs[o + i * P + king] = float(n)
    o = enc.o_rank - r0
    for r, s in enumerate(st.rank):
        obs[o + s * P + r] = 1.0
    o = enc.o_followers - r0
    obs[o : o + P] = map(float, st.followers)
    o = enc.o_reserve - r0
    obs[o : o + P] = map(float, st.reserve)
    o = enc.o_grace - r0
    obs[o : o + P] = map(float, st.grace)
    obs[enc.o_built - r0] = float(st.built)
    obs[enc.o_aside - r0] = float(len(st.aside))
    return obs


def fields_plane(enc: Layout, codes: Sequence[str], owner: Sequence[int]) -> list[float]:
    """The ``fields`` slice: per field a terrain one-hot, then an owner one-hot."""
    w, k1, col = enc.field_width, len(enc.code_col), enc.code_col
    plane = [0.0] * (enc.fields * w)
    for f, code in enumerate(codes):
        plane[f * w + col[code]] = 1.0
    for f, who in enumerate(owner):
        if who >= 0:
            plane[f * w + k1 + who] = 1.0
    return plane
