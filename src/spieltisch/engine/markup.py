"""Text-layout helpers shared by the games' terminal renderers.

Renderers return Rich console *markup* strings (``[bold]…[/bold]``) so that the games stay
free of third-party imports; these helpers measure and lay out such strings."""

from __future__ import annotations

import re
from collections.abc import Sequence

# an opening or closing Rich tag: [bold], [/], [#c0392b on #1f3a7a], [@click] ...
_TAG = re.compile(r"(?<!\\)\[/?(?:[a-z#@][^\[\]]*)?\]")


def escape(text: str) -> str:
    """Make ``text`` print literally inside Rich markup."""
    return text.replace("[", "\\[")


def strip_markup(markup: str) -> str:
    """The plain text of ``markup`` (for tests and logs)."""
    return _TAG.sub("", markup).replace("\\[", "[")


def visible_len(markup: str) -> int:
    """Width of ``markup`` on screen (tags removed, escapes resolved)."""
    return len(strip_markup(markup))


def pad(markup: str, width: int) -> str:
    """``markup`` followed by spaces up to ``width`` visible columns."""
    return markup + " " * max(0, width - visible_len(markup))


def wrap(items: Sequence[str], indent: str, width: int, gap: str) -> list[str]:
    """Lay out markup ``items`` on as few lines as fit in ``width`` columns."""
    lines: list[str] = []
    line, used = indent, len(indent)
    for item in items:
        w = visible_len(item)
        if used > len(indent) and used + len(gap) + w > width:
            lines.append(line)
            line, used = indent, len(indent)
        if used > len(indent):
            line += gap
            used += len(gap)
        line += item
        used += w
    if used > len(indent):
        lines.append(line)
    return lines
