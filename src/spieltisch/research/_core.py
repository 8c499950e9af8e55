"""What the three adapters share, standard library only: one game configuration with its
encoding, the policy for illegal action indices, seeds, and text rendering."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..engine import registry
from ..engine.action import Action
from ..engine.encoding import Encoding
from ..engine.errors import IllegalAction, NoEncoding
from ..engine.game import Game, State
from ..engine.markup import strip_markup

#: what an adapter does with an action index that is not legal now (see ``IllegalPolicy``)
IllegalPolicy = Literal["penalty", "raise", "random"]
ILLEGAL_POLICIES: tuple[str, ...] = ("penalty", "raise", "random")


@dataclass(frozen=True)
class Config:
    """One game configuration: the game, its player count, its options and its encoding."""

    game: Game
    players: int
    options: dict[str, Any] = field(hash=False)
    encoding: Encoding = field(hash=False, compare=False)

    @property
    def options_json(self) -> str:
        return canonical_json(self.options)

    def new_game(self, seed: int) -> State:
        return self.game.new_game(self.players, seed, self.options)


def resolve_game(game: str | Game) -> Game:
    """A game by registry id, or a ``Game`` object as it is (e.g. a game under test)."""
    return registry.game(game) if isinstance(game, str) else game


def configure(
    game: str | Game, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Config:
    """The configuration of ``game`` with ``players`` (default: the game's default) and
    ``options``. Raises ``NoEncoding`` if the game has no numeric encoding and
    ``OptionError`` for a bad player count or option."""
    g = resolve_game(game)
    n = g.default_players if players is None else players
    opts = dict(options or {})
    g.new_game(n, 0, opts)  # validates players and options with the engine's own messages
    return Config(g, n, opts, g.encoding(n, opts))


def has_encoding(game: Game) -> bool:
    """Whether ``game`` offers a numeric encoding (for its default player count)."""
    try:
        game.encoding(game.default_players)
    except NoEncoding:
        return False
    return True


def canonical_json(obj: Any) -> str:
    """Compact JSON with sorted keys: equal data give equal strings."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def check_policy(policy: str) -> None:
    if policy not in ILLEGAL_POLICIES:
        raise ValueError(
            f"illegal_action must be one of {', '.join(ILLEGAL_POLICIES)}, not {policy!r}"
        )


def decode_action(
    config: Config, state: State, seat: int, index: Any, policy: str, rng: random.Random
) -> tuple[Action | None, bool]:
    """The engine action for ``index`` played by ``seat``, and whether ``index`` was illegal.

    An index that is not an integer in ``range(num_actions)`` or not legal now is handled by
    ``policy``: ``"raise"`` raises ``IllegalAction`` (a ``ValueError``); ``"penalty"``
    returns ``(None, True)`` (the caller ends the game and penalizes the seat);
    ``"random"`` returns a uniformly random legal action drawn from ``rng``."""
    encoding = config.encoding
    try:
        number = int(index)
        if number != index or isinstance(index, bool):
            raise TypeError
    except (TypeError, ValueError):
        number = -1
    if 0 <= number < encoding.num_actions:
        try:
            return encoding.action_from_index(state, seat, number), False
        except IllegalAction:
            if policy == "raise":
                raise
    elif policy == "raise":
        raise IllegalAction(f"action {index!r} is not an integer in range({encoding.num_actions})")
    if policy == "random":
        return rng.choice(state.legal_actions(seat)), True
    return None, True


def render_text(game: Game, state: State, seat: int | None, lang: str = "en") -> str:
    """``seat``'s view (``None``: the spectator's) drawn by the game's text renderer, as
    plain text (markup stripped); games without a renderer show their view's JSON."""
    view = state.view(seat)
    module = registry.manifest_of(game).text_module()
    if module is None:
        return json.dumps(view, indent=1, ensure_ascii=False)
    return strip_markup(module.render_view(view, lang))


def new_seed(rng: random.Random) -> int:
    """A game seed drawn from ``rng`` (31 bits: fits every consumer, OpenSpiel included)."""
    return rng.getrandbits(31)
