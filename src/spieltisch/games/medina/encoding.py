"""Medina's numeric encoding (``engine.encoding``): a fixed action space and a flat
observation per configuration (players, edition, start-merchant option, ruleset data),
laid out in ``encoding_layout.py``; this module reads states into it.

Because ``legal_actions`` is ordered as the action space is (MD-R21), the indices of a
legal list ascend. In the observation, seats are relative to the observer: slot 0 is the
observing seat, slot k the seat k places after it (the spectator, ``seat=None``, sees
absolute seats). Nothing in
Medina is hidden that the public ledger does not reveal (MD-R67, MD-R70), so every seat's
supply is given, computed for every seat, the observer's own included, by that ledger.

The vector is kept per state and observer and updated with the pieces placed since the
last call (see ``_planes``), which keeps a step plus an observation under twice a step.

The documentation of both layouts, with a worked decoding, is ``docs/research/medina.md``.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine.encoding import Slice
from ...engine.errors import IllegalAction
from .actions import DISCARD_TEA, MedinaAction
from .cells import (
    BUILDING,
    MERCHANTS,
    NEUTRAL_ROOFS,
    OVER,
    ROOFS,
    STABLES,
    START,
    UNCLAIMED,
    WALLS,
)
from .data import Ruleset, ruleset_from_text
from .encoding_layout import (
    K_BUILD,
    K_MERCHANT,
    K_NEUTRAL,
    K_ROOF,
    K_STABLE,
    K_START,
    K_TEA,
    K_WALL,
    KIND_CODE,
    KIND_NAME,
)
from .encoding_planes import MedinaPlanes, Planes
from .state import MedinaState
from .tea import discard_legal
from .turn import must_roof

if TYPE_CHECKING:
    from ...engine.action import Action
    from ...engine.game import State

_KIND_NAME = KIND_NAME
_KIND_CODE = KIND_CODE


class MedinaEncoding(MedinaPlanes):
    """The encoding of one configuration; build it with ``medina_encoding``."""

    # -- actions ---------------------------------------------------------------------------
    def action_index(self, action: Action) -> int:
        if not isinstance(action, MedinaAction):
            raise IllegalAction(f"{action!r} is not a Medina action")
        kind = _KIND_CODE.get(action.kind, -1)
        colour = self._colour_index.get(action.colour, -1) if kind == K_BUILD else -1
        table = self._index.get((kind, colour))
        if kind == K_TEA and table is not None:
            return table[-1]
        x, y = action.x, action.y
        if table is None or not (0 <= x < self.width and 0 <= y < self.height):
            raise IllegalAction(f"{action} is never an action in this configuration")
        index = table[y * self.width + x]
        if index < 0:
            raise IllegalAction(f"{action} is never an action in this configuration")
        return index

    def legal_indices(self, state: State, seat: int) -> list[int]:
        # legal_actions is ordered like the index layout (MD-R21), so no sort is needed
        return [self.action_index(a) for a in state.legal_actions(seat)]

    def action_from_index(self, state: State, seat: int, index: int) -> Action:
        """Decode ``index`` and check it against the state's incremental legality data,
        exactly as ``legal_actions`` lists actions (the roof at the canonical cell only)."""
        assert isinstance(state, MedinaState)
        if not (type(index) is int and 0 <= index < self.num_actions):
            raise IllegalAction(f"action index {index!r} is not in range({self.num_actions})")
        kind, colour, cell = self._decode[index]
        if not self._legal(state, seat, kind, colour, cell):
            raise IllegalAction(
                f"action index {index} ({self.describe_action(index)}) is not legal for seat "
                f"{seat} now"
            )
        if kind == K_TEA:
            return DISCARD_TEA
        if kind == K_BUILD:
            return self._acts.build[colour][cell]
        return self._acts.cell_action[_KIND_NAME[kind]][cell]

    def _legal(self, st: MedinaState, seat: int, kind: int, colour: int, cell: int) -> bool:
        if st.phase == OVER or seat != st.active:
            return False
        if st.phase == START:
            return kind == K_START  # the start block holds only the allowed cells (MD-R14)
        if kind == K_START:
            return False
        s = st.supply[seat]
        if must_roof(st, seat):  # MD-R59
            return kind == K_ROOF and self._roof_ok(st, seat, cell, own=True)
        if kind == K_BUILD:
            if not s[colour] or st.retired >> colour & 1:
                return False
            p = st.incomplete[colour]
            if p:
                return bool(st.exp_owner[cell] == p)
            return _contains(st.free_start, cell)
        if kind == K_ROOF:
            return bool(s[ROOFS]) and self._roof_ok(st, seat, cell, own=True)
        if kind == K_NEUTRAL:
            return bool(s[NEUTRAL_ROOFS]) and self._roof_ok(st, seat, cell, own=False)
        if kind == K_STABLE:
            return bool(s[STABLES] and st.exp_owner[cell])
        if kind == K_MERCHANT:
            if not s[MERCHANTS]:
                return False
            return cell in st.ext_squares if st.ext_squares else _contains(st.isolated, cell)
        if kind == K_WALL:
            return bool(s[WALLS]) and cell in st.wall_legal
        return discard_legal(st, seat, st.has_placement(seat))  # MD-R58

    @staticmethod
    def _roof_ok(st: MedinaState, seat: int, cell: int, own: bool) -> bool:
        """An unclaimed palace named by its canonical cell (MD-R21, MD-R26, MD-R53)."""
        if st.cellv[cell] != BUILDING:
            return False
        p = st.cell_pal[cell]
        if st.pal_owner[p] != UNCLAIMED or st.canonical_cell(p) != cell:
            return False
        return not (own and st.owns[seat] >> st.pal_colour[p] & 1)

    def describe_action(self, index: int) -> str:
        if not (type(index) is int and 0 <= index < self.num_actions):
            return f"action {index} (not in range({self.num_actions}))"
        kind, colour, cell = self._decode[index]
        if kind == K_TEA:
            return str(DISCARD_TEA)
        if kind == K_BUILD:
            return str(self._acts.build[colour][cell])
        return str(self._acts.cell_action[_KIND_NAME[kind]][cell])

    # -- observation -----------------------------------------------------------------------
    def observation_layout(self) -> Sequence[Slice]:
        return self._layout

    def observation(self, state: State, seat: int | None) -> list[float]:
        """Built from the state's own public fields. The only per-seat hidden facts in Medina
        are supply counts (MD-R67); every seat's, the observer's own included, is computed
        by the public ledger, which equals the supply by MD-R67's invariant."""
        assert isinstance(state, MedinaState)
        st = state
        n = self.players
        rot = 0 if seat is None else seat
        rel = self._rel[0 if seat is None else seat + 1]
        # The cached vector holds what no seat order touches and changes only with some
        # pieces; it is shared by every observer of a state, so each piece is processed
        # once. A copy gets the per-seat parts in the observer's seat order: the seats'
        # owner planes (kept per observer), supplies, owned colours and tile holders.
        cached = self._planes(st)
        if cached.dirty:
            self._write_tiles(st, cached)
        out = cached.planes.copy()
        o = self._o_owner
        out[o : o + self._seat_planes] = cached.owner_rows[rot]
        k, o, bits = len(self._slots), self._o_supply, self._bits
        for s, row in enumerate(self._supply_rows(st, cached)):
            out[o + rel[s] * k : o + rel[s] * k + k] = row
        o = self._o_owns
        for s, mask in enumerate(st.owns):
            out[o + rel[s] * 4 : o + rel[s] * 4 + 4] = bits[mask]
        for base, holder in cached.holders:  # seat-held palace and tower tiles
            out[base + rel[holder]] = 1.0
        # turn state
        phase = st.phase
        out[self._o_phase + (0 if phase == START else 2 if phase == OVER else 1)] = 1.0
        if phase != OVER:
            out[self._o_active + rel[st.active]] = 1.0
        out[self._o_quota] = float(st.quota)
        out[self._o_quota + 1] = float(st.turn_placements)
        # palace points from the cache, tile points (MD-R62) as last written
        o = self._o_score
        for s in range(n):
            out[o + rel[s]] = float(cached.points[s] + cached.tile_points[s])
        if self.edition == 2:
            o = self._o_first
            for s, done in enumerate(st.first_turn_done):
                if done:
                    out[o + rel[s]] = 1.0
            o = self._o_tea  # tea changes with discards too, which place nothing (MD-R58)
            for s, t in enumerate(st.tea):
                out[o + rel[s]] = float(t)
            out[o + n] = float(st.tea_pool)
            out[o + n + 1] = float(st.purple_roofs)
        return out

    def _ledger_row(self, st: MedinaState, s: int) -> list[float]:
        """MD-R67: supply = initial - placed - removed + received, in the slots' order."""
        ini, placed, removed = st.initial[s], st.placed[s], st.removed[s]
        row = [float(ini[j] - placed[j]) for j in self._slots]
        for col in range(4):
            row[col] -= removed[col]  # buildings sent to the box by a retirement (MD-R36)
        row[-2] += st.received[s]  # merchants from the tower tiles (MD-R56)
        return row

    def _supply_rows(self, st: MedinaState, cached: Planes) -> list[list[float]]:
        """Per absolute seat, its supply row (MD-R67), worked out again only when the
        seat's ledger changed."""
        keys, rows = cached.ledger, cached.supply
        for s in range(self.players):
            # placed counts only grow, so their sum identifies them within one state's life
            key = (sum(st.placed[s]), st.received[s], st.retired)
            if keys[s] != key:
                keys[s] = key
                rows[s] = self._ledger_row(st, s)
        return rows


def _contains(items: list[int], value: int) -> bool:
    i = bisect_left(items, value)
    return i < len(items) and items[i] == value


@functools.lru_cache(maxsize=32)
def _cached(players: int, edition: int, anywhere: bool, raw: str) -> MedinaEncoding:
    return MedinaEncoding(players, edition, anywhere, ruleset_from_text(raw))


def medina_encoding(players: int, options: dict[str, Any], rules: Ruleset) -> MedinaEncoding:
    """The encoding for resolved ``options``; one instance per configuration (the tables
    cost a few milliseconds). Only the edition, the start-merchant option and the ruleset
    data change the layout; ``players`` too."""
    edition = int(options["edition"])
    anywhere = bool(options["start_merchant_anywhere"]) and edition == 1
    return _cached(players, edition, anywhere, rules.raw)
