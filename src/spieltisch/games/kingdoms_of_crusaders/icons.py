"""Drawn icons of the five unit symbols (standard library only): a lance, a bow, a sword, a
helmet and a banner, each a few SVG paths in a 24×24 box.

An icon is one colour (``ink``) with its cut-outs (a helmet's visor, a bow's string gap) in
``cut``, so that it reads both on a card cell filled with the symbol's colour and on the pale
paper of a legend. Icons carry no text, so they may be scaled."""

from __future__ import annotations

from functools import lru_cache

from ...engine.svg import num
from .symbols import COLOURS

# Ink of an icon and a digit drawn on a cell filled with the symbol's colour: white, but dark
# on the Helmet's gold, where white would be too faint to read.
ON_COLOUR = ("#ffffff", "#ffffff", "#ffffff", "#2b2200", "#ffffff")
# pale tints of the symbol colours, for backgrounds behind an icon in the symbol's colour
TINTS = ("#f1e3d3", "#dde9f6", "#dcefe3", "#f8ecc4", "#f6dcd8")


def _lance(ink: str, cut: str) -> str:
    """A couched lance: a long shaft with a leaf-shaped head and a cone-shaped hand guard."""
    return (
        f'<path d="M3.5 21.5 L17 8" stroke="{ink}" stroke-width="2.4" stroke-linecap="round"/>'
        f'<path d="M15 7.5 L22 2 L16.5 9 Z" fill="{ink}" stroke="{ink}" stroke-width="1"'
        ' stroke-linejoin="round"/>'
        f'<path d="M5 14.5 L9.5 19 L4.5 21.5 L2.5 19.5 Z" fill="{ink}"/>'
        f'<path d="M14.5 9.5 L10 8.5 L12.5 12.5 Z" fill="{ink}"/>'
    )


def _bow(ink: str, cut: str) -> str:
    """A drawn bow with its string and an arrow across it."""
    return (
        f'<path d="M7 2.5 Q21 12 7 21.5" fill="none" stroke="{ink}" stroke-width="2.6"'
        ' stroke-linecap="round"/>'
        f'<path d="M7 2.5 L7 21.5" stroke="{ink}" stroke-width="1"/>'
        f'<path d="M2 12 L18 12" stroke="{ink}" stroke-width="1.8"/>'
        f'<path d="M17 8.5 L22.5 12 L17 15.5 Z" fill="{ink}"/>'
        f'<path d="M2 12 L4.5 9 M2 12 L4.5 15" stroke="{ink}" stroke-width="1.4"/>'
    )


def _sword(ink: str, cut: str) -> str:
    """An upright sword: blade, crossguard, grip and pommel."""
    return (
        f'<path d="M12 1.5 L14.3 4.5 L14.3 15 L9.7 15 L9.7 4.5 Z" fill="{ink}"/>'
        f'<path d="M12 5 L12 14" stroke="{cut}" stroke-width="0.9"/>'
        f'<rect x="5.5" y="15" width="13" height="2.6" rx="1" fill="{ink}"/>'
        f'<rect x="10.8" y="17.6" width="2.4" height="3.6" fill="{ink}"/>'
        f'<circle cx="12" cy="22" r="1.7" fill="{ink}"/>'
    )


def _helmet(ink: str, cut: str) -> str:
    """A crusader's great helm: a rounded top, an eye slit and breathing holes."""
    return (
        f'<path d="M4.5 21.5 L4.5 10 Q4.5 2.5 12 2.5 Q19.5 2.5 19.5 10 L19.5 21.5 Z"'
        f' fill="{ink}"/>'
        f'<rect x="6" y="10" width="12" height="2.4" rx="0.8" fill="{cut}"/>'
        f'<path d="M12 12.4 L12 20" stroke="{cut}" stroke-width="1.2"/>'
        f'<circle cx="8.6" cy="16.5" r="0.9" fill="{cut}"/>'
        f'<circle cx="15.4" cy="16.5" r="0.9" fill="{cut}"/>'
    )


def _banner(ink: str, cut: str) -> str:
    """A swallow-tailed banner on a pole with a knob on top."""
    return (
        f'<path d="M5.5 3 L5.5 22.5" stroke="{ink}" stroke-width="2.2" stroke-linecap="round"/>'
        f'<circle cx="5.5" cy="2.4" r="1.8" fill="{ink}"/>'
        f'<path d="M7 4.5 L21 4.5 L17 9.5 L21 14.5 L7 14.5 Z" fill="{ink}"/>'
        f'<path d="M11.5 7 L11.5 12 M9.3 9.5 L13.7 9.5" stroke="{cut}" stroke-width="1.3"/>'
    )


_DRAW = (_lance, _bow, _sword, _helmet, _banner)
CLASSES = ("lance", "bow", "sword", "helmet", "banner")


def icon(symbol: int, x: float, y: float, size: float, ink: str, cut: str = "none") -> str:
    """The icon of ``symbol`` (0 Lance … 4 Banner) drawn in full in a ``size``-pixel box at
    (x, y), in ``ink`` with its cut-outs in ``cut``."""
    return f'<g class="icon {CLASSES[symbol]}" transform="{_placed(x, y, size)}">' + (
        _DRAW[symbol](ink, cut) + "</g>"
    )


def defs() -> str:
    """The five icons in the ink that reads on their symbol's colour, defined once per
    picture (``<defs>``) and drawn by ``icon_on_colour`` as references: a card with three
    symbols costs three short ``<use>`` elements, not three copies of the paths."""
    shapes = "".join(
        f'<g id="{_ID}{s}">{_DRAW[s](ON_COLOUR[s], COLOURS[s])}</g>' for s in range(len(_DRAW))
    )
    blank = (
        f'<rect id="{BLANK}" x="0.5" y="0.5" width="15" height="37" rx="3" fill="none" '
        'stroke="#d9cfb8" stroke-dasharray="2,2"/>'
    )
    return f"<defs>{shapes}{blank}</defs>"


_ID = "kc-symbol-"
BLANK = "kc-blank-cell"  # an empty symbol cell of a table card


@lru_cache(maxsize=1024)
def _placed(x: float, y: float, size: float) -> str:
    scale = size / 24
    transform = f"translate({num(x)},{num(y)})"
    return transform if scale == 1 else f"{transform} scale({num(round(scale, 4))})"


@lru_cache(maxsize=1024)
def icon_on_colour(symbol: int, x: float, y: float, size: float) -> str:
    """The icon in the ink that reads on a cell filled with the symbol's colour (a reference
    to its definition in ``defs``)."""
    return (
        f'<use href="#{_ID}{symbol}" class="icon {CLASSES[symbol]}" '
        f'transform="{_placed(x, y, size)}"/>'
    )


def legend_icon(symbol: int, size: float = 22) -> str:
    """The icon on a rounded tile of the symbol's colour, at the origin (for a legend)."""
    return (
        f'<rect x="0" y="0" width="{num(size)}" height="{num(size)}" rx="4" '
        f'fill="{COLOURS[symbol]}" stroke="#333" stroke-width="0.8"/>'
        + icon_on_colour(symbol, 2, 2, size - 4)
    )
