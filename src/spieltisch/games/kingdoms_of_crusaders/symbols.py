"""The five unit symbols (KC-R4) and the slot-string notation of a card."""

from __future__ import annotations

# Index s is rank s + 1: Lance 1 < Bow 2 < Sword 3 < Helmet 4 < Banner 5 (their names in
# the reader's language: words.symbol_names).
SYMBOLS = ("LANCE", "BOW", "SWORD", "HELMET", "BANNER")
COLOURS = ("#8b5a2b", "#2f6fb3", "#2e8b57", "#d4a017", "#c0392b")  # display only (§2.1)
RANK = {name: i + 1 for i, name in enumerate(SYMBOLS)}


def mask_of_slots(slots: str) -> int:
    """``"..34."`` -> bit mask (bit s set when symbol of rank s+1 is present)."""
    mask = 0
    for s, ch in enumerate(slots):
        if ch != ".":
            mask |= 1 << s
    return mask


def slots_of_mask(mask: int) -> str:
    return SLOTS[mask]


SLOTS: tuple[str, ...] = tuple(
    "".join(str(s + 1) if mask >> s & 1 else "." for s in range(5)) for mask in range(32)
)


MASK_SYMBOLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(5) if mask >> s & 1) for mask in range(32)
)


def parse_symbol_set(value: object, where: str) -> int:
    """A card's symbols as a slot string (``"12.4."``) or a list of names; returns the mask.
    Raises ``ValueError`` naming the problem (KC-R3, KC-R5)."""
    if isinstance(value, str):
        text = value.strip()
        if len(text) != 5 or any(ch not in (".", str(i + 1)) for i, ch in enumerate(text)):
            raise ValueError(
                f"{where}: slot string {value!r} must have 5 characters, slot i showing its "
                "rank digit i or '.', e.g. '..34.'"
            )
        mask = mask_of_slots(text)
    elif isinstance(value, list):
        mask = 0
        for item in value:
            name = str(item).strip().upper()
            if name not in RANK:
                raise ValueError(f"{where}: unknown symbol {item!r} (known: {', '.join(SYMBOLS)})")
            bit = 1 << (RANK[name] - 1)
            if mask & bit:
                raise ValueError(f"{where}: symbol {name} appears twice on one card (KC-R3)")
            mask |= bit
    else:
        raise ValueError(f"{where}: a card is a slot string or a list of symbol names")
    if mask == 0:
        raise ValueError(f"{where}: a card must show at least one symbol (KC-R3)")
    return mask
