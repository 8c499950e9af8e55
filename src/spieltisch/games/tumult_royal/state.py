"""The state of a game of Tumult Royal: the table (``table.py``) with the rules of its three
kinds of decision - the start statues (``start.py``), the grab ticks (``grab.py``, several
seats at once) and the build turns (``build.py``) - and what a seat may see of it.

Everything else happens without a choice and is run by those modules: the mood and the
deal (``mood.py``), the tumult check (``tumult.py``), crown, grace and the end of the round
(``crown.py``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from ...engine.chance import Chance
from ...engine.decision import Phase
from ...engine.game import JSON, Game
from .build import Building
from .crown import close_round
from .grab import Grab, end_grab, resolve_tick
from .heuristic import plausible_choice
from .mood import begin_round
from .position import write
from .start import StartStatues
from .table import ASIDE, BUILD, GRAB, START, Table
from .view import view


class TumultState(Table):
    game: ClassVar[Game]
    phases: ClassVar[Mapping[str, Phase]] = {
        START: StartStatues(),
        GRAB: Grab(),
        BUILD: Building(),
    }

    def view(self, seat: int | None) -> JSON:
        return view(self, seat)

    def log(self, seat: int | None) -> list[JSON]:
        return list(self.events)  # every logged event is public (TR-H7)

    def conserved(self) -> dict[str, int]:
        """Tiles and statues are never created or lost; the tile bookkeeping agrees."""
        slot_errors = 0
        if self.phase == GRAB:  # a kept tile is with its keeper, every other slot in the pool
            for slot, t in enumerate(self.slot_tile):
                taker = self.slot_taker[slot]
                slot_errors += self.loc[t] != (taker if taker >= 0 else -1)
        return {
            "tiles": len(self.loc),
            "set-aside bookkeeping errors": abs(
                sum(1 for w in self.loc if w == ASIDE) - len(self.aside)
            )
            + slot_errors,
            "statues": sum(self.statues) + sum(n for _, n in self.chronicle) + sum(self.reserve),
        }

    def resample(self, seat: int | None, rng: random.Random) -> TumultState:
        """TR-H4: re-deal hidden landscape designs and unseen goods faces; fresh chance."""
        other = self.clone()
        other._moves = None
        # 1. landscape: designs not visible face up go to the face-down positions at random
        visible = {i for i, up in enumerate(self.face_up) if up}
        hidden = sorted(self.designs[i] for i in range(len(self.designs)) if i not in visible)
        rng.shuffle(hidden)
        for i in range(len(self.designs)):
            if i not in visible:
                other.designs[i] = hidden.pop()
        other.update_codes()
        # 2. goods: every tile position whose face ``seat`` does not know
        known = set() if seat is None else set(self.memory[seat])
        unknown = [s for s in range(len(self.slot_tile)) if s not in known and not self.revealed]
        tiles = sorted([self.slot_tile[s] for s in unknown] + list(self.aside))
        rng.shuffle(tiles)
        places = [(self.loc[self.slot_tile[s]], s) for s in unknown]
        places += [(ASIDE, -1)] * len(self.aside)
        other.aside = []
        for (where, s), t in zip(places, tiles, strict=True):
            other.loc[t] = where
            if s >= 0:
                other.slot_tile[s] = t
            else:
                other.aside.append(t)
        other.aside.sort()
        # 3. chance: the true generator must never be read by a search
        other.chance = Chance(rng.getrandbits(64))
        # 4. the other seats' pending choices in this tick are not known either (TR-H4 step
        # 5): each is re-dealt as a plausible player would choose in the re-dealt world,
        # from what that seat knows there (TR-H5: only observable data); a uniform draw
        # would have a player with a tile in hand quit the grab one time in four
        for p in sorted(other.pending):
            if p != seat:
                other.pending[p] = plausible_choice(other, p)
        return other

    # -- positions -----------------------------------------------------------------------
    def to_position(self) -> str:
        """The position in the format of ``docs/positions/tumult-royal.md``."""
        return write(self, {o.name: o.default for o in self.game.options})

    def normalize(self) -> None:
        """Run what happens without a choice (TR-R2): a tick every seat has chosen for is
        resolved, a grab out of ticks or with everyone done ends (TR-G9), the round goes on
        after the last start statue (TR-S8) or the last build turn (TR-R15)."""
        if self.phase == GRAB:
            if self.tick_seats and len(self.pending) == len(self.tick_seats):
                resolve_tick(self)
            elif self.tick >= self.options["grab_ticks"] or all(self.done):
                end_grab(self)
        elif self.phase == START and self.turn == self.players:
            begin_round(self, 1)
        elif self.phase == BUILD and self.turn == self.players:
            close_round(self)
        self.decide()
