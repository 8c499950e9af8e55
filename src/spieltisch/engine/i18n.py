"""Message catalogs: the words of the games and the page in English and German, from gettext
``.po`` files (standard library only; Babel extracts the messages, ``spieltisch
translations``).

Each package that speaks to players keeps its catalogs in ``<package>/locale/<lang>.po``
(``en.po``, ``de.po``). The English text is the message id, so an English catalog may leave
a ``msgstr`` empty (the id is the text); the German catalog translates every message
(``tests/test_translations.py`` checks that both catalogs hold every message the code
marks, and that no German text is missing). Code marks its messages with the names Babel
extracts (so a catalog is first bound to ``_``; ``catalog(lang)("…")`` is not extracted):

    _ = translator("spieltisch.games.medina", lang)
    _.gettext("Your turn")                      # or _("Your turn")
    _.pgettext("colour", "grey")                # the same English word in another sense
    _.ngettext("{n} card", "{n} cards", n)      # English and German: one form for n == 1

``.po`` files are read directly (no compiled ``.mo`` files in the repository): a small
reader of the format's strings, contexts and plural forms, cached per package and
language.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

LANGUAGES = ("en", "de")
DEFAULT = "en"


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is declared (an option's label, a
    tutorial's words); it is translated later, where it is shown."""
    return message


def lang_of(lang: str | None) -> str:
    """The catalog language for a requested one: ``de``, ``de-AT``, ``de_CH`` → ``de``; any
    language without a catalog reads English."""
    code = (lang or DEFAULT).replace("_", "-").split("-", 1)[0].lower()
    return code if code in LANGUAGES else DEFAULT


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read (the message names the file and line)."""


@dataclass
class Entry:
    context: str | None
    msgid: str
    plural: str | None = None
    strings: list[str] = field(default_factory=list)
    fuzzy: bool = False
    line: int = 0


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {text[:40]!r}")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as exc:
        raise CatalogError(f"{where}: bad string {text[:40]!r}") from exc
    if not isinstance(value, str):
        raise CatalogError(f"{where}: bad string {text[:40]!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file (the header entry, ``msgid ""``, included)."""
    entries: list[Entry] = []
    parts: dict[str, str] = {}
    first_line = 0
    fuzzy = False  # a "#, fuzzy" flag: for the entry that follows it
    key: str | None = None  # the field a following "..." line continues

    def finish() -> None:
        nonlocal fuzzy
        if "msgid" in parts:
            strings = [parts[k] for k in sorted(k for k in parts if k.startswith("msgstr"))]
            entries.append(
                Entry(
                    parts.get("msgctxt"),
                    parts["msgid"],
                    parts.get("msgid_plural"),
                    strings,
                    fuzzy,
                    first_line,
                )
            )
            fuzzy = False
        parts.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line or line.startswith("#"):
            if parts and any(k.startswith("msgstr") for k in parts):
                finish()
            key = None
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            if key is None:
                raise CatalogError(f"{where}: a string continues no field")
            parts[key] += _unquote(line, where)
            continue
        word, _, rest = line.partition(" ")
        if word.startswith("msgstr[") and word.endswith("]") and word[7:-1].isdigit():
            word = "msgstr" + word[7:-1].rjust(3, "0")
        elif word == "msgstr":
            word = "msgstr000"
        elif word not in ("msgctxt", "msgid", "msgid_plural"):
            raise CatalogError(f"{where}: unknown keyword {word!r}")
        if word in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in parts):
            finish()
        if word in parts:
            raise CatalogError(f"{where}: {word} twice in one entry")
        if not parts:
            first_line = number
        parts[word] = _unquote(rest, where)
        key = word
    finish()
    return entries


class Catalog:
    """One package's messages in one language."""

    def __init__(self, lang: str, entries: list[Entry]) -> None:
        self.lang = lang
        self.messages: dict[tuple[str | None, str], list[str]] = {}
        for e in entries:
            if e.msgid and not e.fuzzy and any(e.strings):
                self.messages[(e.context, e.msgid)] = e.strings

    def gettext(self, msgid: str) -> str:
        found = self.messages.get((None, msgid))
        return found[0] if found and found[0] else msgid

    __call__ = gettext

    def pgettext(self, context: str, msgid: str) -> str:
        found = self.messages.get((context, msgid))
        return found[0] if found and found[0] else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._plural(None, singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._plural(context, singular, plural, n)

    def _plural(self, context: str | None, singular: str, plural: str, n: int) -> str:
        index = 0 if n == 1 else 1  # English and German (Plural-Forms: nplurals=2; n != 1)
        found = self.messages.get((context, singular))
        if found and len(found) > index and found[index]:
            return found[index]
        return singular if index == 0 else plural


def _resource(package: str, lang: str) -> str | None:
    try:
        path = resources.files(package).joinpath("locale", f"{lang}.po")
        return path.read_text("utf-8") if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError):
        return None


@lru_cache(maxsize=64)
def translator(package: str, lang: str | None = DEFAULT) -> Catalog:
    """The catalog of ``package`` (a dotted package name) in ``lang`` (English if the
    package has no catalog for it)."""
    code = lang_of(lang)
    text = _resource(package, code)
    return Catalog(code, [] if text is None else parse_po(text, f"{package}/locale/{code}.po"))


def catalog_entries(package: str, lang: str) -> Iterator[Entry]:
    """Every entry of a package's catalog (for the checks and the extraction tool)."""
    text = _resource(package, lang)
    if text is not None:
        yield from parse_po(text, f"{package}/locale/{lang}.po")
