"""Game records ``{game, version, options, players, seed, moves}`` and replay."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RecordError, SpieltischError
from .game import Game, State

RECORD_KEYS = ("game", "version", "options", "players", "seed", "moves")


@dataclass
class GameRecord:
    game: str
    version: int
    options: dict[str, Any]
    players: int
    seed: int
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "version": self.version,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "moves": [{"seat": s, "action": a} for s, a in self.moves],
        }

    @classmethod
    def from_json(cls, obj: Any) -> GameRecord:
        if not isinstance(obj, dict):
            raise RecordError("a game record must be a JSON object")
        missing = [k for k in RECORD_KEYS if k not in obj]
        if missing:
            raise RecordError(f"game record lacks field(s): {', '.join(missing)}")
        extra = sorted(set(obj) - set(RECORD_KEYS))
        if extra:
            raise RecordError(f"game record has unknown field(s): {', '.join(extra)}")
        if not isinstance(obj["game"], str):
            raise RecordError("record field 'game' must be a string")
        for key in ("version", "players", "seed"):
            if not isinstance(obj[key], int) or isinstance(obj[key], bool):
                raise RecordError(f"record field {key!r} must be an integer")
        if not isinstance(obj["options"], dict):
            raise RecordError("record field 'options' must be an object")
        if not isinstance(obj["moves"], list):
            raise RecordError("record field 'moves' must be a list")
        moves: list[tuple[int, dict[str, Any]]] = []
        for i, move in enumerate(obj["moves"]):
            if (
                not isinstance(move, dict)
                or set(move) != {"seat", "action"}
                or not isinstance(move["seat"], int)
                or not isinstance(move["action"], dict)
            ):
                raise RecordError(
                    f"move {i} must be an object {{'seat': int, 'action': {{...}}}}, got {move!r}"
                )
            moves.append((move["seat"], move["action"]))
        return cls(
            game=obj["game"],
            version=obj["version"],
            options=dict(obj["options"]),
            players=obj["players"],
            seed=obj["seed"],
            moves=moves,
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record {path} is not valid JSON: {exc}") from None
        return cls.from_json(obj)


def replay_steps(
    record: GameRecord, game: Game | None = None
) -> Iterator[tuple[State, int | None, Any]]:
    """Yield ``(state, seat, action)`` after the start and after every move (the start yields
    ``None`` for seat and action). The same state object is mutated between yields. The game
    is looked up in the registry unless given."""
    from .registry import game as lookup

    if game is None:
        try:
            game = lookup(record.game)
        except SpieltischError as exc:
            raise RecordError(f"record: {exc}") from None
    elif game.id != record.game:
        raise RecordError(f"record is of game {record.game!r}, not {game.id!r}")
    if not 1 <= record.version <= game.version:
        raise RecordError(
            f"record is of rules version {record.version}; this engine plays versions 1 to "
            f"{game.version}"
        )
    # a record of an older version plays by the options of its day (Game.upgrade_options)
    options = game.upgrade_options(record.options, record.version)
    try:
        state = game.new_game(record.players, record.seed, options)
    except SpieltischError as exc:
        raise RecordError(f"record cannot start the game: {exc}") from None
    yield state, None, None
    for i, (seat, action_json) in enumerate(record.moves):
        try:
            action = game.action_from_json(action_json)
            state.apply(seat, action)
        except SpieltischError as exc:
            raise RecordError(
                f"move {i} (seat {seat}, {action_json}) does not replay: {exc}"
            ) from None
        yield state, seat, action


def replay(record: GameRecord, game: Game | None = None) -> State:
    """The state after every move of ``record``."""
    final: State | None = None
    for step, _, _ in replay_steps(record, game):
        final = step
    assert final is not None  # replay_steps always yields the start
    return final
