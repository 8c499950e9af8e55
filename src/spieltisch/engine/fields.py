"""State declared once: a game names each field of its state one time, with its role, and
gets ``__slots__``, ``clone``, the JSON save and load of its position, and equality.

    class KingdomsState(DeclaredState):
        hands: list[list[int]] = fact(LISTS, doc="card indices per seat, ascending")
        pool: CardPool = config(doc="the deck in play, from the options")
        _proof: dict[int, Any] = cache(RESET, doc="claim proofs, rebuilt on demand")

Three roles:

* ``fact`` - part of the position. Saved in the state document under its name (or
  ``key``), loaded back, copied by ``clone`` (``copy``: how deep), compared by ``==``.
* ``config`` - fixed for the whole game and derived from the options (decks, tables).
  Shared by ``clone``, never saved; ``configure(options)`` sets it on creation and on load.
* ``cache`` - derived from the facts for speed. Never saved; ``rebuild_caches()`` works it
  out after a load; ``clone`` copies it (``copy``) or resets it (``RESET`` + ``factory``).

``clone``, ``_data_json`` and the loader are generated as straight-line code when the class
is created, so they cost what hand-written ones cost (``spieltisch bench`` measures it). A
game may still write its own ``clone`` where the benchmark shows it matters; the invariant
suite checks any clone against the declaration (``clone == state``)."""

from __future__ import annotations

import copy as _copy
import inspect
from abc import ABCMeta, update_abstractmethods
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import StateFormatError

# how ``clone`` copies a field
VALUE = "value"  # immutable (int, str, tuple, frozenset, None): shared
LIST = "list"  # a flat list, set or dict of immutable values: one shallow copy
LISTS = "lists"  # a list of lists (or of sets/dicts) of immutable values: two levels
DEEP = "deep"  # anything else that is plain data: copy.deepcopy
CLONE = "clone"  # an object with its own ``clone()``
RESET = "reset"  # caches only: a fresh value from ``factory`` instead of a copy

COPIES = (VALUE, LIST, LISTS, DEEP, CLONE, RESET)
FACT, CONFIG, CACHE = "fact", "config", "cache"


def _identity(value: Any, state: Any = None) -> Any:
    return value


def _deep(value: Any, state: Any = None) -> Any:
    return _copy.deepcopy(value)


@dataclass(frozen=True)
class Field:
    """One declared field of a state."""

    role: str
    copy: str | Callable[[Any], Any] = VALUE
    save: Callable[..., Any] | None = None  # value (, state) -> JSON (facts)
    load: Callable[[Any, Any], Any] | None = None  # (JSON, the state so far) -> value
    key: str | None = None  # its name in the state document, if not the attribute's
    default: Any = None  # facts: the value when an older document lacks the key
    has_default: bool = False
    factory: Callable[[], Any] | None = None  # caches reset to factory()
    doc: str = ""
    name: str = ""  # set when the class is created

    @property
    def json_key(self) -> str:
        return self.key or self.name


def fact(
    copy: str | Callable[[Any], Any] = VALUE,
    *,
    save: Callable[..., Any] | None = None,
    load: Callable[[Any, Any], Any] | None = None,
    key: str | None = None,
    doc: str = "",
    **since: Any,
) -> Any:
    """A fact of the position: saved, loaded, copied by ``copy``, compared. ``save`` turns
    the value into JSON (``save(value)``, or ``save(value, state)`` for a value named
    through the state's config, e.g. card indices of its pool), ``load(json, state)``
    back (the facts declared before it are loaded already). ``default=`` gives the value
    an older state document that lacks the field loads with."""
    if copy == RESET:
        raise ValueError("a fact cannot be reset on clone; only caches are")
    unknown = set(since) - {"default"}
    if unknown:
        raise TypeError(f"fact() got unexpected arguments {sorted(unknown)}")
    return Field(
        FACT,
        copy,
        save,
        load,
        key,
        since.get("default"),
        "default" in since,
        None,
        doc,
    )


def config(*, doc: str = "") -> Any:
    """Fixed for the game, derived from its options: shared by clones, never saved."""
    return Field(CONFIG, VALUE, doc=doc)


def cache(
    copy: str | Callable[[Any], Any] = VALUE,
    *,
    factory: Callable[[], Any] | None = None,
    doc: str = "",
) -> Any:
    """Derived from the facts: never saved, rebuilt on load, copied or reset on clone."""
    if copy == RESET and factory is None:
        raise ValueError("a cache reset on clone needs a factory")
    return Field(CACHE, copy, factory=factory, doc=doc)


def _copy_expr(f: Field, src: str, env: dict[str, Any]) -> str:
    """Python source that copies ``src`` (an expression) as the field says."""
    how = f.copy
    if callable(how):
        env[f"_copy_{f.name}"] = how
        return f"_copy_{f.name}({src})"
    if how == VALUE:
        return src
    if how == LIST:
        return f"{src}.copy()"
    if how == LISTS:
        return f"[_x.copy() for _x in {src}]"
    if how == DEEP:
        env["_deepcopy"] = _copy.deepcopy
        return f"_deepcopy({src})"
    if how == CLONE:
        return f"{src}.clone()"
    if how == RESET:
        env[f"_factory_{f.name}"] = f.factory
        return f"_factory_{f.name}()"
    raise ValueError(f"field {f.name!r}: unknown copy {how!r} (one of {', '.join(COPIES)})")


class DeclaredMeta(ABCMeta):
    """Collects the ``fact``/``config``/``cache`` declarations of a state class into
    ``__slots__`` and ``FIELDS``, and generates its ``clone``, ``_data_json`` and
    ``_load_facts`` (a subclass inherits its parent's fields and adds its own)."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any
    ) -> DeclaredMeta:
        own: list[Field] = []
        for attr, value in list(ns.items()):
            if isinstance(value, Field):
                del ns[attr]
                own.append(Field(**{**value.__dict__, "name": attr}))
        if own:
            ns["__slots__"] = tuple(ns.get("__slots__", ())) + tuple(f.name for f in own)
        cls = super().__new__(mcls, name, bases, ns, **kw)
        inherited: tuple[Field, ...] = ()
        for base in bases:
            inherited += getattr(base, "FIELDS", ())
        fields = inherited + tuple(own)
        cls.FIELDS = fields  # type: ignore[attr-defined]
        if own:
            _generate(cls, fields, ns)
            update_abstractmethods(cls)  # type: ignore[arg-type]
        return cls


def _generate(cls: Any, fields: tuple[Field, ...], ns: Mapping[str, Any]) -> None:
    env: dict[str, Any] = {"_new": object.__new__, "_StateFormatError": StateFormatError}
    # clone: the kernel's common fields, then every field in declaration order
    lines = [
        "def clone(self):",
        "    new = _new(type(self))",
        "    self._copy_common(new)",
    ]
    for f in fields:
        lines.append(f"    new.{f.name} = {_copy_expr(f, 'self.' + f.name, env)}")
    lines.append("    return new")
    # _data_json: the facts under their keys
    save = ["def _data_json(self):", "    return {"]
    for f in fields:
        if f.role != FACT:
            continue
        if f.save is not None:
            env[f"_save_{f.name}"] = f.save
            also = ", self" if _takes_state(f.save) else ""
            save.append(f"        {f.json_key!r}: _save_{f.name}(self.{f.name}{also}),")
        else:
            save.append(f"        {f.json_key!r}: self.{f.name},")
    save.append("    }")
    # _load_facts: every fact from the data, by its loader; a missing key names itself
    load = ["def _load_facts(self, data):"]
    for f in fields:
        if f.role != FACT:
            continue
        env[f"_load_{f.name}"] = f.load or _copy_loader(f)
        if f.has_default:
            env[f"_default_{f.name}"] = f.default
            load.append(
                f"    self.{f.name} = _load_{f.name}(data[{f.json_key!r}], self) "
                f"if {f.json_key!r} in data else _deepcopy_default(_default_{f.name})"
            )
            env["_deepcopy_default"] = _copy.deepcopy
        else:
            load.append(f"    if {f.json_key!r} not in data:")
            load.append(
                f"        raise _StateFormatError('state data lacks the field {f.json_key}')"
            )
            load.append(f"    self.{f.name} = _load_{f.name}(data[{f.json_key!r}], self)")
    load.append("    return None")
    # ==: the same game configuration, generator and facts (caches and config follow)
    eq = [
        "def __eq__(self, other):",
        "    if type(other) is not type(self):",
        "        return NotImplemented",
        "    return (",
        "        self.players == other.players and self.options == other.options",
        "        and self.chance.to_json() == other.chance.to_json()",
    ]
    eq += [f"        and self.{f.name} == other.{f.name}" for f in fields if f.role == FACT]
    eq.append("    )")
    source = "\n".join(lines + save + load + eq)
    exec(compile(source, f"<declared state {cls.__qualname__}>", "exec"), env)
    # a game's own hand-written fast path wins over the generated one
    if "clone" not in ns:
        cls.clone = env["clone"]
    if "_data_json" not in ns:
        cls._data_json = env["_data_json"]
    cls._load_facts = env["_load_facts"]
    if "__eq__" not in ns:
        cls.__eq__ = env["__eq__"]
        cls.__hash__ = None  # a mutable position compares by value, so it cannot hash


def _takes_state(save: Callable[..., Any]) -> bool:
    """Whether a ``save`` function takes the state as its second argument."""
    params = inspect.signature(save).parameters.values()
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params) >= 2


def _copy_loader(f: Field) -> Callable[[Any, Any], Any]:
    """The default loader: JSON lists stay lists (deep-copied so the document is not
    shared with the state); immutable facts pass through."""
    if f.copy == VALUE:
        return _identity
    return _deep


def facts_of(state: Any) -> dict[str, Any]:
    """The facts of a declared state by name (for equality and for tests)."""
    return {f.name: getattr(state, f.name) for f in type(state).FIELDS if f.role == FACT}


def field_table(cls: Any) -> list[tuple[str, str, str]]:
    """``(name, role, doc)`` of every declared field, for the docs."""
    return [(f.name, f.role, f.doc) for f in cls.FIELDS]
