"""Reading component data files (decks, rulesets) with errors that name the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import DataError


def read_json_file(path: str | Path, what: str) -> Any:
    """The parsed JSON of ``path``; ``DataError`` says which ``what`` file could not be read
    or parsed, and why."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read {what} file {path}: {exc.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{what} file {path} is not valid JSON: {exc}") from None


def require_int(value: Any, where: str, minimum: int = 0) -> int:
    """``value`` if it is an integer >= ``minimum``; ``DataError`` naming ``where`` otherwise."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise DataError(f"ruleset data: {where} must be an integer >= {minimum}, not {value!r}")
    return value


def require_object(value: Any, where: str) -> dict[str, Any]:
    """``value`` if it is a JSON object; ``DataError`` naming ``where`` otherwise."""
    if not isinstance(value, dict):
        raise DataError(f"ruleset data: {where} must be an object")
    return value
