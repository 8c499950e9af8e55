"""The unit deck as replaceable data (§2.3, §2.4) and the card pool of a game (KC-R2)."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine.errors import DataError
from .symbols import parse_symbol_set, slots_of_mask

DEFAULT_DECK = "proposal-a"
HAND_SIZE = 5
CARDS_PER_TERRITORY = 4
TERRITORIES = 5


def copies_for(players: int) -> int:
    """One copy of the deck for 2 players, two for 3-4 (KC-R2)."""
    return 1 if players == 2 else 2


@functools.cache
def default_deck_slots() -> tuple[str, ...]:
    text = resources.files(__package__).joinpath("data/deck_proposal_a.toml").read_text("utf-8")
    return tuple(_deck_from_toml(tomllib.loads(text), "deck_proposal_a.toml"))


def _deck_from_toml(doc: dict[str, Any], where: str) -> list[str]:
    cards = doc.get("card")
    if not isinstance(cards, list) or not cards:
        raise DataError(f"{where}: no [[card]] entries")
    out = []
    for i, card in enumerate(cards, start=1):
        label = f"{where}: card {i}"
        if not isinstance(card, dict):
            raise DataError(f"{label} must be a table")
        expected_id = f"K{i:02d}"
        if "id" in card and card["id"] != expected_id:
            raise DataError(
                f"{label} has id {card['id']!r}; ids go in list order, expected {expected_id!r}"
            )
        if "symbols" not in card and "slots" not in card:
            raise DataError(f"{label} ({expected_id}) needs 'symbols' (a list of names) or 'slots'")
        try:
            mask = parse_symbol_set(
                card.get("symbols", card.get("slots")), f"{label} ({expected_id})"
            )
            if "symbols" in card and "slots" in card:
                other = parse_symbol_set(card["slots"], f"{label} ({expected_id})")
                if other != mask:
                    raise ValueError(f"{label} ({expected_id}): 'symbols' and 'slots' disagree")
        except ValueError as exc:
            raise DataError(str(exc)) from None
        provenance = card.get("provenance", "reconstructed")
        if provenance not in ("seed", "sourced", "reconstructed"):
            raise DataError(
                f"{label}: provenance {provenance!r} is not seed, sourced or reconstructed"
            )
        out.append(slots_of_mask(mask))
    return out


def load_edition(path: str | Path) -> list[str]:
    """Read a deck file (TOML, format of ``data/deck_proposal_a.toml``) and return its cards
    as slot strings. Raises ``DataError`` naming the file, the card and the problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read deck file {path}: {exc.strerror}") from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"deck file {path} is not valid TOML: {exc}") from None
    return _deck_from_toml(doc, str(path))


def normalize_deck_option(value: Any, players: int) -> Any:
    """Validate option ``deck`` (KC-R5): the name ``proposal-a`` or a list of cards, each a
    slot string or a list of symbol names. Returns the name or a list of slot strings."""
    if value == DEFAULT_DECK:
        return DEFAULT_DECK
    if isinstance(value, str):
        raise ValueError(f"unknown deck {value!r}; use {DEFAULT_DECK!r} or a list of cards")
    if not isinstance(value, list) or not value:
        raise ValueError("a deck is a non-empty list of cards")
    slots = [slots_of_mask(parse_symbol_set(card, f"card {i}")) for i, card in enumerate(value, 1)]
    copies = copies_for(players)
    pool = len(slots) * copies
    need = 25 * players
    if pool < need:
        raise ValueError(
            f"a {players}-player game needs a card pool of at least {need} cards; "
            f"{len(slots)} cards x {copies} deck cop{'y' if copies == 1 else 'ies'} = {pool} "
            "(KC-R5)"
        )
    return slots


@dataclass(frozen=True, eq=False)
class CardPool:
    """Every card of one game: ids, symbol masks and the index of each id. Shared by all
    states of that configuration (immutable)."""

    ids: tuple[str, ...]
    masks: tuple[int, ...]
    index: dict[str, int]
    base_count: int
    mask_histogram: tuple[int, ...]  # cards per symbol mask (32 slots)
    symbol_counts: tuple[int, ...]  # cards showing each symbol

    def __len__(self) -> int:
        return len(self.ids)


@functools.lru_cache(maxsize=64)
def card_pool(deck: tuple[str, ...], copies: int) -> CardPool:
    width = max(2, len(str(len(deck))))
    base = [f"K{i:0{width}d}" for i in range(1, len(deck) + 1)]
    masks = tuple(parse_symbol_set(s, "deck") for s in deck)
    if copies == 1:
        ids = tuple(base)
        all_masks = masks
    else:
        ids = tuple(f"{b}-{suffix}" for suffix in "AB"[:copies] for b in base)
        all_masks = masks * copies
    histogram = [0] * 32
    for mask in all_masks:
        histogram[mask] += 1
    symbols = tuple(sum(1 for m in all_masks if m >> s & 1) for s in range(5))
    index = {cid: i for i, cid in enumerate(ids)}
    return CardPool(ids, all_masks, index, len(deck), tuple(histogram), symbols)


def pool_for(deck_option: Any, players: int) -> CardPool:
    slots = default_deck_slots() if deck_option == DEFAULT_DECK else tuple(deck_option)
    return card_pool(slots, copies_for(players))
