"""OpenSpiel's Python observer for ``research.openspiel``: observation and information-state
tensors from the game's encoding, strings from the seats' views and logs (see that module's
docstring, **Observations**)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import missing_extra

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra(exc, "spieltisch.research.openspiel") from exc

from ..engine.game import State
from ._core import Config, canonical_json

if TYPE_CHECKING:
    from .openspiel import SpieltischState


class Observer:
    """OpenSpiel's Python observer: tensors from the encoding, strings from views."""

    def __init__(self, config: Config, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations of every player's private information are not offered")
        self.config = config
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        encoding = config.encoding
        self._info_state = self.perfect_recall and hasattr(encoding, "information_state")
        if self._info_state:
            size = int(encoding.information_state_size)  # type: ignore[attr-defined]
            pieces: Sequence[tuple[str, int, int]] = [("info_state", 0, size)]
        else:
            size = encoding.observation_size
            layout = encoding.observation_layout()
            names = [s.name for s in layout]
            if len(set(names)) == len(names):
                pieces = [(s.name, s.start, s.size) for s in layout if s.size > 0]
            else:
                pieces = [("observation", 0, size)]
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[start : start + n] for name, start, n in pieces}
        # OpenSpiel asks for the tensor of a fresh initial state at every tensor-size query
        self._initial: dict[tuple[int, int | None], Any] = {}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def _values(self, state: State, seat: int | None) -> Any:
        encoding: Any = self.config.encoding
        if self._info_state:
            return np.asarray(encoding.information_state(state, seat), np.float32)
        return np.asarray(encoding.observation(state, seat), np.float32)

    def set_from(self, state: SpieltischState, player: int) -> None:
        seat = self._seat(player)
        engine = state._engine
        if engine.pristine and not engine.explicit:
            key = (engine.seed, seat)
            if key not in self._initial:
                self._initial[key] = self._values(engine.state, seat)
            self.tensor[:] = self._initial[key]
            return
        state._settle()
        created = engine.created
        if created is None:  # the setup's draws are being chosen: nothing to see yet
            self.tensor[:] = 0.0
            return
        kind = "info_state" if self._info_state else "observation"
        self.tensor[:] = engine.cached(kind, seat, lambda: self._values(created, seat))

    def string_from(self, state: SpieltischState, player: int) -> str:
        engine = state._engine
        seat = self._seat(player)
        state._settle()
        created = engine.created
        if created is None:
            view = log = "null"
        else:
            view = engine.cached("view", seat, lambda: canonical_json(created.view(seat)))
            if self.perfect_recall:
                log = engine.cached("log", seat, lambda: canonical_json(created.log(seat)))
        if not self.perfect_recall:
            return f'{{"seat":{json.dumps(seat)},"view":{view}}}'
        return f'{{"log":{log},"moves":{state.moves},"seat":{json.dumps(seat)},"view":{view}}}'
