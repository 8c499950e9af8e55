"""``spieltisch translations``: keep the message catalogs (``<package>/locale/en.po`` and
``de.po``) in step with the code, with Babel's extractor (``engine/i18n.py`` reads them).

``update`` extracts every marked message of each package that has a ``locale`` folder and
merges it into the package's catalogs: new messages are added (German still to translate),
messages the code no longer uses are dropped, translations are kept; a comment starting
``# TRANSLATORS:`` just above a marked message goes into the catalogs as a note. ``check`` reports
what is missing or stale without writing, and fails if anything is (the test suite runs
the same check). Babel comes with the ``test`` extra (``pip install -e '.[test]'``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any

import typer

from ..engine.i18n import LANGUAGES, catalog_entries
from ..engine.registry import manifests
from .console import fail, out

INSTALL_BABEL = "pip install -e '.[test]' (or pip install babel)"
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
Key = tuple[str | None, str]
PAGE_WORDS = re.compile(r'data-t(?:-label)?="([^"{}]+)"')


def catalog_packages() -> list[str]:
    """The packages with a ``locale`` folder: spieltisch's own layers (the engine's words,
    the server's page) and every installed game that has one (found through its manifest)."""
    import spieltisch

    root = Path(spieltisch.__file__).parent
    games_dir = root / "games"
    own = [
        p.parent
        for p in root.rglob("locale")
        if p.is_dir() and p.parent != root and games_dir not in p.parents
    ]
    found = {"spieltisch." + ".".join(p.relative_to(root).parts) for p in own}
    found |= {m.package for m in manifests().values() if m.has_catalogs()}
    return sorted(found)


def _package_dir(package: str) -> Path:
    module = import_module(package)
    assert module.__file__ is not None
    return Path(module.__file__).parent


@dataclass
class Extracted:
    """A message the code marks: its context, id, plural and where it is used."""

    context: str | None
    msgid: str
    plural: str | None
    places: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # "# TRANSLATORS: …" comments


def extract(package: str) -> dict[Key, Extracted]:
    """Every message marked in the package's Python (and JavaScript) files."""
    try:
        from babel.messages.extract import extract_from_dir
    except ImportError as exc:  # pragma: no cover - the test extra has Babel
        raise RuntimeError(f"Babel is not installed: {INSTALL_BABEL}") from exc
    folder = _package_dir(package)
    found: dict[Key, Extracted] = {}
    method_map = [("**/locale/**", "ignore"), ("**.py", "python"), ("**.js", "javascript")]
    for filename, line, message, comments, context in extract_from_dir(
        str(folder),
        method_map=method_map,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        msgid, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
        if not msgid:
            continue
        entry = found.setdefault((context, msgid), Extracted(context, msgid, plural))
        entry.places.append((filename, line))
        entry.notes += [c for c in comments if c not in entry.notes]
    # the pages' static words: elements the page script translates (data-t, data-t-label)
    for path in sorted(folder.rglob("*.py")):
        for number, text in enumerate(path.read_text("utf-8").splitlines(), 1):
            for msgid in PAGE_WORDS.findall(text):
                entry = found.setdefault((None, msgid), Extracted(None, msgid, None))
                entry.places.append((str(path.relative_to(folder)), number))
    return found


@dataclass
class Report:
    package: str
    missing: dict[str, list[Key]]  # per language: marked in the code, not in the catalog
    untranslated: list[Key]  # German entries without a text (or fuzzy)
    stale: dict[str, list[Key]]  # per language: in the catalog, no longer in the code

    @property
    def ok(self) -> bool:
        return not (any(self.missing.values()) or self.untranslated or any(self.stale.values()))


def check(package: str) -> Report:
    marked = extract(package)
    missing: dict[str, list[Key]] = {}
    stale: dict[str, list[Key]] = {}
    untranslated: list[Key] = []
    for lang in LANGUAGES:
        entries = {(e.context, e.msgid): e for e in catalog_entries(package, lang) if e.msgid}
        missing[lang] = sorted((k for k in marked if k not in entries), key=_order)
        stale[lang] = sorted((k for k in entries if k not in marked), key=_order)
        if lang != "en":
            untranslated += [
                k for k, e in entries.items() if k in marked and (e.fuzzy or not all(e.strings))
            ]
    return Report(package, missing, sorted(untranslated, key=_order), stale)


def _order(key: Key) -> tuple[str, str]:
    return (key[0] or "", key[1])


def update(package: str) -> dict[str, int]:
    """Merge the extracted messages into the package's catalogs; per language the number of
    messages added."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    marked = extract(package)
    folder = _package_dir(package) / "locale"
    added: dict[str, int] = {}
    for lang in LANGUAGES:
        path = folder / f"{lang}.po"
        if path.is_file():
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang)
        else:
            catalog = Catalog(
                locale=lang,
                project="spieltisch",
                copyright_holder="the Spieltisch authors",
                header_comment=f"# {package}: the {lang} catalog (spieltisch translations).",
                fuzzy=False,
            )
        catalog.version = spieltisch_version()
        catalog.msgid_bugs_address = "the project's issues"
        catalog.last_translator = catalog.language_team = "the Spieltisch authors"
        before = {(m.context, _msgid(m.id)) for m in catalog if m.id}
        template = Catalog(locale=lang, project="spieltisch")
        template.creation_date = catalog.creation_date  # dates change only with the messages
        for entry in marked.values():
            msgid: Any = (entry.msgid, entry.plural) if entry.plural else entry.msgid
            template.add(
                msgid,
                locations=sorted(set(entry.places)),
                context=entry.context,
                auto_comments=entry.notes,
            )
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        after = {(m.context, _msgid(m.id)) for m in catalog if m.id}
        added[lang] = len(after - before)
        if after != before:
            catalog.revision_date = datetime.now(UTC)
        with path.open("wb") as f:
            # files without line numbers: an edit elsewhere in a module does not touch the catalogs
            write_po(f, catalog, width=100, omit_header=False, include_lineno=False)
    return added


def spieltisch_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("spieltisch")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "0"


def _msgid(value: Any) -> str:
    return str(value[0]) if isinstance(value, tuple | list) else str(value)


def _lines(report: Report) -> Iterator[str]:
    for lang, keys in report.missing.items():
        for context, msgid in keys:
            yield f"{report.package}: missing in {lang}.po: {_show(context, msgid)}"
    for context, msgid in report.untranslated:
        yield f"{report.package}: not translated in de.po: {_show(context, msgid)}"
    for lang, keys in report.stale.items():
        for context, msgid in keys:
            yield f"{report.package}: no longer used, in {lang}.po: {_show(context, msgid)}"


def _show(context: str | None, msgid: str) -> str:
    return f"[{context}] {msgid!r}" if context else repr(msgid)


def translations(
    action: Annotated[str, typer.Argument(help="check (report, fail if incomplete) or update")],
    package: Annotated[
        list[str] | None, typer.Option("--package", help="Only this package (repeatable).")
    ] = None,
) -> None:
    """Keep the message catalogs (English and German .po files) in step with the code."""
    if action not in ("check", "update"):
        fail(f"unknown action {action!r}: check or update")
    packages = package or catalog_packages()
    console = out()
    try:
        if action == "update":
            for name in packages:
                added = update(name)
                console.print(f"{name}: " + ", ".join(f"{k} +{v}" for k, v in added.items()))
        problems = [line for name in packages for line in _lines(check(name))]
    except RuntimeError as exc:
        fail(str(exc))
    for line in problems:
        console.print(line, markup=False)
    if problems:
        fail(f"{len(problems)} catalog entries to fix (spieltisch translations update)")
    console.print(f"{len(packages)} catalogs complete in {', '.join(LANGUAGES)}")
