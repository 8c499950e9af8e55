"""The editions in play (rules 2.7, ZK-O11): the default one, editions given by the
``edition_data`` option (parsed once per process), the short key a view names its edition
by, and the edition being rendered (``SHOWN_EDITION``: pictures, captions and sentences see
only JSON, never the state)."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine.data import read_json_file
from ...engine.errors import DataError
from .components import SHOWN_EDITION, Components
from .edition_data import parse_components


@cache
def default_components() -> Components:
    text = resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    return parse_components(json.loads(text))


def components_for(option: Any) -> Components:
    """The components selected by the ``edition_data`` option."""
    if option == "default":
        return default_components()
    return _parsed(json.dumps(option, sort_keys=True))


def edition_key(option: Any) -> str:
    """A short name for an edition, shown in views so that renderers, which see only the
    view, draw the board and cards of the edition in play (``components_by_key``)."""
    if option == "default":
        return "default"
    text = json.dumps(option, sort_keys=True)
    _parsed(text)
    return _key_of_text(text)


def components_by_key(key: Any) -> Components:
    """The components an ``edition_key`` names (editions parsed in this process), else the
    default edition."""
    return _BY_KEY.get(key) or default_components()


_BY_KEY: dict[str, Components] = {}


def shown_components() -> Components:
    """The components of the edition being rendered (``SHOWN_EDITION``)."""
    return components_by_key(SHOWN_EDITION.get())


def _key_of_text(text: str) -> str:
    return "edition-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@cache
def _parsed(text: str) -> Components:
    comp = parse_components(json.loads(text))
    _BY_KEY[_key_of_text(text)] = comp
    return comp


def load_edition_file(path: Path) -> dict[str, Any]:
    """``--edition FILE``: a components JSON file, or a map text file (rules 3.1) used with
    the default knights, tiles and cards."""
    if path.suffix == ".txt":
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DataError(f"cannot read map file {path}: {exc.strerror}") from None
        obj = json.loads(
            resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
        )
        obj["map"] = text.split("\n")
    else:
        obj = read_json_file(path, "components")
    parse_components(obj)
    if not isinstance(obj, dict):  # pragma: no cover - parse_components checked it
        raise DataError("components data must be a JSON object")
    return obj
