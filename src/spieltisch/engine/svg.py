"""Small SVG-writing helpers shared by the games' SVG renderers (standard library only).

The renderers run once per seat per move on the web table, so the helpers memoise the
escaping of the short strings that recur in every picture (numbers, colours, names, labels);
every cache is bounded and keyed on the whole input, so output never depends on what was
rendered before."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from html import escape
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any

CACHE_SIZE = 8192  # distinct short strings per cache; a picture has a few hundred
SHORT = 64  # longer strings (action payloads, sentences) are escaped without caching
_COMPACT = json.JSONEncoder(separators=(",", ":"))
# ``JSONEncoder.encode`` builds its C encoder on every call, which costs more than the
# encoding of a small action; this one is built once and gives the same text.
_C_ENCODER = (
    None
    if c_make_encoder is None
    else c_make_encoder(
        None, _COMPACT.default, encode_basestring_ascii, None, ":", ",", False, False, True
    )
)


def _compact(action: dict[str, Any]) -> str:
    if _C_ENCODER is None:  # pragma: no cover - CPython always has the C accelerator
        return _COMPACT.encode(action)
    return "".join(_C_ENCODER(action, 0))


def _ascii(text: str, quote: bool) -> str:
    """``text`` escaped for XML, every character beyond ASCII as a character reference
    (``&#9733;``): a picture of ASCII only is half the memory of one with a single ★ in it
    (Python stores a string at the width of its widest character), and the web table
    encodes, cuts and compresses it as it is."""
    escaped = escape(text, quote=quote)
    return escaped if escaped.isascii() else escaped.encode("ascii", "xmlcharrefreplace").decode()


@lru_cache(maxsize=CACHE_SIZE)
def _quoted(text: str) -> str:
    return '"' + _ascii(text, True) + '"'


def attr(value: Any) -> str:
    """A quoted, escaped XML attribute value."""
    text = value if type(value) is str else str(value)
    if len(text) > SHORT:
        return '"' + _ascii(text, True) + '"'
    return _quoted(text)


@lru_cache(maxsize=CACHE_SIZE)
def _num(value: float) -> str:
    return f"{value:g}"


def num(value: float) -> str:
    """``f"{value:g}"``, memoised: formatting a number costs more than a cache look-up, and
    pictures repeat the same coordinates (equal ints and floats format alike; zero is
    formatted directly, because ``-0.0`` equals ``0`` but prints ``-0``)."""
    return _num(value) if value else f"{value:g}"


@lru_cache(maxsize=CACHE_SIZE)
def _content(text: str) -> str:
    return _ascii(text, False)


def content(text: str) -> str:
    """``text`` escaped for element content (``&``, ``<``, ``>``; beyond ASCII as
    character references)."""
    return _content(text) if len(text) <= SHORT else _ascii(text, False)


@lru_cache(maxsize=CACHE_SIZE)
def _escaped(text: str) -> str:
    return _ascii(text, True)


def esc(text: str) -> str:
    """``html.escape(text)`` (quotes too; beyond ASCII as character references), memoised
    for short strings."""
    return _escaped(text) if len(text) <= SHORT else _ascii(text, True)


def text_element(x: float, y: float, text: str, size: int = 13, **attrs: Any) -> str:
    """A ``<text>`` element; keyword ``font_weight="bold"`` becomes ``font-weight="bold"``."""
    extra = "".join([f" {k.replace('_', '-')}={attr(v)}" for k, v in attrs.items()])
    body = _content(text) if len(text) <= SHORT else _ascii(text, False)
    return f'<text x="{num(x)}" y="{num(y)}" font-size="{size}"{extra}>{body}</text>'


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
    return _compact(action)


def action_attr(action: dict[str, Any]) -> str:
    """``action_payload(action)`` quoted and escaped as an attribute value."""
    return '"' + escape(_compact(action), quote=True) + '"'


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
            f'<g class="target button" data-action={action_attr(action)} '
            'style="cursor:pointer">'
            f'<rect x="{x}" y="{top + 4}" width="{w}" height="22" rx="5" fill="#e8f8f5" '
            'stroke="#00c853" stroke-width="2"/>'
            + text_element(x + 7, top + 19, label, 12)
            + "</g>"
        )
        x += w + 8
    out.append("</g>")
    return out, top + 32
