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
    out: list[str] = []
    para: list[str] = []
    items: list[tuple[int, bool, str]] = []
    table: list[str] = []

    def flush() -> None:
        if para:
            out.append("<p>" + inline(" ".join(para)) + "</p>")
            para.clear()
        if items:
            out.append(_list(items))
            items.clear()
        if table:
            out.append(_table(table))
            table.clear()

    in_code = False
    code: list[str] = []
    for line in markdown.splitlines():
        if line.startswith("```"):
            if in_code:
                out.append("<pre><code>" + escape("\n".join(code)) + "</code></pre>")
                code.clear()
            else:
                flush()
            in_code = not in_code
            continue
        if in_code:
            code.append(line)
            continue
        if line.lstrip().startswith("<!--"):
            continue
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            level = min(6, len(heading.group(1)) + heading_base)
            out.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
            continue
        if stripped.startswith("|"):
            if para or items:
                flush()
            table.append(stripped)
            continue
        if table:
            flush()
        match = _LIST.match(line)
        if match:
            if para:
                flush()
            items.append((len(match.group(1)), match.group(2)[0].isdigit(), match.group(3)))
            continue
        if items and line.startswith(" "):  # a list item's continuation line
            indent, ordered, text = items[-1]
            items[-1] = (indent, ordered, text + " " + stripped)
            continue
        if items:
            flush()
        para.append(stripped)
    flush()
    return "\n".join(out)
