"""Small SVG-writing helpers shared by the games' SVG renderers (standard library only)."""

from __future__ import annotations

from html import escape
from typing import Any


def attr(value: Any) -> str:
    """A quoted, escaped XML attribute value."""
    return '"' + escape(str(value), quote=True) + '"'


def text_element(x: float, y: float, text: str, size: int = 13, **attrs: Any) -> str:
    """A ``<text>`` element; keyword ``font_weight="bold"`` becomes ``font-weight="bold"``."""
    extra = "".join(f" {k.replace('_', '-')}={attr(v)}" for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(text, quote=False)}</text>'
