"""The Kingdoms of Crusaders as a Spieltisch game: its options, chance events, states from
documents and positions, and the texts, pictures, encoding and bots around them.

The modules below it import only modules below themselves (the rules modules name the
state class for type checking only): ``symbols``, ``army``, ``deck`` and ``proof`` (cards,
armies, the claim proof search), ``phases``, ``standing``, ``actions``, ``document`` (the
state document's data), ``explain`` (reasons), ``resolution``, ``play`` and ``claims`` (the
rules of each decision), ``view``, ``position``, then ``state``; ``consistency``, ``schema``
and ``options`` beside it; the texts, pictures, ``encoding``, ``plans``, ``heuristic``,
``search_eval``, ``search`` and ``result`` read states."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from ...engine.action import Action
from ...engine.chance import ChanceEvent
from ...engine.encoding import Encoding
from ...engine.errors import IllegalAction, OptionError, PositionError, StateFormatError
from ...engine.game import JSON, ConformanceCase, Game, State
from ...engine.options import resolve_options
from ...engine.result import ResultSheet
from ...engine.schema import state_document_schema
from ...engine.search_hooks import SearchHooks
from . import actions, result
from .consistency import check_position
from .deck import load_edition, pool_for
from .describe import describe_event
from .encoding import encoding_for
from .explain import why_not
from .heuristic import HeuristicBot
from .labels import action_label
from .options import OPTIONS
from .position import read_position
from .schema import DATA_SCHEMA
from .search import KingdomsSearchHooks
from .state import KingdomsState


def _deck_order(outcome: Any, players: int, options: Mapping[str, Any]) -> list[int]:
    """The shuffled pool as card ids, top first (the first five go to P1, KC-R9) -> the card
    indices the shuffle takes."""
    pool = pool_for(options["deck"], players)
    if isinstance(outcome, str) or not isinstance(outcome, Sequence):
        raise ValueError(f"give the deck as a list of card ids, top first, not {outcome!r}")
    order = []
    for cid in outcome:
        card = pool.index.get(cid, -1) if isinstance(cid, str) else -1
        if card < 0:
            raise ValueError(f"{cid!r} is not a card of this game (K01 ... {pool.ids[-1]})")
        order.append(card)
    if len(set(order)) != len(order):
        twice = next(cid for n, cid in enumerate(outcome) if cid in outcome[:n])
        raise ValueError(f"card {twice} is given twice")
    if len(order) != len(pool):
        missing = sorted(set(range(len(pool))) - set(order))
        raise ValueError(
            f"the order lists {len(order)} of the {len(pool)} cards; missing: "
            + " ".join(pool.ids[c] for c in missing[:10])
        )
    return order


def _first_player(outcome: Any, players: int, options: Mapping[str, Any]) -> int:
    """``P1`` to ``P4`` -> the seat (0 first)."""
    seats = [f"P{p + 1}" for p in range(players)]
    if outcome not in seats:
        raise ValueError(f"the first player is one of {', '.join(seats)}, not {outcome!r}")
    return seats.index(outcome)


CHANCE_EVENTS = {
    "shuffle deck": ChanceEvent(
        "shuffle deck",
        "shuffle",
        "the order of the shuffled card pool before the deal",
        "every card id of the pool once, top first: P1 is dealt the first five, then P2 ...",
        _deck_order,
        "KC-R9",
    ),
    "first player": ChanceEvent(
        "first player",
        "below",
        "who takes the first turn, when option first_player is random",
        "a player: P1, P2, P3 or P4",
        _first_player,
        "KC-R10",
    ),
}


class KingdomsOfCrusaders(Game):
    id = "kingdoms-of-crusaders"
    name = "The Kingdoms of Crusaders"
    version = 1
    min_players = 2
    max_players = 4
    default_players = 2
    options = OPTIONS
    state_class = KingdomsState
    chance_events: ClassVar[Mapping[str, ChanceEvent]] = CHANCE_EVENTS

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return KingdomsState.new(players, seed, options)

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> State:
        """The document's facts, checked as positions are (``consistency.py``), with the
        automatic steps it stops before applied (``KingdomsState.normalize``)."""
        state = KingdomsState.load_data(players, seed, options, data)
        assert isinstance(state, KingdomsState)
        check_position(state)
        state.normalize()
        return state

    def from_position(self, text: str) -> State:
        """A position in the format of ``docs/positions/kingdoms-of-crusaders.md``
        (``position.py``), checked (``consistency.py``) and normalized."""
        players, options, data = read_position(text)
        try:
            resolved = resolve_options(self.options, options, players)
            state = KingdomsState.load_data(players, 0, resolved, data)
        except PositionError:
            raise
        except (OptionError, StateFormatError) as exc:
            raise PositionError(str(exc)) from None
        assert isinstance(state, KingdomsState)
        check_position(state)
        state.normalize()
        return state

    def state_schema(self) -> JSON:
        """The state document with the ``data`` of ``schema.py``."""
        return state_document_schema(self, DATA_SCHEMA)

    def action_from_json(self, obj: Any) -> Action:
        return actions.action_from_json(obj)

    def describe(self, event: JSON, seat: int | None, lang: str = "en") -> str:
        return describe_event(event, seat, lang)

    def action_label(self, action: Action, view: JSON, lang: str = "en") -> str:
        return action_label(action, view, lang)

    def why_illegal(
        self, state: State, seat: int, action: Action, lang: str = "en"
    ) -> IllegalAction | None:
        """``state.explain`` in ``lang`` with its rule id: the same catalog entry as the
        English reason ``apply`` raises (``explain.py``); reads the state only."""
        reason = state.explain(seat, action)
        if reason is None or not isinstance(state, KingdomsState):
            return reason
        found = why_not(state, seat, action, lang)
        return reason if found is None else IllegalAction(*found)

    def result_sheet(self, state: State, lang: str = "en") -> ResultSheet:
        """Territories, markers, marker sum and territories won per seat (``result.py``)."""
        if not isinstance(state, KingdomsState):
            return super().result_sheet(state, lang)
        return result.result_sheet(state, lang)

    def progress(self, state: State) -> list[float]:
        """Territories won so far, per seat."""
        if not isinstance(state, KingdomsState):
            return super().progress(state)
        return result.progress(state)

    def progress_label(self, lang: str = "en") -> str:
        return result.progress_label(lang)

    def round_of(self, state: State) -> int | None:
        """The round: each player's turn once, from the first player (``result.py``)."""
        if not isinstance(state, KingdomsState):
            return None
        return result.round_of(state)

    def edition_options(self, path: Path) -> dict[str, Any]:
        """``--edition FILE``: a deck file in the format of ``data/deck_proposal_a.toml``."""
        return {"deck": load_edition(path)}

    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        """Action indices and observation tensors (``encoding.py``), cached per configuration."""
        return encoding_for(players, resolve_options(self.options, options, players))

    def bots(self) -> dict[str, Any]:
        return {"heuristic": HeuristicBot}

    def make_search_hooks(self) -> SearchHooks:
        """The heuristic's knowledge for the search bot (``search.py``)."""
        return KingdomsSearchHooks(self)

    def conformance_cases(self) -> list[ConformanceCase]:
        return [
            ConformanceCase(players=2, games=500, label="2p auto"),
            ConformanceCase(players=3, games=500, label="3p auto"),
            ConformanceCase(players=4, games=500, label="4p auto"),
            ConformanceCase(players=2, options={"claims": "manual"}, games=150, label="2p manual"),
            ConformanceCase(players=3, options={"claims": "manual"}, games=100, label="3p manual"),
            ConformanceCase(players=4, options={"claims": "off"}, games=100, label="4p off"),
            ConformanceCase(
                players=3, options={"stop_when_decided": True}, games=100, label="3p stop"
            ),
        ]


GAME = KingdomsOfCrusaders()  # binds KingdomsState.game (Game.__init__): nothing is patched
