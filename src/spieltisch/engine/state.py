"""A position of a game: the ``State`` half of the kernel contract (DESIGN.md §2) -
its turn structure, outcome, information and persistence."""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar

from .action import Action
from .chance import PENDING, Chance
from .decision import Decision, Phase, explain_turn
from .errors import (
    IllegalAction,
    PositionError,
    RecordError,
    StateFormatError,
)
from .fields import DeclaredMeta, Field

if TYPE_CHECKING:
    from .game import Game
    from .record import GameRecord

STATE_SCHEMA = "spieltisch.state/1"

JSON = dict[str, Any]


@contextmanager
def state_data_errors(what: str) -> Iterator[None]:
    """Inside, a missing key or a value of the wrong type in a state document becomes a
    ``StateFormatError`` naming ``what`` (``StateFormatError`` itself passes through)."""
    try:
        yield
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateFormatError(f"{what}: {exc!r}") from None


def returns_from_winners(players: int, winners: Sequence[int]) -> list[float]:
    """+1/|W| for each winner, -1/(N-|W|) for each other; all zero if nobody or everybody
    wins. The same formula in every game."""
    w = len(winners)
    if w == 0 or w == players:
        return [0.0] * players
    win, lose = 1.0 / w, -1.0 / (players - w)
    won = set(winners)
    return [win if seat in won else lose for seat in range(players)]


class State(metaclass=DeclaredMeta):
    """One position of a game. Mutable: ``apply`` changes it in place; ``clone`` copies.

    A game declares its fields once (``engine.fields``: facts, config, caches) and gets
    clone, save, load and equality; it describes whose decision it is with ``decision()``
    and the rules of each kind of decision in ``phases`` (``engine.decision``)."""

    __slots__ = ("_moves", "chance", "options", "players", "seed")

    game: ClassVar[Game]
    # the declared fields (``engine.fields``), collected by the metaclass
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    # the rules of each kind of decision, by ``Decision.kind``
    phases: ClassVar[Mapping[str, Phase]] = {}

    players: int
    seed: int
    options: dict[str, Any]
    chance: Chance
    _moves: list[tuple[int, Action]] | None

    def _init_common(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        pending = PENDING.get()
        if pending is not None:  # new_game scripted chance events (chance_script)
            PENDING.set(None)
            self.chance = pending
        else:
            self.chance = Chance(seed)
        self._moves = []

    def configure(self) -> None:
        """Set the ``config`` fields from ``options`` and ``players`` (on creation and on
        load). Declared states with config fields override it."""

    def rebuild_caches(self) -> None:
        """Work out the ``cache`` fields from the facts (after a load). The default resets
        caches that have a factory."""
        for f in type(self).FIELDS:
            if f.role == "cache" and f.factory is not None:
                setattr(self, f.name, f.factory())

    @classmethod
    def load_data(cls, players: int, seed: int, options: dict[str, Any], data: JSON) -> State:
        """A declared state rebuilt from the ``data`` of a state document: its facts loaded,
        its config set, its caches rebuilt. A missing or malformed field raises
        ``StateFormatError`` naming it."""
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self.configure()
        with state_data_errors("state data"):
            self._load_facts(data)
            self.rebuild_caches()  # a fact of the wrong kind may only show here
        return self

    def _load_facts(self, data: JSON) -> None:
        raise StateFormatError(f"{type(self).__name__} declares no fields to load")

    def _copy_common(self, other: State) -> None:
        """Copy the kernel's fields into ``other`` (used by ``clone``)."""
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after new_game
        other.chance = self.chance.clone()
        other._moves = None if self._moves is None else self._moves.copy()

    # -- turn structure ------------------------------------------------------------------
    def decision(self) -> Decision | None:
        """What is being decided now and by whom; ``None`` when the game is over. Games
        built on ``phases`` override it; this default describes a game that overrides
        ``actors`` instead (kind ``"turn"``)."""
        if type(self).actors is State.actors:
            raise TypeError(f"{type(self).__name__} must define decision() or actors()")
        actors = self.actors()
        return Decision("turn", actors, self.turn_rule()) if actors else None

    def actors(self) -> tuple[int, ...]:
        """Seats that may act now: one, or several in a simultaneous phase; none when over."""
        decision = self.decision()
        return () if decision is None else decision.actors

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; empty if ``seat`` is not an actor."""
        decision = self.decision()
        if decision is None or seat not in decision.actors:
            return []
        return self.phases[decision.kind].legal(self, seat)

    def explain(self, seat: int, action: Action) -> IllegalAction | None:
        """Why ``seat`` may not take ``action`` now, with the rule id; ``None`` if it may.
        Never changes the state. An action is legal exactly when it is in
        ``legal_actions(seat)``."""
        reason = explain_turn(self, seat)
        if reason is not None:
            return reason
        decision = self.decision()
        phase = self.phases.get(decision.kind) if decision is not None else None
        if phase is not None:
            return phase.explain(self, seat, action)
        trial = self.clone()  # a game without phases: its own _apply tells
        try:
            trial._apply(seat, action)
        except IllegalAction as exc:
            return exc
        return None

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``. Raises ``IllegalAction`` (with the reason) and
        changes nothing if the rules forbid it."""
        reason = explain_turn(self, seat)
        if reason is not None:
            raise reason
        self._apply(seat, action)  # games reject objects that are not their actions
        if self._moves is not None:
            self._moves.append((seat, action))

    def turn_rule(self) -> str | None:
        """The rule id that says who acts now (cited when another seat tries to act)."""
        if type(self).decision is State.decision:
            return None
        decision = self.decision()
        return None if decision is None else decision.rule

    def _apply(self, seat: int, action: Action) -> None:
        """Validate fully, then change the state; must raise before any change, including
        for objects that are not actions of this game. For a game built on ``phases``:
        the decision's phase explains a refusal or applies the action."""
        decision = self.decision()
        assert decision is not None  # apply checked that the game is on
        phase = self.phases[decision.kind]
        reason = phase.explain(self, seat, action)
        if reason is not None:
            raise reason
        phase.apply(self, seat, action)

    def clone(self) -> State:
        """An independent copy, cheap enough to call every search iteration. Generated
        for a declared state (``engine.fields``); other states write their own."""
        raise TypeError(f"{type(self).__name__} declares no fields: write clone()")

    # -- outcome -------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """Raw score per seat (the game's own measure, e.g. territories won)."""

    @abstractmethod
    def ranking_keys(self) -> list[tuple[Any, ...]]:
        """Per seat, the full comparison key of the final standing (score, then tie-breaks),
        greater is better. When over and somebody wins, ``winners()`` are the seats with the
        greatest key (a game may also end with no winner at all)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that win (several share a win); empty before the end."""

    def realtime_step(self) -> tuple[str, int] | None:
        """For a step played against the clock at a live table (Tumult Royal's grab ticks):
        a name of the current step (it changes when the step does) and the milliseconds it
        lasts. The table submits ``idle_action`` for every seat that has not chosen by then.
        ``None`` for ordinary steps, which wait for their actor."""
        return None

    def idle_action(self, seat: int) -> Action | None:
        """What a seat that lets a real-time step pass does (e.g. ``wait``)."""
        return None

    def ending(self) -> str | None:
        """How a finished game ended, in the game's own terms (e.g. ``"jerusalem"`` or
        ``"deck"``) for games that can end in several ways; ``None`` otherwise."""
        return None

    def standard_returns(self) -> bool:
        """Whether ``returns()`` follows the shared formula (a game may offer others as an
        option, e.g. Medina's ``returns_mode``); the invariant suite checks it when true."""
        return True

    def moves_since(self, index: int) -> list[tuple[int, Action]] | None:
        """The recorded moves ``(seat, action)`` from ``index`` on; ``None`` for a state
        without a record (a re-dealt world or a position)."""
        return None if self._moves is None else self._moves[index:]

    def returns(self) -> list[float]:
        if not self.is_over():
            return [0.0] * self.players
        return returns_from_winners(self.players, self.winners())

    def standing(self) -> list[list[int]]:
        """The order of the seats, best first, by the game's score and tie-breaks
        (``ranking_keys``): each place lists the seats that share it. Before the end it is
        the order as things stand."""
        keys = self.ranking_keys()
        order = sorted(range(self.players), key=lambda seat: keys[seat], reverse=True)
        places: list[list[int]] = []
        for seat in order:
            if places and keys[places[-1][0]] == keys[seat]:
                places[-1].append(seat)
            else:
                places.append([seat])
        return places

    # -- information ---------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """A JSON-able dict of exactly what ``seat`` may see; ``None`` is a spectator."""

    @abstractmethod
    def resample(self, seat: int | None, rng: random.Random) -> State:
        """A state consistent with ``view(seat)``, every fact hidden from ``seat`` re-dealt.
        The result has no move record (it is not a real game)."""

    def log(self, seat: int | None) -> list[JSON]:
        """The plain-language log as structured events that ``seat`` may see, oldest first.
        ``game.describe(event, seat)`` turns one into a sentence."""
        return []

    def private_facts(self, seat: int) -> set[str]:
        """Strings (card ids, tile values ...) that only ``seat`` may know right now. The leak
        checks assert that none of them appears in what another seat or a spectator gets."""
        return set()

    @abstractmethod
    def conserved(self) -> dict[str, int]:
        """Counts of components that no rule creates or destroys; constant over a game."""

    # -- persistence ---------------------------------------------------------------------
    def _data_json(self) -> JSON:
        """The game-specific part of ``to_json``: the facts of a declared state."""
        raise TypeError(f"{type(self).__name__} declares no fields: write _data_json()")

    def to_position(self) -> str:
        """The position in the game's human-writable format (``Game.from_position`` reads
        it back): public names, documented in the game's docs."""
        raise PositionError(f"{self.game.name} has no position format")

    def normalize(self) -> None:
        """Apply what the rules do without a choice (automatic passes, skipped steps) so
        that the actor has a legal action or the game is over. ``from_position`` calls it."""

    def to_json(self) -> JSON:
        return {
            "schema": STATE_SCHEMA,
            "game": self.game.id,
            "version": self.game.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "chance": self.chance.to_json(),
            "moves": None
            if self._moves is None
            else [{"seat": s, "action": a.to_json()} for s, a in self._moves],
            "data": self._data_json(),
        }

    def record(self) -> GameRecord:
        """The game record ``{game, version, options, players, seed, moves}`` so far."""
        from .record import GameRecord

        if self._moves is None:
            raise RecordError(
                "this state has no game record: it was resampled, or started from a position"
            )
        return GameRecord(
            game=self.game.id,
            version=self.game.version,
            options=dict(self.options),
            players=self.players,
            seed=self.seed,
            moves=[(s, a.to_json()) for s, a in self._moves],
        )

    @property
    def move_count(self) -> int:
        return 0 if self._moves is None else len(self._moves)
