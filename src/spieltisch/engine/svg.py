"""Small SVG-writing helpers shared by the games' SVG renderers (standard library only)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any


def attr(value: Any) -> str:
    """A quoted, escaped XML attribute value."""
    return '"' + escape(str(value), quote=True) + '"'


def text_element(x: float, y: float, text: str, size: int = 13, **attrs: Any) -> str:
    """A ``<text>`` element; keyword ``font_weight="bold"`` becomes ``font-weight="bold"``."""
    extra = "".join(f" {k.replace('_', '-')}={attr(v)}" for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(text, quote=False)}</text>'


class Panel:
    """Lines of text stacked downwards in a side panel of an SVG picture."""

    LINE = 17  # pixels per line of the default size

    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y
        self.out: list[str] = []

    def line(self, text: str, size: int = 13, indent: int = 0, **attrs: Any) -> None:
        self.y += self.LINE if size <= 13 else self.LINE + 5
        self.out.append(text_element(self.x + indent, self.y, text, size, **attrs))

    def gap(self) -> None:
        self.y += 8

    def swatch(self, colour: str, dx: int = 0, size: int = 11) -> None:
        """A small square in ``colour`` beside the line just written (``dx`` from the
        panel's left edge)."""
        self.out.append(
            f'<rect x="{self.x + dx}" y="{self.y - 10}" width="{size}" height="{size}" '
            f'fill="{colour}" stroke="#222" stroke-width="0.6"/>'
        )

    def wrapped(
        self, items: Sequence[str], indent: int, size: int = 12, width: int = 50, **attrs: Any
    ) -> None:
        """``items`` joined by spaces into lines of at most ``width`` characters."""
        line = ""
        for item in items:
            candidate = f"{line} {item}" if line else item
            if len(candidate) > width and line:
                self.line(line, size, indent, **attrs)
                candidate = item
            line = candidate
        if line:
            self.line(line, size, indent, **attrs)


def action_payload(action: dict[str, Any]) -> str:
    """An action's JSON as it goes into a ``data-action`` attribute (compact)."""
    return json.dumps(action, separators=(",", ":"))


def button_rows(
    items: Sequence[tuple[str, dict[str, Any]]], left: int, right: int, top: int
) -> tuple[list[str], int]:
    """``(label, action)`` pairs as clickable buttons in rows from ``left``, wrapping before
    ``right``; returns the group and the y below it."""
    out = ['<g class="buttons">']
    x = left
    for label, action in items:
        w = 14 + 7 * len(label)
        if x + w > right and x > left:
            x = left
            top += 28
        out.append(
            f'<g class="target button" data-action={attr(action_payload(action))} '
            'style="cursor:pointer">'
            f'<rect x="{x}" y="{top + 4}" width="{w}" height="22" rx="5" fill="#e8f8f5" '
            'stroke="#00c853" stroke-width="2"/>'
            + text_element(x + 7, top + 19, label, 12)
            + "</g>"
        )
        x += w + 8
    out.append("</g>")
    return out, top + 32
