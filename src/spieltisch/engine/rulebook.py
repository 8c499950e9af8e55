"""A game's rulebook: the text of every numbered rule (``KC-R15``, ``MD-R14`` ...), in each
language, so that any rule id a player meets (an error, a log line, a tooltip) can be looked
up. The English rulebook is extracted from the rules specification
(``spieltisch rulebook extract``); translations keep its ids and sections.

Format of ``rulebook.<lang>.md`` in the game's package: ``## `` lines name the section of
the specification, ``### <ID>`` lines start a rule, whose Markdown text follows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

# a rule id: the game's prefix (KC, MD, TR, ZK, or an installed game's own: GS), a dash,
# one or two letters and a number (KC-R15, ZK-EV02, GS-R1)
_ID = r"[A-Z]{2,3}-[A-Z]{1,2}[0-9]+[a-z]?"
RULE_ID = re.compile(rf"\b{_ID}\b")
_START = re.compile(rf"^(?:#{{2,5}} |- \*\*|\*\*)({_ID})\b")
_HEADING = re.compile(r"^(#{1,5}) (.*)$")
_ROW = re.compile(rf"^\| *({_ID}) *\|")


@dataclass(frozen=True)
class Rule:
    id: str
    section: str
    text: str  # Markdown


@dataclass(frozen=True)
class Rulebook:
    lang: str
    rules: dict[str, Rule]

    def get(self, rule_id: str) -> Rule | None:
        return self.rules.get(rule_id)


def parse(text: str, lang: str) -> Rulebook:
    """A rulebook file read back (see the module's docstring)."""
    rules: dict[str, Rule] = {}
    section = ""
    current: str | None = None
    lines: list[str] = []

    def close() -> None:
        if current is not None:
            rules[current] = Rule(current, section, "\n".join(lines).strip())

    for line in text.splitlines():
        if line.startswith("### "):
            close()
            current, lines = line[4:].strip(), []
        elif line.startswith("## "):
            close()
            current, lines = None, []
            section = line[3:].strip()
        elif current is not None:
            lines.append(line)
    close()
    return Rulebook(lang, rules)


@cache
def rulebook(package: str, lang: str) -> Rulebook:
    """The rulebook of the game in ``package`` in ``lang`` (English where the language has
    none)."""
    files = resources.files(package)
    name = f"rulebook.{lang}.md"
    if not files.joinpath(name).is_file():
        name = "rulebook.en.md"
    return parse(files.joinpath(name).read_text("utf-8"), lang)


def extract(spec: str) -> list[tuple[str, str, str]]:
    """``(section, id, markdown)`` of every rule of a rules specification, in order.

    A rule starts at a line that opens with its id (a heading ``### MD-D1 …``, a list item
    ``- **MD-R14 …**`` or a paragraph ``**KC-R10** …``). A heading rule runs to the next
    heading; a list-item rule to the next line that is not indented; a paragraph rule to the
    next rule or heading. A table row that opens with an id (the event cards, the options)
    is a rule of its own: the table's header with that row."""
    out: list[tuple[str, str, str]] = []
    section = ""
    current: tuple[str, str, str] | None = None  # id, kind, section
    body: list[str] = []

    def close() -> None:
        if current is not None:
            out.append((current[2], current[0], "\n".join(body).strip()))

    in_code = False
    table: list[str] = []  # the header lines of the table being read
    for line in spec.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if line.startswith("|") and not in_code:
            row = _ROW.match(line)
            if row and len(table) >= 2 and (current is None or current[1] != "para"):
                out.append((section, row.group(1), "\n".join([*table[:2], line])))
                continue
            if len(table) < 2:
                table.append(line)
        else:
            table = []
        start = None if in_code else _START.match(line)
        heading = None if in_code else _HEADING.match(line)
        if start:
            close()
            kind = "heading" if line.startswith("#") else "item" if line.startswith("-") else "para"
            current = (start.group(1), kind, section)
            body = [line.lstrip("#").strip() if kind == "heading" else line]
            if kind == "heading":
                body[0] = f"**{body[0]}**"
            continue
        if heading:
            close()
            current, body = None, []
            section = heading.group(2).strip()
            continue
        if current is None:
            continue
        if current[1] == "item" and line and not line.startswith((" ", "\t")):
            close()
            current, body = None, []
            continue
        body.append(line[2:] if current[1] == "item" and line.startswith("  ") else line)
    close()
    return out


def write(rules: list[tuple[str, str, str]], source: str) -> str:
    """The rulebook file for ``extract``'s rules (the first text of an id wins)."""
    out = [f"<!-- extracted from {source} by `spieltisch rulebook extract`; do not edit -->"]
    section = None
    seen: set[str] = set()
    for sec, rule_id, text in rules:
        if rule_id in seen:
            continue
        seen.add(rule_id)
        if sec != section:
            out += ["", f"## {sec}"]
            section = sec
        out += ["", f"### {rule_id}", "", text]
    return "\n".join(out) + "\n"
