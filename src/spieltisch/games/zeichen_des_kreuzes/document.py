"""How each fact of a position is written in the ``data`` of a state document, and read
back (``engine.fields``: ``save`` and ``load`` of a ``fact``). Cards are written as their
codes (``ZK012``); cells, cities, units and seats as the indices the rules use inside
(``docs/positions/im-zeichen-des-kreuzes.md`` gives the public form). A loader checks the
shape of its field and raises ``ValueError`` naming it (the kernel reports it as a
``StateFormatError``); whether the facts fit together is ``consistency``'s question."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine.simultaneous import SimultaneousChoices
from .actions import action_from_json
from .components import card_code, parse_card_code
from .fight import Fight
from .tower import Tower, tower_from_json

if TYPE_CHECKING:
    from .state import ZkState

Loader = Callable[[Any, Any], Any]


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"'{name}' must be an integer, not {value!r}")
    return value


def integer(name: str) -> Loader:
    """An integer fact."""
    return lambda value, state: _int(value, name)


def text(name: str) -> Loader:
    """A string fact."""

    def load(value: Any, state: Any) -> str:
        if not isinstance(value, str):
            raise ValueError(f"'{name}' must be a string, not {value!r}")
        return value

    return load


def _ints(value: Any, n: int | None, name: str) -> list[int]:
    size = "" if n is None else f"{n} "
    if not isinstance(value, list) or (n is not None and len(value) != n):
        raise ValueError(f"'{name}' must be a list of {size}integers")
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError(f"'{name}' must be a list of {size}integers")
    return list(value)


def per_seat(name: str) -> Loader:
    """One integer per seat."""
    return lambda value, state: _ints(value, state.players, name)


def per_city(name: str) -> Loader:
    """One integer per city of the board, in the map's order."""
    return lambda value, state: _ints(value, len(state.comp.board.cities), name)


def per_unit(name: str) -> Loader:
    """One integer per neutral unit of the edition."""
    return lambda value, state: _ints(value, len(state.comp.units), name)


def int_list(name: str) -> Loader:
    """A list of integers of any length."""
    return lambda value, state: _ints(value, None, name)


def seat_lists(name: str) -> Loader:
    """A list of integers per seat (the tiles each seat holds)."""

    def load(value: Any, state: Any) -> list[list[int]]:
        if not isinstance(value, list) or len(value) != state.players:
            raise ValueError(f"'{name}' must be a list of {state.players} lists")
        return [_ints(v, None, name) for v in value]

    return load


def knights(value: Any, state: ZkState) -> list[str]:
    """The knight of each seat, by id."""
    ids = state.comp.knight_ids
    if (
        not isinstance(value, list)
        or len(value) != state.players
        or any(not isinstance(k, str) or k not in ids for k in value)
    ):
        raise ValueError(f"'knights' must name {state.players} knights of the edition")
    return [str(k) for k in value]


def _card(code: Any, state: ZkState) -> int:
    c = parse_card_code(code)
    if not 0 <= c < len(state.comp.cards):
        raise ValueError(f"unknown card {code!r}")
    return c


def cards(name: str) -> Loader:
    """A pile of card codes, in order."""

    def load(value: Any, state: ZkState) -> list[int]:
        if not isinstance(value, list):
            raise ValueError(f"'{name}' must be a list of card codes")
        return [_card(c, state) for c in value]

    return load


def save_cards(pile: list[int]) -> list[str]:
    return [card_code(c) for c in pile]


def hands(value: Any, state: ZkState) -> list[list[int]]:
    """Each seat's hand of card codes, kept in card order."""
    if not isinstance(value, list) or len(value) != state.players:
        raise ValueError(f"'hands' must be {state.players} lists of card codes")
    for hand in value:
        if not isinstance(hand, list):
            raise ValueError(f"'hands' must be {state.players} lists of card codes")
    return [sorted(_card(c, state) for c in hand) for hand in value]


def save_hands(hands: list[list[int]]) -> list[list[str]]:
    return [[card_code(c) for c in h] for h in hands]


def tower(value: Any, state: ZkState) -> Tower:
    """The tower with its hidden cube positions (``tower.tower_from_json``)."""
    return tower_from_json(value, state.chance)


def save_tower(t: Tower) -> dict[str, Any]:
    return t.to_json()


def copy_tower(t: Tower) -> Tower:
    """A clone draws from the original's generator until its state throws (``ZkState.throw``
    binds the state's own)."""
    return t.clone(t.chance)


def fight(value: Any, state: ZkState) -> Fight | None:
    return None if value is None else Fight.from_json(value)


def save_fight(f: Fight | None) -> dict[str, Any] | None:
    return None if f is None else f.to_json()


def copy_fight(f: Fight | None) -> Fight | None:
    return None if f is None else f.copy()


def secret(value: Any, state: ZkState) -> SimultaneousChoices | None:
    """The stored secret commitment of a siege round (ZK-H4)."""
    if value is None:
        return None
    out = SimultaneousChoices(tuple(_ints(value["seats"], 2, "secret seats")))
    for s, a in value["chosen"].items():
        out.submit(int(s), action_from_json(a))
    return out


def save_secret(s: SimultaneousChoices | None) -> dict[str, Any] | None:
    if s is None:
        return None
    return {"seats": list(s.expected), "chosen": {str(k): a.to_json() for k, a in s.choices()}}


def copy_secret(s: SimultaneousChoices | None) -> SimultaneousChoices | None:
    return None if s is None else s.clone()
