"""Tumult Royal's numeric face (``engine.encoding``): fixed action indices and a flat
observation of what one seat may see (TR-H2, TR-H3).

Action indices (``P`` players, ``F = 18P`` fields ``r * width + c``, ``S`` slots at most,
``NP`` payments; see ``docs/research/tumult-royal.md``)::

    0 keep · 1 put_back · 2 done · 3 wait · 4 end_turn
    5 .. 5+S-1                     peek slot s
    5+S .. 5+S+F-1                 place_start on field f
    5+S+F .. 5+S+F+F*NP-1          build on field f paying payment p: 5+S+F + f*NP + p

A payment (TR-R19) is one multiset of tile values per good; the payment table lists every
payment that is a minimal cover of some cost any terrain can have (adjacent or not, TR-R18)
with the tiles of the game set, so an index names one exact payment in every state.

The sizes and index tables are computed once per configuration (``encoding_layout.py``);
the observation is written by ``observation.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.action import Action
from ...engine.encoding import Encoding, Slice
from ...engine.errors import IllegalAction, OptionError
from ...engine.game import State
from .actions import DONE, END_TURN, KEEP, PUT_BACK, WAIT, TumultAction, build, peek
from .data import Ruleset
from .encoding_layout import CHOICE_KINDS, LAST_TICK_KINDS, PHASES, Layout
from .observation import observe
from .table import BUILD, GRAB, START, Table

__all__ = ["CHOICE_KINDS", "LAST_TICK_KINDS", "PHASES", "SIMPLE", "TumultEncoding", "encoding_for"]

SIMPLE = (KEEP, PUT_BACK, DONE, WAIT, END_TURN)  # indices 0..4
_SIMPLE_INDEX = {a.kind: i for i, a in enumerate(SIMPLE)}


def _is_minimal_cover(values: tuple[int, ...], cost: int) -> bool:
    if cost <= 0:
        return not values
    return bool(values) and sum(values) >= cost and sum(values) - values[0] < cost


class TumultEncoding(Layout, Encoding):
    """The encoding of one configuration: ``players`` and the resolved options."""

    # -- actions -------------------------------------------------------------------------
    def _field(self, rc: tuple[int, int] | None) -> int:
        land = self.land
        if rc is None or not (0 <= rc[0] < land.height and 0 <= rc[1] < land.width):
            raise IllegalAction(f"{rc} is not a field of the {land.height}x{land.width} landscape")
        return rc[0] * land.width + rc[1]

    def action_index(self, action: Action) -> int:
        if type(action) is not TumultAction:
            raise IllegalAction(f"{action!r} is not an action of Tumult Royal")
        kind = action.kind
        simple = _SIMPLE_INDEX.get(kind)
        if simple is not None:
            return simple
        if kind == "peek":
            if 0 <= action.slot < self.max_slots:
                return self.peek0 + action.slot
            raise IllegalAction(f"slot {action.slot} is beyond the {self.max_slots} slots")
        if kind == "place_start":
            return self.start0 + self._field(action.field)
        if kind == "build":
            pay = self.payment_index.get(action.payment)
            if pay is None:
                raise IllegalAction(f"{action}: no terrain cost is paid like that (TR-R19)")
            return self.build0 + self._field(action.field) * self.npayments + pay
        raise IllegalAction(f"unknown action kind {kind!r}")

    def action_from_index(self, state: State, seat: int, index: int) -> Action:
        """Decodes directly and checks legality as ``legal_actions`` would (TR-S7, TR-G6,
        TR-R15 to TR-R19), without listing the actions; never changes the state."""
        st = _tumult(state)
        if type(index) is not int or not 0 <= index < self.num_actions:
            raise IllegalAction(f"action index {index!r} is outside 0..{self.num_actions - 1}")
        phase = st.phase
        if phase == GRAB:
            if seat not in st.actors():
                raise self._refused(st, seat, index)
            holding = st.hand[seat] >= 0
            if index in (2, 3) or (index < 2 and holding):
                return SIMPLE[index]
            s = index - self.peek0
            if (
                not holding
                and 0 <= s < len(st.slot_tile)
                and st.slot_holder[s] < 0
                and st.slot_taker[s] < 0
            ):
                return peek(s)
            raise self._refused(st, seat, index)
        if phase not in (START, BUILD) or seat != st.actor():
            raise self._refused(st, seat, index)
        if phase == START:
            f = index - self.start0
            if 0 <= f < self.fields and st.owner[f] < 0 and st.codes[f] == self.rules.start_terrain:
                return TumultAction("place_start", field=self.land.rc(f))
            raise self._refused(st, seat, index)
        if index == 4:
            return END_TURN
        if index < self.build0:
            raise self._refused(st, seat, index)
        f, p = divmod(index - self.build0, self.npayments)
        cost = self._build_cost(st, seat, f)
        if cost is None or not self._can_pay(st, seat, p, cost):
            raise self._refused(st, seat, index)
        return build(self.land.rc(f), self.payments[p])

    def _refused(self, st: Table, seat: int, index: int) -> IllegalAction:
        return IllegalAction(
            f"action index {index} ({self.describe_action(index)}) is not legal for seat "
            f"{seat} now",
            st.turn_rule(),
        )

    def _build_cost(self, st: Table, seat: int, f: int) -> tuple[int, int, int] | None:
        """TR-R16 to TR-R18 for one field: its cost for ``seat`` or None if not buildable."""
        code = st.codes[f]
        if not code or st.owner[f] >= 0:
            return None
        terrain = self.rules.terrains[code]
        if terrain.capacity > st.reserve[seat]:
            return None
        owner = st.owner
        if any(owner[n] == seat for n in self.land.n4[f]):
            return terrain.cost
        if not terrain.nonadjacent_allowed:
            return None
        m = self.rules.nonadjacent_cost_multiplier
        c = terrain.cost
        return (c[0] * m, c[1] * m, c[2] * m)

    def _can_pay(self, st: Table, seat: int, p: int, cost: tuple[int, int, int]) -> bool:
        """TR-R19: each good's part is a minimal cover of its cost, with tiles ``seat`` holds."""
        per_good = self.payments_by_good[p]
        if not all(_is_minimal_cover(per_good[g], cost[g]) for g in range(3)):
            return False
        held = [0] * self.nfaces
        kind = self.tile_kind
        for t, where in enumerate(st.loc):
            if where == seat:
                held[kind[t]] += 1
        return all(held[k] >= n for k, n in self.payment_needs[p])

    def describe_action(self, index: int) -> str:
        if not 0 <= index < self.num_actions:
            return f"no action {index}"
        if index < self.peek0:
            return SIMPLE[index].kind
        if index < self.start0:
            return f"peek slot {index - self.peek0}"
        if index < self.build0:
            r, c = self.land.rc(index - self.start0)
            return f"place_start ({r},{c})"
        f, p = divmod(index - self.build0, self.npayments)
        r, c = self.land.rc(f)
        paid = " ".join(f"{g}{v}" for g, v in self.payments[p])
        return f"build ({r},{c}) paying {paid or 'nothing'}"

    # -- observation ---------------------------------------------------------------------
    def observation_layout(self) -> Sequence[Slice]:
        return tuple(self._layout)

    def observation(self, state: State, seat: int | None) -> list[float]:
        return observe(self, _tumult(state), seat)


def _tumult(state: State) -> Table:
    if not isinstance(state, Table):
        raise TypeError(f"not a Tumult Royal state: {type(state).__name__}")
    return state


_ENCODINGS: dict[tuple[Any, ...], TumultEncoding] = {}


def encoding_for(players: int, options: Mapping[str, Any], rules: Ruleset) -> TumultEncoding:
    """The encoding of a configuration (options resolved), built once and then shared."""
    if players not in rules.layouts:
        counts = ", ".join(str(n) for n in sorted(rules.layouts))
        raise OptionError(f"this ruleset is played by {counts} players, not {players}")
    key = (
        players,
        options["variant"],
        bool(options["keep_goods"]),
        options["greed_measure"],
        int(options["grab_ticks"]),
        rules.raw,
    )
    enc = _ENCODINGS.get(key)
    if enc is None:
        if len(_ENCODINGS) >= 64:
            _ENCODINGS.clear()
        enc = _ENCODINGS[key] = TumultEncoding(players, options, rules)
    return enc
