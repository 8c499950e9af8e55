"""Declared game options: name, accepted values, default, meaning. Unknown options and bad
values are rejected with a message that names the option."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

Validator = Callable[[Any, int], Any]


@dataclass(frozen=True)
class Option:
    """One option a game accepts.

    ``choices`` lists the accepted values when they are few; otherwise ``validate(value,
    players)`` returns the normalized value or raises ``OptionError``/``ValueError``.
    ``values`` is the human description of accepted values for help texts. ``presets``
    are named values a menu offers for an option whose values are otherwise free (the
    built-in data sets of a data option).

    For players (the lobby, the rules panel), in English marked with ``N_`` so that the
    game's catalogs translate them: ``label`` is the option's human name, ``summary`` one
    line on what it does, ``value_labels`` the accepted values in words (``(value,
    words)`` pairs) and ``source`` where the option comes from: ``seed`` (the user's seed
    describes it), ``sourced`` (the published rules), ``reconstructed`` (the rules file
    fills a gap) or ``digital`` (a setting of the engine: tests, tutorials, research).
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    validate: Validator | None = field(default=None, compare=False)
    values: str = ""
    presets: tuple[Any, ...] = ()
    label: str = ""
    summary: str = ""
    value_labels: tuple[tuple[Any, str], ...] = ()
    source: str = ""

    def normalize(self, value: Any, players: int) -> Any:
        if self.choices is not None:
            for choice in self.choices:
                if value == choice and type(value) is type(choice):
                    return choice
            # accept the string spelling of a choice from command lines ("true", "2")
            if isinstance(value, str):
                for choice in self.choices:
                    if _spell(choice) == value.strip().lower():
                        return choice
            allowed = ", ".join(_spell(c) for c in self.choices)
            raise OptionError(f"option {self.name!r}: {value!r} is not one of {allowed}")
        if self.validate is not None:
            try:
                return self.validate(value, players)
            except OptionError:
                raise
            except (ValueError, TypeError) as exc:
                raise OptionError(f"option {self.name!r}: {exc}") from None
        return value

    def describe_values(self) -> str:
        if self.values:
            return self.values
        if self.choices is not None:
            return ", ".join(_spell(c) for c in self.choices)
        return "any"


SOURCES = ("seed", "sourced", "reconstructed", "digital")


def _spell(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def resolve_options(
    declared: Sequence[Option], given: Mapping[str, Any] | None, players: int
) -> dict[str, Any]:
    """Fill defaults and validate. The result holds every declared option, normalized."""
    given = dict(given or {})
    known = {o.name: o for o in declared}
    unknown = sorted(k for k in given if k not in known)
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise OptionError(f"unknown option {unknown[0]!r}; this game's options are: {names}")
    out: dict[str, Any] = {}
    for option in declared:
        value = given.get(option.name, option.default)
        out[option.name] = option.normalize(value, players)
    return out


def parse_option_assignments(pairs: Sequence[str]) -> dict[str, Any]:
    """Parse ``name=value`` strings from a command line. Values stay strings unless they are
    JSON numbers or JSON lists; options normalize them."""
    import json

    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(f"option {pair!r} must be written name=value")
        name, _, raw = pair.partition("=")
        name = name.strip()
        raw = raw.strip()
        value: Any = raw
        if raw[:1] in "[{" or raw.lstrip("-").isdigit():
            try:
                value = json.loads(raw)
            except json.JSONDecodeError:
                value = raw
        out[name] = value
    return out


def options_markdown(declared: Sequence[Option]) -> str:
    """The declared options as a Markdown table (used by rules texts and docs)."""
    lines = ["| Option | Values | Default | Meaning |", "|---|---|---|---|"]
    for option in declared:
        default = _spell(option.default)
        lines.append(
            f"| `{option.name}` | {option.describe_values()} | `{default}` | {option.doc} |"
        )
    return "\n".join(lines) + "\n"


def data_option(
    name: str, doc: str, parse: Callable[[Any], object], builtin: Sequence[str] = ("default",)
) -> Option:
    """An option holding replaceable component data: the name of a built-in data set
    (``"default"``, or an older one kept for replays) or a data object that ``parse``
    validates (raising ``DataError`` naming the field)."""

    def validate(value: Any, players: int) -> Any:
        if isinstance(value, str) and value in builtin:
            return value
        if isinstance(value, str):
            raise OptionError(
                f"option {name!r}: {value!r} is not one of {', '.join(builtin)}, nor a data object"
            )
        parse(value)
        return value

    return Option(
        name,
        "default",
        doc,
        validate=validate,
        values=", ".join(builtin) + ", or a data object",
        presets=tuple(builtin),
    )
