"""Markdown of the rules texts as HTML for the Rules panel: headings, paragraphs, nested
lists, tables, emphasis and code — the subset the rules summaries and rulebooks use (no
raw HTML: everything is escaped). Every rule id becomes a link the page opens in the panel."""

from __future__ import annotations

import re
from html import escape

from ..engine.rulebook import RULE_ID

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_LIST = re.compile(r"^( *)([-*+]|\d+[.)]) +(.*)$")
_HEADING = re.compile(r"^(#{1,6}) +(.*)$")


def rule_link(rule_id: str) -> str:
    return f'<a class="rule-link" href="#rule={rule_id}" data-rule="{rule_id}">{rule_id}</a>'


def inline(text: str) -> str:
    """One line's inline markup: code spans first (their text stays literal), then
    emphasis and rule links."""
    parts = _CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"<code>{escape(part)}</code>")
            continue
        html = escape(part, quote=False)
        html = _BOLD.sub(r"<strong>\1</strong>", html)
        html = _ITALIC.sub(r"<em>\1</em>", html)
        html = RULE_ID.sub(lambda m: rule_link(m.group(0)), html)
        out.append(html)
    return "".join(out)


def _table(rows: list[str]) -> str:
    def cells(row: str) -> list[str]:
        row = row.strip()
        if row.startswith("|"):
            row = row[1:]
        if row.endswith("|"):
            row = row[:-1]
        return [c.strip() for c in row.split("|")]

    head = cells(rows[0])
    body = [cells(r) for r in rows[2:]] if len(rows) > 1 else []
    out = ['<div class="md-table"><table><thead><tr>']
    out += [f"<th>{inline(c)}</th>" for c in head]
    out.append("</tr></thead><tbody>")
    for row in body:
        out.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _list(items: list[tuple[int, bool, str]]) -> str:
    """Nested lists from ``(indent, ordered, text)`` items."""
    out: list[str] = []
    stack: list[tuple[int, str]] = []  # (indent, tag)
    for indent, ordered, text in items:
        tag = "ol" if ordered else "ul"
        while stack and indent < stack[-1][0]:
            out.append(f"</li></{stack.pop()[1]}>")
        if not stack or indent > stack[-1][0]:
            out.append(f"<{tag}><li>")
            stack.append((indent, tag))
        else:
            out.append("</li><li>")
        out.append(inline(text))
    while stack:
        out.append(f"</li></{stack.pop()[1]}>")
    return "".join(out)


def to_html(markdown: str, heading_base: int = 0) -> str:
    """The Markdown as HTML; ``heading_base`` shifts heading levels (``#`` becomes ``h2``
    with 1) so that a panel's own title stays the page's main heading."""
    blocks = _Blocks(heading_base)
    for line in markdown.splitlines():
        blocks.add(line)
    blocks.flush()
    return "\n".join(blocks.out)


class _Blocks:
    """The HTML of a Markdown text, built line by line: the open paragraph, list or table
    is written out (``flush``) when a line ends it."""

    def __init__(self, heading_base: int) -> None:
        self.heading_base = heading_base
        self.out: list[str] = []
        self.para: list[str] = []
        self.items: list[tuple[int, bool, str]] = []
        self.table: list[str] = []
        self.code: list[str] = []
        self.in_code = False

    def flush(self) -> None:
        if self.para:
            self.out.append("<p>" + inline(" ".join(self.para)) + "</p>")
            self.para.clear()
        if self.items:
            self.out.append(_list(self.items))
            self.items.clear()
        if self.table:
            self.out.append(_table(self.table))
            self.table.clear()

    def add(self, line: str) -> None:
        if line.startswith("```"):
            self._fence()
            return
        if self.in_code:
            self.code.append(line)
            return
        if line.lstrip().startswith("<!--"):
            return
        stripped = line.strip()
        if not stripped:
            self.flush()
            return
        heading = _HEADING.match(line)
        if heading:
            self.flush()
            level = min(6, len(heading.group(1)) + self.heading_base)
            self.out.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
            return
        if stripped.startswith("|"):
            if self.para or self.items:
                self.flush()
            self.table.append(stripped)
            return
        if self.table:
            self.flush()
        self._text(line, stripped)

    def _fence(self) -> None:
        """A code fence opens a code block (ending what was open) or closes it."""
        if self.in_code:
            self.out.append("<pre><code>" + escape("\n".join(self.code)) + "</code></pre>")
            self.code.clear()
        else:
            self.flush()
        self.in_code = not self.in_code

    def _text(self, line: str, stripped: str) -> None:
        """A list item, a list item's continuation line, or a line of a paragraph."""
        match = _LIST.match(line)
        if match:
            if self.para:
                self.flush()
            self.items.append((len(match.group(1)), match.group(2)[0].isdigit(), match.group(3)))
            return
        if self.items and line.startswith(" "):  # a list item's continuation line
            indent, ordered, text = self.items[-1]
            self.items[-1] = (indent, ordered, text + " " + stripped)
            return
        if self.items:
            self.flush()
        self.para.append(stripped)
